// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
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

        let task = Task {
            try await pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM events") }
        }
        task.cancel()
        let outcome = await task.result   // the count, or CancellationError if cancelled in time
        switch outcome {
        case .success(let value): #expect(value == 1)
        case .failure(let error): #expect(error is CancellationError)
        }
    }

    @Test func queue() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE tasks (title TEXT)") }
        let titles = try queue.read { db in try db.prepare(sql: "SELECT title FROM tasks").rows() }
        #expect(titles.isEmpty)

        let seen = try queue.write { db in
            try db.execute(sql: "INSERT INTO tasks (title) VALUES ('draft')")
            return try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM tasks") }   // 1
        }
        var message: String?
        do {
            try queue.read { _ in try queue.write { _ in } }
        } catch let error as SQLiteError where error.category == .misuse {
            message = error.explanation   // "DatabaseQueue.write was called inside another access …"
        }
        #expect(seen == 1)
        #expect(message?.hasPrefix("DatabaseQueue.write was called inside another access") == true)
    }

    @Test func configuration() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("configured.sqlite")
        var configuration = Configuration()
        configuration.busyTimeout = 10
        configuration.prepareDatabase { db in
            try db.createFunction("answer", argumentCount: 0, options: []) { _ in Int64(42) }
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let answer = try queue.read { db in try db.scalar(Int.self, "SELECT answer()") }   // 42
        #expect(answer == 42)
    }
}
