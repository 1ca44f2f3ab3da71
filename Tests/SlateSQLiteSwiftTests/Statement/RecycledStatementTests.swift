import Foundation
@testable import SlateCore
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// Inside a transaction that has read (a queue's or pool's accesses, an immediate transaction),
/// `prepare(sql:)` compiles a text once per schema: a released
/// statement's compiled form is stepped again by the next statement of the same text, reset,
/// unbound and holding nothing.
@Suite("Statements: compiled forms of released statements are reused in transactions")
struct RecycledStatementTests {
    /// Reuse needs `sqlite3_txn_state` (SQLite 3.34) to know that a transaction has read, and
    /// `sqlite3_db_name` (3.39) to know that no other database is attached; older builds
    /// (SQLCipher's 3.15) compile every statement afresh.
    static let reuses = LinkedSQLite.reusesStatements

    func makeQueue(_ directory: TemporaryDirectory, _ name: String = "recycled.sqlite") throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: directory.path(name))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)") }
        return queue
    }

    @Test("a released statement's compiled form serves the next prepare of the same text, with no bindings left", .enabled(if: reuses, "this SQLite has no sqlite3_txn_state: nothing is reused"))
    func reuse() throws {
        let directory = try TemporaryDirectory()
        let queue = try makeQueue(directory)
        try queue.write { db in
            var first: Statement? = try db.prepare(sql: "SELECT ?1, count(*) FROM t")
            try first?.bind(Int64(42), at: 1)
            #expect(try first?.cursor().next()?.get(0, as: Int64.self) == 42)
            let handle = try #require(first?.handle)
            first = nil
            let second = try db.prepare(sql: "SELECT ?1, count(*) FROM t")
            #expect(second.handle == handle)
            let row = try #require(try second.cursor().next())
            #expect(try row.get(0, as: Int64?.self) == nil)  // the old binding is gone
            #expect(try row.get(1, as: Int64.self) == 3)
            // Another text, or other options, compile their own.
            #expect(try db.prepare(sql: "SELECT ?1, count(*) FROM t ").handle != handle)
            #expect(try db.prepare(sql: "SELECT ?1, count(*) FROM t", options: .persistent).handle != handle)
        }
        // A connection of your own keeps nothing, in a transaction or not.
        let db = try Connection(directory.path("recycled.sqlite"))
        try db.transaction(.immediate) { _ = try db.scalar(Int.self, "SELECT count(*) FROM t") }
        _ = try db.scalar(Int.self, "SELECT count(*) FROM t")
        #expect(db.statementCache.releasedCount == 0)
    }

    @Test("two statements of one text held at once are two, each with its own bindings")
    func heldStatementsAreDistinct() throws {
        let directory = try TemporaryDirectory()
        let queue = try makeQueue(directory)
        let sql = "SELECT count(*) FROM t WHERE x >= ?"
        for _ in 0..<3 {
            try queue.write { db in
                let first = try db.prepare(sql: sql)
                try first.bind(Int64(2), at: 1)
                let second = try db.prepare(sql: sql)
                try second.bind(Int64(3), at: 1)
                #expect(first.handle != second.handle)
                #expect(try first.cursor().next()?.get(0, as: Int64.self) == 2)
                #expect(try second.cursor().next()?.get(0, as: Int64.self) == 1)
            }
        }
    }

    @Test("a statement released part way through its rows is reset as it is kept: it holds no lock", .enabled(if: reuses, "this SQLite has no sqlite3_txn_state: nothing is reused"))
    func releasedStatementsAreReset() throws {
        let directory = try TemporaryDirectory()
        let queue = try makeQueue(directory)
        try queue.write { db in
            do {
                let statement = try db.prepare(sql: "SELECT x FROM t")
                #expect(try statement.cursor().next() != nil)
            }
            #expect(db.statementCache.releasedCount == 1)
            // Still running, the SELECT would make the DROP fail with "table is locked".
            try db.execute(sql: "DROP TABLE t")
        }
    }

    @Test("after a schema change, here or in another connection, a statement is compiled again: its columns are the new ones")
    func schemaChange() throws {
        let directory = try TemporaryDirectory()
        let queue = try makeQueue(directory)
        let columns = { try queue.write { db in try db.prepare(sql: "SELECT * FROM t").columnNames } }
        #expect(try columns() == ["x"])
        #expect(try columns() == ["x"])
        try queue.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN y TEXT") }
        #expect(try columns() == ["x", "y"])
        // Another connection's change reaches this connection's schema at its next step (as
        // SQLite does for any statement); from then on, no kept statement has the old columns.
        let other = try Connection(directory.path("recycled.sqlite"))
        try other.execute(sql: "ALTER TABLE t ADD COLUMN z TEXT")
        #expect(
            try queue.write { db -> [String] in
                let statement = try db.prepare(sql: "SELECT * FROM t")
                _ = try statement.step()
                return statement.columnNames
            } == ["x", "y", "z"])
        #expect(try columns() == ["x", "y", "z"])
        // A TEMP table of the same name hides the main one.
        try queue.writeWithoutTransaction { db in try db.execute(sql: "CREATE TEMP TABLE t (only)") }
        #expect(try columns() == ["only"])
    }

    @Test("a pool read takes its snapshot when it begins: a commit made before its first statement is not seen")
    func readSnapshotAtBegin() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("snapshot.sqlite", readers: 1, schema: "CREATE TABLE t (x INTEGER)")
        let other = try Connection(directory.path("snapshot.sqlite"))
        let seen = try pool.read { db -> Int in
            try other.execute(sql: "INSERT INTO t VALUES (1)")  // after BEGIN, before any read
            return try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1
        }
        #expect(seen == 0)
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
    }

    @Test("the schema version reads are invisible to traces")
    func versionReadsAreInvisible() throws {
        let directory = try TemporaryDirectory()
        let queue = try makeQueue(directory)
        let traced = TraceLog()
        try queue.write { db in
            db.trace { traced.append($0) }
            _ = try db.scalar(Int.self, "SELECT count(*) FROM t")
            _ = try db.scalar(Int.self, "SELECT count(*) FROM t")
            db.trace(nil)
        }
        #expect(!traced.lines.contains { $0.contains("schema_version") }, "\(traced.lines)")
        #expect(traced.lines.filter { $0.contains("count(*)") }.count == 2)
    }

    @Test("the one statement cache bounds them, clearStatementCache empties it, and finalized when the connection closes", .enabled(if: reuses, "this SQLite has no sqlite3_txn_state: nothing is reused"))
    func boundAndClose() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bound.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            // One bound for the connection's one cache (statementCacheCapacity), whatever it keeps.
            db.statementCacheCapacity = 16
            for offset in 0..<(db.statementCacheCapacity + 10) {
                _ = try db.scalar(Int.self, "SELECT count(*) + \(offset) FROM t")
            }
            #expect(db.statementCache.releasedCount == db.statementCacheCapacity)
            #expect(db.cachedStatementCount == db.statementCacheCapacity)
            db.clearStatementCache()
            #expect(db.statementCache.releasedCount == 0)
            _ = try db.scalar(Int.self, "SELECT count(*) FROM t")
            #expect(db.statementCache.releasedCount == 1)
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try queue.write { db in _ = try db.scalar(Int.self, "SELECT count(*) FROM t") }
        // A compiled statement left unfinalized would keep the handle open, and the WAL with it.
        try queue.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a statement released outside the access that lent its connection is finalized, not kept", .enabled(if: reuses, "this SQLite has no sqlite3_txn_state: nothing is reused"))
    func releasedOutsideItsAccess() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("escape.sqlite", readers: 1, schema: "CREATE TABLE t (x INTEGER)")
        var escaped: Statement? = try pool.read { db in try db.prepare(sql: "SELECT x FROM t") }
        escaped = nil
        #expect(escaped == nil)
        #expect(try pool.read { db in db.statementCache.releasedCount } == 0)
        // Released inside the access, it is kept for the next one.
        try pool.read { db in _ = try db.scalar(Int.self, "SELECT count(*) FROM t") }
        #expect(try pool.read { db in db.statementCache.releasedCount } == 1)
    }

    @Test("an observation's refetch steps the statement its first fetch compiled", .enabled(if: reuses, "this SQLite has no sqlite3_txn_state: nothing is reused"))
    func observationRefetches() throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("observed.sqlite"))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        let fetches = ObservationLog<CountFetch>()
        let cancellable = fetches.start(
            .tracking { db in
                let statement = try db.prepare(sql: "SELECT count(*) FROM t")
                let count = try statement.cursor().next()?.get(0, as: Int.self) ?? -1
                return CountFetch(handle: UInt(bitPattern: statement.handle), count: count)
            }, in: queue)
        #expect(fetches.wait(forCount: 1))
        for value in 1...3 { try queue.write { db in try db.run("INSERT INTO t VALUES (?)", value) } }
        // Commits notified while a fetch is scheduled share its refetch: on a loaded machine the
        // three writes can take one, two or three refetches. The last one counts all three rows.
        #expect(fetches.wait { values, _ in values.last?.count == 3 })
        cancellable.cancel()
        #expect(fetches.values.count >= 2)
        #expect(Set(fetches.values.map(\.handle)).count == 1, "\(fetches.values)")
    }
}

/// What each fetch of `observationRefetches` saw: the statement it stepped, and the rows.
struct CountFetch: Sendable, Equatable {
    let handle: UInt
    let count: Int
}

/// Trace lines, from whichever thread.
final class TraceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
