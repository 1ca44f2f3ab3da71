import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// A connection, statement or cursor that escapes its access throws instead of crashing.
@Suite("Concurrency: escaped connections and statements")
struct ConcurrencyEscapeTests {
    static let outside = "used outside its database access"

    @Test("a connection that escapes read, write or inDatabase throws .misuse when used later")
    func escapedConnection() throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("escape.sqlite") {
            try writer.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
            let escapees = [
                try writer.read { $0 },
                try writer.write { $0 },
                try writer.writeWithoutTransaction { $0 }
            ]
            for db in escapees {
                let error = sqliteError { _ = try db.scalar(Int.self, "SELECT count(*) FROM t") }
                #expect(error?.code == SQLITE_MISUSE)
                #expect(error?.explanation.contains(Self.outside) == true)
                #expect(sqliteError { try db.execute(sql: "DELETE FROM t") }?.code == SQLITE_MISUSE)
                // Closing it from outside does nothing: the database stays usable.
                db.close()
                #expect(!db.isClosed)
            }
            #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        }
    }

    @Test("an escaped statement or cursor throws on its next step, bind or reset")
    func escapedStatement() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)") }
        let statement = try queue.read { db in try db.prepare(sql: "SELECT x FROM t WHERE x > ?") }
        #expect(sqliteError { _ = try statement.step() }?.explanation.contains(Self.outside) == true)
        #expect(sqliteError { try statement.reset() }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try statement.bind(0, at: 1) }?.code == SQLITE_MISUSE)
        let cached = try queue.write { db in try db.cachedStatement(sql: "INSERT INTO t VALUES (3)") }
        #expect(sqliteError { _ = try cached.step() }?.code == SQLITE_MISUSE)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
    }

    @Test("an escaped connection used from another thread while the queue runs an access throws, never crashes")
    func escapedConnectionFromAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("threads.sqlite"))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        let escaped = UncheckedBox(try queue.write { db in try db.prepare(sql: "INSERT INTO t VALUES (1)") })
        let failures = EventLog()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<200 {
                if index == 0 {
                    do {
                        try escaped.value.reset()
                        _ = try escaped.value.step()
                        failures.record("escaped statement stepped")
                    } catch {}
                } else {
                    _ = try? queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t WHERE x = 1") } == 0)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 600)
    }

    @Test("a connection of your own still works from any thread, one at a time")
    func ownConnectionsAreUnrestricted() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER)")
        let sendable = UncheckedBox(db)
        let result = withWatchdog(seconds: 20) {
            try sendable.value.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try result?.get()
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM t") == 1)
    }
}

extension ConcurrencyEscapeTests {
    /// The statements of `db` that are running (stepped, not finished or reset).
    static func runningStatements(_ db: Connection) -> [String] {
        guard let handle = db.sqliteHandle else { return [] }
        var running: [String] = []
        var next = sqlite3_next_stmt(handle, nil)
        while let statement = next {
            if sqlite3_stmt_busy(statement) != 0 { running.append(String(cString: sqlite3_sql(statement))) }
            next = sqlite3_next_stmt(handle, statement)
        }
        return running
    }

    @Test("a statement left running when its access ends is reset: it keeps no read snapshot, and the WAL truncates")
    func leftRunningStatementsAreReset() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("running.sqlite", readers: 1, schema: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        // A cached statement stepped once, and a cursor read part of the way, in a read and in a write.
        _ = try pool.read { db in try db.cachedStatement(sql: "SELECT x FROM t").cursor().next() }
        try pool.write { db in
            _ = try db.prepare(sql: "SELECT x FROM t ORDER BY x").cursor().next()
            _ = try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x DESC").cursor().next()
            try db.run("INSERT INTO t VALUES (4)")
        }
        #expect(try pool.read { db in Self.runningStatements(db) } == [])
        #expect(try pool.writeWithoutTransaction { db in Self.runningStatements(db) } == [])
        // A snapshot still held by the reader or the writer would make this fail with SQLITE_BUSY.
        let result = try pool.checkpoint(.truncate)
        #expect(result.walFrameCount == 0 && !result.wasBlocked)
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 4)
    }
}

/// Hands a non-Sendable value to another thread, in a test that uses it from one thread at a time.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
