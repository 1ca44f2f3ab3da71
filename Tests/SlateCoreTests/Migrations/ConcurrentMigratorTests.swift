import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 21, item 3: several migrators on one file at once (each with its own connection, as
/// separate processes have) all succeed, and each migration runs exactly once.
@Suite("Migrations: concurrent migrators")
struct ConcurrentMigratorTests {
    /// Five migrations; each logs that it ran in `runs`.
    static func migrator() throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for index in 1...5 {
            try migrator.registerMigration("m\(index)") { db in
                if index == 1 { try db.execute(sql: "CREATE TABLE runs (name TEXT)") }
                try db.execute(sql: "CREATE TABLE m\(index) (x)")
                try db.run("INSERT INTO runs VALUES (?)", "m\(index)")
            }
        }
        return migrator
    }

    @Test("three migrators started together on one file all succeed, each migration runs once", arguments: WriterKind.allCases)
    func threeMigratorsAtOnce(kind: WriterKind) throws {
        let migrator = try Self.migrator()
        for round in 0..<8 {
            let directory = try TemporaryDirectory()
            let path = directory.path("migrate\(round).sqlite")
            let writers = try (0..<3).map { _ in try kind.open(path) }
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            let failures = EventLog()
            for writer in writers {
                group.enter()
                Thread {
                    defer { group.leave() }
                    start.wait()
                    do { try migrator.migrate(writer) } catch { failures.record("\(error)") }
                }.start()
            }
            for _ in writers { start.signal() }
            group.wait()
            #expect(failures.all.isEmpty, "round \(round), \(kind): \(failures.all)")
            let counts = try writers[0].read { db in
                try db.scalar(
                    String.self,
                    "SELECT group_concat(name || '=' || n) FROM (SELECT name, count(*) AS n FROM runs GROUP BY name ORDER BY name)")
            }
            #expect(counts == "m1=1,m2=1,m3=1,m4=1,m5=1", "round \(round), \(kind)")
            for writer in writers { try writer.close() }
        }
    }
}
