import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// A connection is freed when its user lets go of it: nothing the connection keeps for itself
/// (cached statements, hook and function contexts, interrupt handles) keeps it alive. Each test
/// opens a connection inside `released(_:)`, uses it, drops it and checks that it is gone.
@Suite struct ConnectionLifetimeTests {
    /// An in-memory connection with `items`, used by `use` and released (see
    /// `releasedConnection`).
    func released(_ use: (Connection) throws -> Void) throws -> WeakConnection {
        try releasedConnection(schema: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)", use)
    }

    @Test func freedAfterCachedStatements() throws {
        let weak = try released { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO items (name) VALUES (?)")
            try insert.bind("a", at: 1)
            try insert.executeToCompletion()
            let count = try db.cachedStatement(sql: "SELECT count(*) FROM items")
            #expect(try count.step())
            #expect(count.columnValue(at: 0) == .int(1))
        }
        #expect(weak.value == nil)
    }

    @Test func freedWithACachedStatementStillStepping() throws {
        // A cached statement left in the middle of its rows.
        let weak = try released { db in
            try db.execute(sql: "INSERT INTO items (name) VALUES ('a'), ('b')")
            let select = try db.cachedStatement(sql: "SELECT name FROM items")
            #expect(try select.step())
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterHooksFiredByCachedStatements() throws {
        let delegate = UpdateCountingDelegate()
        var closureUpdates = 0
        var commits = 0
        var traced = 0
        let weak = try released { db in
            db.add(observer: delegate)
            db.updateHook { _, _, _, _ in closureUpdates += 1 }
            db.commitHook { commits += 1 }
            db.rollbackHook {}
            db.trace { _ in traced += 1 }
            db.busyHandler { _ in false }
            let insert = try db.cachedStatement(sql: "INSERT INTO items (name) VALUES ('a')")
            try insert.executeToCompletion()
        }
        #expect(weak.value == nil)
        #expect(delegate.updates == 1)
        #expect(closureUpdates == 1)
        #expect(commits == 1)
        #expect(traced >= 1)
    }

    @Test func freedAfterFunctionsCalledByCachedStatements() throws {
        let weak = try released { db in
            db.createFunction("twice", argumentCount: 1, deterministic: true) { args in
                (args[0] as? Int64).map { $0 * 2 }
            }
            try db.createFunction("regexp", argumentCount: 2, options: .deterministic) { args in
                try args.get(1, as: String.self).range(of: try args.get(0, as: String.self), options: .regularExpression) != nil
            }
            try db.createCollation("reversed") { lhs, rhs in
                lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedDescending : .orderedAscending)
            }
            db.createAggregation(
                "total", initialValue: Int64(0),
                reduce: { sum, args in
                    sum + ((args[0] as? Int64) ?? 0)
                }, result: { $0 })
            try db.execute(sql: "INSERT INTO items (name) VALUES ('a'), ('b')")
            let statement = try db.cachedStatement(
                sql: "SELECT twice(count(*)), total(id), max(name COLLATE reversed), 'abc' REGEXP 'a.c' FROM items")
            #expect(try statement.step())
            #expect(statement.columnValue(at: 0) == .int(4))
            #expect(statement.columnValue(at: 1) == .int(3))
            #expect(statement.columnValue(at: 2) == .text("a"))
            #expect(statement.columnValue(at: 3) == .int(1))
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterAnInterruptHandleWasTaken() throws {
        var handle: InterruptHandle?
        let weak = try released { db in
            handle = db.interruptHandle
            _ = try db.cachedStatement(sql: "SELECT 1").step()
        }
        #expect(weak.value == nil)
        // The connection closed when it was freed: the handle knows, and interrupting is harmless.
        #expect(handle?.isConnectionOpen == false)
        handle?.interrupt()
    }

    @Test func aStatementInTheUsersHandsOutlivesItsConnectionObject() throws {
        var statement: Statement?
        var updates = 0
        let weak = try released { db in
            try db.execute(sql: "INSERT INTO items (name) VALUES ('a'), ('b')")
            db.createFunction("shout", argumentCount: 1) { args in (args[0] as? String).map { $0.uppercased() } }
            db.updateHook { _, _, _, _ in updates += 1 }
            _ = try db.cachedStatement(sql: "SELECT 1").step()
            statement = try db.prepare(sql: "SELECT shout(name) FROM items ORDER BY id")
        }
        // The connection object (and its caches) is gone; the statement keeps the SQLite handle,
        // its functions and hooks, and still runs.
        #expect(weak.value == nil)
        let kept = try #require(statement)
        #expect(kept.connection == nil)
        #expect(try kept.step())
        #expect(kept.columnValue(at: 0) == .text("A"))
        #expect(try kept.step())
        #expect(kept.columnValue(at: 0) == .text("B"))
        #expect(try !kept.step())
        try kept.reset()
        #expect(try kept.step())
        statement = nil
        #expect(updates == 0)
    }

    @Test func aStatementKeepsWorkingThroughATemporaryConnection() throws {
        // SQLite.swift code such as `try Connection(path).prepare(sql)` drops the connection at
        // once; its statement must still run.
        let directory = try TemporaryDirectory()
        let path = directory.path("temporary.sqlite")
        do {
            _ = try directory.database("temporary.sqlite", "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        }
        let statement = try Connection(path).prepare(sql: "SELECT sum(x) FROM t")
        #expect(try statement.step())
        #expect(statement.columnValue(at: 0) == .int(6))
    }

    @Test func closeStillEndsEveryStatement() throws {
        // Unlike releasing the connection object, close() closes the handle for everyone.
        let db = try Connection()
        let statement = try db.prepare(sql: "SELECT 1")
        let cached = try db.cachedStatement(sql: "SELECT 2")
        #expect(statement.connection === db)
        db.close()
        #expect(throws: SQLiteError.self) { try statement.step() }
        #expect(throws: SQLiteError.self) { try cached.step() }
        #expect(sqliteError { try statement.step() }?.code == SQLITE_MISUSE)
    }

    @Test func aQueueAndAPoolFreeTheirConnections() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pool.sqlite")
        var weakQueueConnection: WeakConnection?
        var weakPoolConnections: [WeakConnection] = []
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE t (x INTEGER)")
                _ = try db.cachedStatement(sql: "INSERT INTO t VALUES (1)").step()
                weakQueueConnection = WeakConnection(db)
            }
        }
        #expect(weakQueueConnection?.value == nil)
        do {
            let pool = try DatabasePool(path: path)
            try pool.write { db in
                _ = try db.cachedStatement(sql: "INSERT INTO t VALUES (2)").step()
                weakPoolConnections.append(WeakConnection(db))
            }
            let sum = try pool.read { db in
                weakPoolConnections.append(WeakConnection(db))
                let statement = try db.cachedStatement(sql: "SELECT sum(x) FROM t")
                _ = try statement.step()
                return statement.columnValue(at: 0)
            }
            #expect(sum == .int(3))
        }
        #expect(weakPoolConnections.count == 2)
        #expect(weakPoolConnections.allSatisfy { $0.value == nil })
    }
}
