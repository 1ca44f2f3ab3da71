import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Every call through a closed connection, or through a statement, cursor or blob handle of one,
/// says that the connection is closed: not that a statement is running, not a generic SQLite
/// misuse, and never silently succeeds.
@Suite("Closed connections")
struct ClosedConnectionTests {
    @Test("statements of a closed connection, idle or running, say it is closed")
    func statementCalls() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let idle = try db.prepare(sql: "INSERT INTO t VALUES (:x)")
        let running = try db.prepare(sql: "SELECT x FROM t WHERE x > ?")
        try running.bind(0, at: 1)
        #expect(try running.step())
        let cursor = try db.cursor("SELECT x FROM t")
        _ = try cursor.next()
        db.close()

        let calls: [(String, () throws -> Void)] = [
            ("bind(_:at:) idle", { try idle.bind(1, at: 1) }),
            ("bind(_:at:) running", { try running.bind(1, at: 1) }),
            ("bind SQLiteValue", { try idle.bind(SQLiteValue.int(1), at: 1) }),
            ("bind(_:by:)", { try idle.bind(1, by: ":x") }),
            ("bind SQLiteValue by name", { try idle.bind(SQLiteValue.int(1), by: ":x") }),
            ("clearBindings", { try idle.clearBindings() }),
            ("step", { _ = try running.step() }),
            ("reset", { try running.reset() }),
            ("rows", { _ = try running.rows() }),
            ("cursor.next", { _ = try cursor.next() }),
            ("new cursor", { _ = try running.cursor().next() })
        ]
        for (name, call) in calls {
            let error = sqliteError(call)
            #expect(isClosedError(error), "\(name): \(error.map(String.init(describing:)) ?? "no error")")
        }
    }

    @Test("connection calls after close() say it is closed")
    func connectionCalls() throws {
        let directory = try TemporaryDirectory()
        let db = try inMemoryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, b BLOB); INSERT INTO t VALUES (1, x'00')")
        let blob = try db.openBlob(table: "t", column: "b", row: 1)
        let other = try Connection()
        db.close()

        let calls: [(String, () throws -> Void)] = [
            ("execute(sql:)", { try db.execute(sql: "SELECT 1") }),
            ("prepare(sql:)", { _ = try db.prepare(sql: "SELECT 1") }),
            ("cachedStatement", { _ = try db.cachedStatement(sql: "SELECT 1") }),
            ("cursor", { _ = try db.cursor("SELECT 1") }),
            ("run", { try db.run("SELECT 1") }),
            ("typed scalar", { _ = try db.scalar(Int.self, "SELECT 1") }),
            ("beginTransaction", { try db.beginTransaction() }),
            ("transaction", { try db.transaction {} }),
            ("savepoint", { try db.savepoint {} }),
            ("get pragma", { _ = try db.get(pragma: .userVersion) as Int32? }),
            ("set pragma", { try db.set(pragma: .userVersion, value: 1) }),
            ("setBusyTimeout", { try db.setBusyTimeout(1) }),
            ("getBusyTimeout", { _ = try db.getBusyTimeout() }),
            ("createFunction", { try db.createFunction("f") { () -> Int64 in 1 } }),
            ("removeFunction", { try db.removeFunction("f") }),
            ("createCollation", { try db.createCollation("c") { _, _ in .orderedSame } }),
            ("removeCollation", { try db.removeCollation("c") }),
            ("openBlob", { _ = try db.openBlob(table: "t", column: "b", row: 1) }),
            ("blob read", { _ = try blob.read() }),
            ("blob write", { try blob.write(Data([1])) }),
            ("attach", { try db.attach(.inMemory, as: "a") }),
            ("detach", { try db.detach("a") }),
            ("databaseList", { _ = try db.databaseList() }),
            ("vacuum", { try db.vacuum() }),
            ("vacuum into", { try db.vacuum(into: directory.path("copy.sqlite")) }),
            ("backup from", { try db.backup(to: other) }),
            ("backup to", { try other.backup(to: db) }),
            ("requireJSON", { try db.requireJSON() }),
            ("isEncrypted", { _ = try db.isEncrypted() })
        ]
        for (name, call) in calls {
            let error = sqliteError(call)
            #expect(isClosedError(error), "\(name): \(error.map(String.init(describing:)) ?? "no error")")
        }
        db.interrupt()  // does nothing, never crashes
    }
}
