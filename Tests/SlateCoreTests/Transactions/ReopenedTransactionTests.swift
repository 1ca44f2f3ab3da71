import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 30, item 1: a closure that ends its access's transaction and opens another one (`ROLLBACK;
/// BEGIN IMMEDIATE; …`, `ROLLBACK; SAVEPOINT x; …`) must not get the new one committed as if it
/// were the access's own: the access throws, and nothing of the closure is kept.
@Suite("Transactions: a closure that ends its transaction and opens another")
struct ReopenedTransactionTests {
    static let schema = "CREATE TABLE t (x INTEGER)"

    /// Scripts that end the transaction the closure runs in, then open a new one and write in it.
    static let reopenings = [
        "ROLLBACK; BEGIN IMMEDIATE; INSERT INTO t VALUES (3)",
        "ROLLBACK; BEGIN; INSERT INTO t VALUES (3)",
        "ROLLBACK; SAVEPOINT x; INSERT INTO t VALUES (3)",
        "END; BEGIN IMMEDIATE; INSERT INTO t VALUES (3)"
    ]

    static func count(_ reader: some DatabaseReader) throws -> Int? {
        try reader.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") }
    }

    /// Runs the reopening script; a COMMIT or END that the access vetoes fails, and the rest of
    /// the script is then run on its own, as a closure that ignores the failure would.
    static func reopen(_ db: Connection, _ script: String) throws {
        if script.hasPrefix("END; ") {
            try? db.execute(sql: "END")
            try db.execute(sql: String(script.dropFirst("END; ".count)))
        } else {
            try db.execute(sql: script)
        }
    }

    @Test("a write whose closure reopens a transaction throws and keeps nothing", arguments: WriterKind.allCases, reopenings)
    func write(kind: WriterKind, script: String) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("reopen.sqlite"))
        try writer.write { db in try db.execute(sql: Self.schema) }
        let error = sqliteError {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try Self.reopen(db, script)
            }
        }
        #expect(error?.explanation.contains("ended its transaction") == true, "\(error.map { "\($0)" } ?? "no error")")
        #expect(try Self.count(writer) == 0, "\(kind): \(script)")
        try writer.writeWithoutTransaction { db in #expect(db.isAutocommit) }
        // The writer commits its own transactions afterwards.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
        #expect(try Self.count(writer) == 1)
    }

    @Test("an async write whose closure reopens a transaction throws and keeps nothing", arguments: WriterKind.allCases, reopenings)
    func asyncWrite(kind: WriterKind, script: String) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("reopen.sqlite"))
        try await writer.write { db in try db.execute(sql: Self.schema) }
        await #expect(throws: SQLiteError.self) {
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try Self.reopen(db, script)
            }
        }
        #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0, "\(kind): \(script)")
    }

    @Test("a migration whose body reopens a transaction is neither kept nor recorded", arguments: WriterKind.allCases, reopenings)
    func migration(kind: WriterKind, script: String) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("reopen.sqlite"))
        try writer.write { db in try db.execute(sql: Self.schema) }
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("v1") { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try Self.reopen(db, script)
        }
        #expect(throws: SQLiteError.self) { try migrator.migrate(writer) }
        #expect(try migrator.appliedMigrations(in: writer).isEmpty, "\(kind): \(script)")
        #expect(try Self.count(writer) == 0, "\(kind): \(script)")
    }

    @Test("Connection.transaction whose block reopens a transaction throws and keeps nothing", arguments: reopenings)
    func connectionTransaction(script: String) throws {
        let db = try Connection()
        try db.execute(sql: Self.schema)
        #expect(throws: SQLiteError.self) {
            try db.transaction(.immediate) {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try Self.reopen(db, script)
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM t") == 0, "\(script)")
    }

    @Test(
        "Connection.savepoint whose block reopens a transaction (even under its own name) throws and keeps nothing",
        arguments: reopenings + ["ROLLBACK; SAVEPOINT s; INSERT INTO t VALUES (3)"])
    func connectionSavepoint(script: String) throws {
        let db = try Connection()
        try db.execute(sql: Self.schema)
        #expect(throws: SQLiteError.self) {
            try db.savepoint("s") {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try Self.reopen(db, script)
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM t") == 0, "\(script)")
    }

    @Test("a COMMIT inside Connection.transaction keeps nothing, even when the block goes on")
    func commitInsideConnectionTransaction() throws {
        let db = try Connection()
        try db.execute(sql: Self.schema)
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try? db.execute(sql: "COMMIT")
                try? db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM t") == 0)
    }

    @Test("transactions and savepoints that nest properly still commit")
    func properNesting() throws {
        let db = try Connection()
        try db.execute(sql: Self.schema)
        try db.transaction {
            try db.savepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.savepoint { try db.execute(sql: "INSERT INTO t VALUES (2)") }
            }
            try? db.savepoint {
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                throw CancellationError()  // undoes this savepoint only
            }
        }
        try db.savepoint { try db.execute(sql: "INSERT INTO t VALUES (4)") }
        #expect(try db.scalar(String.self, "SELECT group_concat(x) FROM t") == "1,2,4")
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("nest.sqlite"))
        try queue.write { db in
            try db.execute(sql: Self.schema)
            try db.savepoint { try db.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        #expect(try Self.count(queue) == 1)
    }
}
