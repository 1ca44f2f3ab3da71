import Foundation
import SlateCore
import Testing

/// The examples of `SlateCore.docc/Concurrency.md`, run as written.
@Suite("Concurrency article")
struct ConcurrencyArticleTests {
    @Test func poolAndQueue() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("events.sqlite")
        let setup = try DatabaseQueue(path: path)
        try await setup.write { db in try db.execute(sql: "CREATE TABLE events (name TEXT)") }
        try setup.close()

        var configuration = Configuration()
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in _ = try db.run("INSERT INTO events (name) VALUES (?)", "launch") }
        let count = try await pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM events") }
        #expect(count == 1)
    }

    @Test func queue() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE tasks (title TEXT)") }
        let titles = try queue.read { db in try db.prepare(sql: "SELECT title FROM tasks").rows() }
        #expect(titles.isEmpty)
    }
}
