import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// Records every callback it receives; optionally vetoes commits or removes itself.
private final class RecordingDelegate: ConnectionObserver {
    var actions: [SQLiteAction] = []
    var commits = 0
    var rollbacks = 0
    var veto: (any Error)?
    /// When set, the delegate unregisters itself from this connection on its first update.
    weak var removeSelfFrom: Connection?

    func connection(_ connection: Connection, didUpdate action: SQLiteAction) {
        actions.append(action)
        if let owner = removeSelfFrom {
            owner.remove(observer: self)
        }
    }

    func connectionWillCommit(_ connection: Connection) throws {
        commits += 1
        if let veto { throw veto }
    }

    func connectionDidRollback(_ connection: Connection) {
        rollbacks += 1
    }
}

private final class RecordingTraceDelegate: ConnectionTraceObserver {
    var traces: [(unexpandedSQL: String, expandedSQL: String)] = []
    func connection(_ connection: Connection, trace: (unexpandedSQL: String, expandedSQL: String)) {
        traces.append(trace)
    }
}

private struct LedgerNotBalanced: Error, CustomStringConvertible {
    let difference: Int
    var description: String { "ledger is off by \(difference)" }
}

private final class Canary {}

private func makeDatabase() throws -> Connection {
    try inMemoryDatabase("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
}

private func count(_ db: Connection, _ table: String = "items") throws -> Int64 {
    try db.scalar(Int64.self, "SELECT count(*) FROM \(table)") ?? -1
}

@Suite("HooksTests")
struct HooksTests {
    // MARK: Delegates

    @Test func updateDelegateSeesInsertUpdateDeleteWithDatabaseTableAndRowid() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        db.add(observer: delegate)
        try db.run("INSERT INTO items (id, name) VALUES (7, 'a')")
        try db.run("UPDATE items SET name = 'b' WHERE id = 7")
        try db.run("DELETE FROM items WHERE id = 7")
        try db.attach(.inMemory, as: "aux")
        try db.execute(sql: "CREATE TABLE aux.notes (body TEXT); INSERT INTO aux.notes VALUES ('x')")
        #expect(
            delegate.actions == [
                .insert(db: "main", table: "items", rowID: 7),
                .update(db: "main", table: "items", rowID: 7),
                .delete(db: "main", table: "items", rowID: 7),
                .insert(db: "aux", table: "notes", rowID: 1)
            ])
        #expect(delegate.actions.map(\.operation) == [.insert, .update, .delete, .insert])
        #expect(delegate.actions.last?.database == "aux")
        #expect(delegate.actions.last?.table == "notes")
        // Each autocommit statement committed once.
        #expect(delegate.commits == 5)
    }

    @Test func vetoingCommitDelegateRollsBackAndTheCallerSeesTheVeto() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        delegate.veto = LedgerNotBalanced(difference: 3)
        db.add(observer: delegate)

        // Explicit transaction: COMMIT fails with the veto's description, and nothing is kept.
        try db.beginTransaction()
        try db.run("INSERT INTO items (name) VALUES ('draft')")
        let commitError = #expect(throws: SQLiteError.self) { try db.commitTransaction() }
        #expect(commitError?.code.matches(SQLITE_CONSTRAINT_COMMITHOOK) == true)
        #expect(commitError?.category == .constraint)
        #expect(commitError?.explanation.contains("ledger is off by 3") == true)
        #expect(commitError?.explanation.contains("RecordingDelegate") == true)
        #expect(db.isAutocommit)
        #expect(delegate.rollbacks == 1)

        // Autocommit statement: the statement itself fails with the veto's description.
        let runError = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO items (name) VALUES ('solo')") }
        #expect(runError?.code.matches(SQLITE_CONSTRAINT_COMMITHOOK) == true)
        #expect(runError?.explanation.contains("ledger is off by 3") == true)
        #expect(runError?.sql == "INSERT INTO items (name) VALUES ('solo')")

        // A script through execute(sql:) and a transaction block report it too.
        let scriptError = #expect(throws: SQLiteError.self) {
            try db.execute(sql: "INSERT INTO items (name) VALUES ('script')")
        }
        #expect(scriptError?.explanation.contains("ledger is off by 3") == true)
        let blockError = #expect(throws: SQLiteError.self) {
            try db.transaction { try db.run("INSERT INTO items (name) VALUES ('block')") }
        }
        #expect(blockError?.explanation.contains("ledger is off by 3") == true)
        #expect(try count(db) == 0)

        // Once the delegate stops vetoing, commits go through, and later errors carry their own message.
        delegate.veto = nil
        try db.run("INSERT INTO items (name) VALUES ('kept')")
        #expect(try count(db) == 1)
        let unique = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO items (name) VALUES ('kept')") }
        #expect(unique?.code.matches(SQLITE_CONSTRAINT_UNIQUE) == true)
        #expect(unique?.explanation.contains("ledger") == false)
    }

    @Test func rollbackDelegateSeesExplicitRollbacks() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        db.add(observer: delegate)
        try db.beginTransaction()
        try db.run("INSERT INTO items (name) VALUES ('temp')")
        try db.rollbackTransaction()
        #expect(delegate.rollbacks == 1)
        #expect(delegate.commits == 0)
        #expect(try count(db) == 0)
    }

    @Test func severalDelegatesAreCalledInRegistrationOrderAndAddingTwiceHasNoEffect() throws {
        let db = try makeDatabase()
        let first = RecordingDelegate()
        let second = UpdateCountingDelegate()  // only updates: defaults for the rest
        db.add(observer: first)
        db.add(observer: second)
        db.add(observer: first)
        try db.run("INSERT INTO items (name) VALUES ('a')")
        #expect(first.actions.count == 1)
        #expect(second.updates == 1)
        db.remove(observer: first)
        try db.run("INSERT INTO items (name) VALUES ('b')")
        #expect(first.actions.count == 1)
        #expect(second.updates == 2)
    }

    @Test func releasedDelegatesStopReceivingAndTheirHooksAreRemoved() throws {
        let db = try makeDatabase()
        let survivor = RecordingDelegate()
        weak var released: RecordingDelegate?
        do {
            let temporary = RecordingDelegate()
            released = temporary
            db.add(observer: temporary)
            try db.run("INSERT INTO items (name) VALUES ('seen')")
            #expect(temporary.actions.count == 1)
        }
        #expect(released == nil)  // the connection did not keep it alive

        db.add(observer: survivor)
        try db.run("INSERT INTO items (name) VALUES ('after')")
        #expect(survivor.actions == [.insert(db: "main", table: "items", rowID: 2)])

        db.remove(observer: survivor)
        try db.run("INSERT INTO items (name) VALUES ('unheard')")
        #expect(survivor.actions.count == 1)
        // With no listener left, the C hooks are uninstalled: SQLite reports no previous context.
        let handle = try #require(db.sqliteHandle)
        #expect(sqlite3_update_hook(handle, nil, nil) == nil)
        #expect(sqlite3_commit_hook(handle, nil, nil) == nil)
        #expect(sqlite3_rollback_hook(handle, nil, nil) == nil)
    }

    @Test func hooksAreInstalledOnlyWhileSomeoneListens() throws {
        let db = try makeDatabase()
        let handle = try #require(db.sqliteHandle)
        do {
            let delegate = RecordingDelegate()
            db.add(observer: delegate)
            // sqlite3_*_hook returns the context it replaces: non-nil proves a hook was installed.
            #expect(sqlite3_update_hook(handle, nil, nil) != nil)
            #expect(sqlite3_commit_hook(handle, nil, nil) != nil)
            #expect(sqlite3_rollback_hook(handle, nil, nil) != nil)
        }
        let fresh = try makeDatabase()
        let freshHandle = try #require(fresh.sqliteHandle)
        let delegate = RecordingDelegate()
        fresh.add(observer: delegate)
        fresh.remove(observer: delegate)
        #expect(sqlite3_update_hook(freshHandle, nil, nil) == nil)
        #expect(sqlite3_commit_hook(freshHandle, nil, nil) == nil)
    }

    @Test func aDelegateCanRemoveItselfDuringItsCallback() throws {
        let db = try makeDatabase()
        let leaving = RecordingDelegate()
        leaving.removeSelfFrom = db
        let staying = RecordingDelegate()
        db.add(observer: leaving)
        db.add(observer: staying)
        try db.execute(sql: "INSERT INTO items (name) VALUES ('one'), ('two')")
        try db.run("INSERT INTO items (name) VALUES ('three')")
        #expect(leaving.actions.count == 1)
        #expect(staying.actions.count == 3)
        // The last listener can remove itself too: the hook uninstalls from inside its own callback.
        staying.removeSelfFrom = db
        try db.run("INSERT INTO items (name) VALUES ('four')")
        try db.run("INSERT INTO items (name) VALUES ('five')")
        #expect(staying.actions.count == 4)
        #expect(try count(db) == 5)
    }

    // MARK: Trace

    @Test func traceDelegateSeesUnexpandedAndExpandedSQL() throws {
        let db = try makeDatabase()
        let tracer = RecordingTraceDelegate()
        db.add(trace: tracer)
        try db.run("INSERT INTO items (name) VALUES (?)", "O'Hara")
        let trace = try #require(tracer.traces.last)
        #expect(trace.unexpandedSQL == "INSERT INTO items (name) VALUES (?)")
        #expect(trace.expandedSQL == "INSERT INTO items (name) VALUES ('O''Hara')")
        db.remove(trace: tracer)
        try db.run("INSERT INTO items (name) VALUES ('quiet')")
        #expect(tracer.traces.count == 1)
    }

    @Test func releasedTraceDelegateStopsReceiving() throws {
        let db = try makeDatabase()
        weak var released: RecordingTraceDelegate?
        do {
            let tracer = RecordingTraceDelegate()
            released = tracer
            db.add(trace: tracer)
            try db.execute(sql: "SELECT 1")
            #expect(tracer.traces.map(\.unexpandedSQL) == ["SELECT 1"])
        }
        #expect(released == nil)
        try db.execute(sql: "SELECT 2")  // must not reach the released delegate
    }

    @Test func traceClosureLogsExpandedSQLAndCoexistsWithDelegates() throws {
        let db = try makeDatabase()
        var logged: [String] = []
        db.trace { logged.append($0) }
        let tracer = RecordingTraceDelegate()
        db.add(trace: tracer)
        try db.run("SELECT ?, ?", 42, nil)
        #expect(logged == ["SELECT 42, NULL"])
        #expect(tracer.traces.map(\.expandedSQL) == ["SELECT 42, NULL"])
        db.trace(nil)
        try db.run("SELECT 1")
        #expect(logged.count == 1)
        #expect(tracer.traces.count == 2)
    }

    // MARK: SQLite.swift's closures

    @Test func updateHookClosureReceivesOperationDatabaseTableAndRowid() throws {
        let db = try makeDatabase()
        var changes: [String] = []
        db.updateHook { operation, database, table, rowid in
            changes.append("\(operation.rawValue) \(database).\(table) \(rowid)")
        }
        try db.run("INSERT INTO items (id, name) VALUES (3, 'c')")
        try db.run("UPDATE items SET name = 'd'")
        try db.run("DELETE FROM items WHERE id = 3")  // with no WHERE, SQLite truncates without hooks
        db.updateHook(nil)
        try db.run("INSERT INTO items (name) VALUES ('ignored')")
        #expect(changes == ["INSERT main.items 3", "UPDATE main.items 3", "DELETE main.items 3"])
    }

    @Test func commitHookClosureVetoesAndRollbackHookSeesIt() throws {
        let db = try makeDatabase()
        var allow = false
        var rollbacks = 0
        db.commitHook {
            if !allow { throw LedgerNotBalanced(difference: 1) }
        }
        db.rollbackHook { rollbacks += 1 }
        let error = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO items (name) VALUES ('x')") }
        #expect(error?.code.matches(SQLITE_CONSTRAINT_COMMITHOOK) == true)
        #expect(error?.explanation.contains("ledger is off by 1") == true)
        #expect(rollbacks == 1)
        #expect(try count(db) == 0)
        allow = true
        try db.run("INSERT INTO items (name) VALUES ('y')")
        #expect(try count(db) == 1)
        db.commitHook(nil)
        db.rollbackHook(nil)
        let handle = try #require(db.sqliteHandle)
        #expect(sqlite3_commit_hook(handle, nil, nil) == nil)
    }

    @Test func closuresAndDelegatesCoexist() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        var closureUpdates = 0
        db.add(observer: delegate)
        db.updateHook { _, _, _, _ in closureUpdates += 1 }
        try db.run("INSERT INTO items (name) VALUES ('a')")
        db.remove(observer: delegate)
        try db.run("INSERT INTO items (name) VALUES ('b')")
        #expect(delegate.actions.count == 1)
        #expect(closureUpdates == 2)  // removing the last delegate kept the closure's hook
    }

    @Test func busyHandlerDecidesHowOftenToRetry() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let holder = try directory.database("busy.sqlite", "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let waiter = try Connection(path)

        try holder.beginTransaction(.exclusive)
        var tries: [Int] = []
        waiter.busyHandler { attempt in
            tries.append(attempt)
            return attempt < 3
        }
        let error = #expect(throws: SQLiteError.self) { try waiter.run("INSERT INTO t VALUES (2)") }
        #expect(error?.code.matches(SQLITE_BUSY) == true)
        #expect(error?.isTransient == true)
        #expect(tries == [0, 1, 2, 3])

        // busyTimeout replaces the handler in SQLite; setting a closure again reinstates it.
        try waiter.setBusyTimeout(0)
        tries.removeAll()
        #expect(throws: SQLiteError.self) { try waiter.run("INSERT INTO t VALUES (2)") }
        #expect(tries.isEmpty)
        waiter.busyHandler { attempt in
            tries.append(attempt)
            return attempt < 1
        }
        #expect(throws: SQLiteError.self) { try waiter.run("INSERT INTO t VALUES (2)") }
        #expect(tries == [0, 1])

        waiter.busyHandler(nil)
        tries.removeAll()
        #expect(throws: SQLiteError.self) { try waiter.run("INSERT INTO t VALUES (3)") }
        #expect(tries.isEmpty)

        try holder.commitTransaction()
        try waiter.run("INSERT INTO t VALUES (4)")
        #expect(try count(waiter, "t") == 2)
    }

    // MARK: Lifetime

    @Test func hookClosuresStayAliveWithTheConnectionAndAreReleasedWhenItCloses() throws {
        let db = try makeDatabase()
        weak var weakCanary: Canary?
        var calls = 0
        do {
            let canary = Canary()
            weakCanary = canary
            db.updateHook { _, _, _, _ in
                withExtendedLifetime(canary) { calls += 1 }
            }
        }
        #expect(weakCanary != nil)  // the connection keeps the closure, and what it captures
        try db.run("INSERT INTO items (name) VALUES ('a')")
        #expect(calls == 1)
        db.close()
        #expect(weakCanary == nil)  // closing released the hook context
    }

    @Test func registeringOnAClosedConnectionDoesNothing() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        db.add(observer: delegate)
        db.close()
        db.add(observer: delegate)
        db.remove(observer: delegate)
        db.trace { _ in }
        db.busyHandler { _ in true }
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO items (name) VALUES ('x')") }
        #expect(delegate.actions.isEmpty)
    }

    @Test func closingWithStatementsAliveUninstallsHooksBeforeTheHandleCloses() throws {
        let db = try makeDatabase()
        let delegate = RecordingDelegate()
        db.add(observer: delegate)
        let statement = try db.prepare("INSERT INTO items (name) VALUES ('late')")
        let handle = try #require(db.sqliteHandle)
        db.close()
        // The zombie handle stays valid while the statement lives; no hook may point at freed memory.
        #expect(sqlite3_update_hook(handle, nil, nil) == nil)
        #expect(throws: SQLiteError.self) { try statement.run() }
        #expect(delegate.actions.isEmpty)
    }
}
