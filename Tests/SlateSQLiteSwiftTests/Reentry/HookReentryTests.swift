import Foundation
import Testing
@testable import SlateCore
import SlateSQLiteSwift
import SlateCoreTestSupport

/// Issue 19: SQLite's commit, rollback and update hooks and its busy handler run in the middle of
/// the statement that fired them, and SQLite forbids them to change their connection (running
/// SQL there is undefined). What goes wrong without a guard: during a COMMIT, a statement run from
/// the commit hook, even a SELECT, commits the transaction being committed and calls the hook
/// again, until the stack overflows (SIGSEGV); a transaction run from an update hook rolls back,
/// on its failed COMMIT, the very row whose change fired the hook, while the statement that wrote
/// it reports success; a read from the busy handler changes how the waiting statement retries.
/// Slate's hooks and delegates therefore get a clear `SQLITE_MISUSE` for any use of the
/// connection inside the commit hook and the busy handler, and for anything but a read-only query
/// inside the update and rollback hooks; the statement that fired them goes on.
@Suite("Re-entry: hooks and delegates that use their own connection")
struct HookReentryTests {
    static func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE log (entry TEXT);
            """)
    }

    /// The items are `names`, the hooks logged nothing, no transaction is left open and the
    /// database is intact.
    static func expectUnchangedByTheHooks(
        _ db: Connection, names expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try names(db) == expected, sourceLocation: sourceLocation)
        #expect(try logCount(db) == 0, sourceLocation: sourceLocation)
        #expect(db.isAutocommit, sourceLocation: sourceLocation)
        #expect(try isIntact(db), sourceLocation: sourceLocation)
    }

    static func names(_ db: Connection) throws -> [String] {
        try db.prepare(sql: "SELECT name FROM items ORDER BY id").cursor().map { try $0.get(0) as String }
    }

    static func logCount(_ db: Connection) throws -> Int64 {
        try db.scalar(Int64.self, "SELECT count(*) FROM log") ?? -1
    }

    static func isIntact(_ db: Connection) throws -> Bool {
        try db.scalar(String.self, "PRAGMA integrity_check") == "ok"
    }

    /// What a hook caught, kept outside the closure SQLite calls.
    final class Record: @unchecked Sendable {
        var errors: [String: [SQLiteError]] = [:]
        var calls: [String: Int] = [:]

        /// Runs `body` for the hook `name`, recording any SQLiteError it throws.
        func attempt(_ name: String, _ body: () throws -> Void) {
            calls[name, default: 0] += 1
            do { try body() } catch let error as SQLiteError {
                errors[name, default: []].append(error)
            } catch {
                errors[name, default: []].append(SQLiteError(code: -1, message: "\(error)"))
            }
        }

        /// Whether every call of `name` was refused with SQLITE_MISUSE by the hook guard.
        func allRefused(_ name: String) -> Bool {
            let caught = errors[name] ?? []
            return calls[name, default: 0] > 0 && caught.count == calls[name]
                && caught.allSatisfy { $0.code == SQLITE_MISUSE && $0.explanation.contains("hook") }
        }

        /// Whether every call of `name` went through.
        func allWorked(_ name: String) -> Bool {
            calls[name, default: 0] > 0 && (errors[name] ?? []).isEmpty
        }
    }

    /// The uses of a connection a hook might try.
    enum Use: String, CaseIterable, Sendable {
        case read, write, prepare, cachedStatement, script, transaction

        func perform(on db: Connection) throws {
            switch self {
            case .read: _ = try db.scalar(Int64.self, "SELECT count(*) FROM items")
            case .write: try db.run("INSERT INTO log (entry) VALUES ('from a hook')")
            case .prepare: _ = try db.prepare(sql: "SELECT 1")
            case .cachedStatement: _ = try db.cachedStatement(sql: "SELECT count(*) FROM items").cursor().next()
            case .script: try db.execute(sql: "INSERT INTO log (entry) VALUES ('script')")
            case .transaction: try db.transaction { try db.run("INSERT INTO log (entry) VALUES ('nested')") }
            }
        }

        /// Whether it only runs read-only queries (allowed in update and rollback hooks).
        var isRead: Bool { self == .read || self == .prepare || self == .cachedStatement }
    }

    // MARK: Commit hook

    /// Without the refusal, a read in a commit hook commits the transaction under the COMMIT
    /// and re-enters the hook until the stack overflows.
    @Test(arguments: Use.allCases)
    func commitHookUsingItsConnectionIsRefused(_ use: Use) throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        db.commitHook { record.attempt("commit") { try use.perform(on: connection) } }
        try db.run("INSERT INTO items (name) VALUES ('autocommit')")
        try db.transaction {
            try db.run("INSERT INTO items (name) VALUES ('one')")
            try db.run("INSERT INTO items (name) VALUES ('two')")
        }
        try db.execute(sql: "BEGIN; INSERT INTO items (name) VALUES ('three'); COMMIT")
        #expect(record.calls["commit"] == 3)
        #expect(record.allRefused("commit"))
        db.commitHook(nil)
        try Self.expectUnchangedByTheHooks(db, names: ["autocommit", "one", "two", "three"])
    }

    @Test func commitHookRethrowingTheRefusalVetoesTheCommit() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        db.commitHook { _ = try connection.scalar(Int64.self, "SELECT count(*) FROM items") }
        // The veto rolls back; the rollback hook, run inside the failing COMMIT, may read.
        nonisolated(unsafe) var rolledBackTo: [Int64?] = []
        db.rollbackHook { rolledBackTo.append(try? connection.scalar(Int64.self, "SELECT count(*) FROM items")) }
        let error = sqliteError { try db.run("INSERT INTO items (name) VALUES ('vetoed')") }
        #expect(error?.code.matches(SQLITE_CONSTRAINT_COMMITHOOK) == true)
        #expect(error?.explanation.contains("commit hook") == true)
        #expect(rolledBackTo == [0])
        db.commitHook(nil)
        db.rollbackHook(nil)
        #expect(try Self.names(db) == [])
        try db.run("INSERT INTO items (name) VALUES ('kept')")
        #expect(try Self.names(db) == ["kept"])
        #expect(try Self.isIntact(db))
    }

    // MARK: Update and rollback hooks

    /// Read-only queries work; anything else is refused. Without the refusal, `.transaction`
    /// lost the row: its COMMIT failed under the running INSERT, its ROLLBACK then rolled the
    /// INSERT's row back, and the INSERT still returned success.
    @Test(arguments: Use.allCases)
    func updateAndRollbackHooksMayReadButNotChangeTheirConnection(_ use: Use) throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        db.updateHook { _, _, table, _ in
            guard table == "items" else { return }
            record.attempt("update") { try use.perform(on: connection) }
        }
        db.rollbackHook { record.attempt("rollback") { try use.perform(on: connection) } }
        try db.run("INSERT INTO items (name) VALUES ('a')")
        try db.run("UPDATE items SET name = 'b'")
        try db.execute(sql: "BEGIN; INSERT INTO items (name) VALUES ('gone'); ROLLBACK")
        #expect(record.calls["update"] == 3)
        #expect(record.calls["rollback"] == 1)
        if use.isRead {
            #expect(record.allWorked("update"), "\(record.errors)")
            #expect(record.allWorked("rollback"), "\(record.errors)")
        } else {
            #expect(record.allRefused("update"), "\(record.errors)")
            #expect(record.allRefused("rollback"), "\(record.errors)")
        }
        db.updateHook(nil)
        db.rollbackHook(nil)
        try Self.expectUnchangedByTheHooks(db, names: ["b"])
    }

    /// A read in the update hook sees the change being made, and in the rollback hook the state
    /// rolled back to.
    @Test func hookReadsSeeTheChangeBeingMade() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        nonisolated(unsafe) var seen: [String] = []
        db.updateHook { operation, _, _, rowid in
            let name = (try? connection.scalar(String.self, "SELECT name FROM items WHERE id = ?", rowid)) ?? nil
            seen.append("\(operation) \(rowid): \(name ?? "none")")
        }
        db.rollbackHook {
            let count = (try? connection.scalar(Int64.self, "SELECT count(*) FROM items")) ?? nil
            seen.append("rollback: \(count.map(String.init) ?? "?") rows")
        }
        try db.run("INSERT INTO items (name) VALUES ('a')")
        try db.run("UPDATE items SET name = 'b' WHERE id = 1")
        try db.execute(sql: "BEGIN; INSERT INTO items (name) VALUES ('c'); ROLLBACK")
        try db.run("DELETE FROM items WHERE id = 1")
        db.updateHook(nil)
        db.rollbackHook(nil)
        #expect(
            seen == [
                "insert 1: a", "update 1: b", "insert 2: c", "rollback: 1 rows", "delete 1: none"
            ])
        #expect(try Self.isIntact(db))
    }

    // MARK: Delegates

    /// A delegate that tries a use of the connection it is given in every callback.
    final class MeddlingDelegate: ConnectionObserver {
        let record = Record()
        let use: Use
        init(use: Use) { self.use = use }

        func run(_ name: String, _ connection: Connection) {
            record.attempt(name) { try use.perform(on: connection) }
        }

        func connection(_ connection: Connection, didUpdate action: SQLiteAction) { run("update", connection) }
        func connectionWillCommit(_ connection: Connection) throws { run("commit", connection) }
        func connectionDidRollback(_ connection: Connection) { run("rollback", connection) }
    }

    @Test(arguments: Use.allCases)
    func delegatesUsingTheirConnectionAreRefusedWhatTheirHookForbids(_ use: Use) throws {
        let db = try Self.makeDatabase()
        let delegate = MeddlingDelegate(use: use)
        db.add(observer: delegate)
        try db.run("INSERT INTO items (name) VALUES ('a')")
        try db.transaction { try db.run("UPDATE items SET name = 'b'") }
        try db.execute(sql: "BEGIN; DELETE FROM items WHERE id = 1; ROLLBACK")
        db.remove(observer: delegate)
        #expect(delegate.record.allRefused("commit"), "\(delegate.record.errors)")
        for name in ["update", "rollback"] {
            if use.isRead {
                #expect(delegate.record.allWorked(name), "\(name): \(delegate.record.errors[name] ?? [])")
            } else {
                #expect(delegate.record.allRefused(name), "\(name): \(delegate.record.errors[name] ?? [])")
            }
        }
        #expect(delegate.record.calls == ["update": 3, "commit": 2, "rollback": 1])
        #expect(try Self.names(db) == ["b"])
        #expect(try Self.logCount(db) == 0)
        #expect(try Self.isIntact(db))
    }

    /// The refusal lasts exactly as long as the hook: a commit hook fired by a write inside a
    /// custom function leaves the function free to read right after.
    @Test func theRefusalEndsWithTheHook() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        db.commitHook { record.attempt("commit") { _ = try connection.scalar(Int64.self, "SELECT 1") } }
        // The function writes (an autocommit INSERT: the commit hook fires), then reads.
        try db.createFunction("writeThenRead", argumentCount: 1, options: []) { args in
            try connection.run("INSERT INTO items (name) VALUES (?)", try args.get(0, as: String.self))
            return try connection.scalar(Int64.self, "SELECT count(*) FROM items")
        }
        let counts = try db.prepare(sql: "SELECT writeThenRead(v) FROM (SELECT 'x' AS v UNION ALL SELECT 'y')")
            .cursor().map { try $0.get(0) as Int64 }
        db.commitHook(nil)
        #expect(counts == [1, 2])
        #expect(record.allRefused("commit"))
        #expect(record.calls["commit"] == 2)
        #expect(try Self.names(db) == ["x", "y"])
        #expect(try Self.isIntact(db))
    }

    /// `close()` is not a call that can throw: inside a hook it does nothing, as it does outside
    /// the access that lent a queue's connection, and the connection stays usable.
    @Test func hookClosingItsConnectionLeavesItOpen() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        db.commitHook { connection.close() }
        db.updateHook { _, _, _, _ in connection.close() }
        try db.run("INSERT INTO items (name) VALUES ('a')")
        try db.transaction { try db.run("INSERT INTO items (name) VALUES ('b')") }
        #expect(!db.isClosed)
        db.commitHook(nil)
        db.updateHook(nil)
        #expect(try Self.names(db) == ["a", "b"])
        #expect(try Self.isIntact(db))
        db.close()
        #expect(db.isClosed)
    }

    /// A statement that a loop is walking, restarted by a commit hook that a write in the loop
    /// fired: refused (a cursor's implicit reset included), and the loop goes on from where it was.
    @Test func commitHookTouchingAStatementBeingIteratedLeavesItsRunAlone() throws {
        let db = try Self.makeDatabase()
        try db.execute(sql: "INSERT INTO items (name) VALUES ('a'), ('b'), ('c')")
        let walk = try db.prepare(sql: "SELECT name FROM items ORDER BY id")
        let record = Record()
        db.commitHook {
            record.attempt("cursor") { _ = try walk.cursor().next() }
            record.attempt("reset") { try walk.reset() }
            record.attempt("step") { _ = try walk.step() }
        }
        var names: [String] = []
        let cursor = walk.cursor()
        while let row = try cursor.next() {
            names.append(try row.get(0))
            try db.run("INSERT INTO log (entry) VALUES (?)", names.last)
        }
        db.commitHook(nil)
        #expect(names == ["a", "b", "c"])
        for name in ["cursor", "reset", "step"] { #expect(record.allRefused(name)) }
        #expect(try Self.logCount(db) == 3)
        #expect(try Self.isIntact(db))
    }

    // MARK: Trace

    /// The trace callback runs as a statement starts, like a function call, and may read (a
    /// guard keeps the nested statement's own trace from recursing).
    @Test func traceCallbackMayReadItsConnection() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        nonisolated(unsafe) var inside = false
        nonisolated(unsafe) var seen: [String: Int64] = [:]
        db.trace { sql in
            guard !inside, sql.hasPrefix("INSERT") else { return }
            inside = true
            defer { inside = false }
            seen[sql] = (try? connection.scalar(Int64.self, "SELECT count(*) FROM items")) ?? -1
        }
        try db.run("INSERT INTO items (name) VALUES ('a')")
        try db.run("INSERT INTO items (name) VALUES ('b')")
        db.trace(nil)
        #expect(
            seen == [
                "INSERT INTO items (name) VALUES ('a')": 0,
                "INSERT INTO items (name) VALUES ('b')": 1
            ])
        #expect(try Self.isIntact(db))
    }

    // MARK: Busy handler

    /// The busy handler may not use its connection. Without the refusal, a read there changed how
    /// the INSERT waiting for its lock retried: SQLite called the handler once, not three times,
    /// and failed the INSERT at once.
    @Test(arguments: [Use.read, .write])
    func busyHandlerUsingItsConnectionIsRefused(_ use: Use) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let holder = try Connection(path)
        try holder.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE log (entry TEXT)")
        let waiter = try Connection(path)
        nonisolated(unsafe) let connection = waiter
        let record = Record()
        waiter.busyHandler { tries in
            record.attempt("busy") { try use.perform(on: connection) }
            return tries < 2
        }
        try holder.execute(sql: "BEGIN IMMEDIATE; INSERT INTO items (name) VALUES ('held')")
        let error = sqliteError { try waiter.run("INSERT INTO items (name) VALUES ('waiting')") }
        #expect(error?.code == SQLITE_BUSY)
        #expect(record.calls["busy"] == 3)
        #expect(record.allRefused("busy"))
        try holder.execute(sql: "COMMIT")
        try waiter.run("INSERT INTO items (name) VALUES ('after')")
        #expect(try Self.names(waiter) == ["held", "after"])
        #expect(try Self.logCount(waiter) == 0)
        #expect(try Self.isIntact(waiter))
    }

    // MARK: Queues

    /// A delegate of a queue's connection that asks the queue for a read while a write commits:
    /// refused at once (a nested read would otherwise run on the committing connection).
    @Test func queueDelegateAskingForAReadDuringCommitIsRefused() throws {
        final class Reader: ConnectionObserver, @unchecked Sendable {
            weak var queue: DatabaseQueue?
            var errors: [SQLiteError] = []
            var values: [Int64] = []
            func connectionWillCommit(_ connection: Connection) throws {
                do {
                    if let value = try queue?.read({ db in try db.scalar(Int64.self, "SELECT count(*) FROM items") ?? -1 }) {
                        values.append(value)
                    }
                } catch let error as SQLiteError {
                    errors.append(error)
                }
            }
        }
        let result = withWatchdog(seconds: 30) { () throws -> ([SQLiteError], [Int64], Int64) in
            let queue = try DatabaseQueue()
            let reader = Reader()
            reader.queue = queue
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)")
                db.add(observer: reader)
            }
            try queue.write { db in try db.run("INSERT INTO items (name) VALUES ('a')") }
            try queue.write { db in try db.run("INSERT INTO items (name) VALUES ('b')") }
            let count = try queue.read { db in try db.scalar(Int64.self, "SELECT count(*) FROM items") } ?? -1
            try queue.close()
            return (reader.errors, reader.values, count)
        }
        let (errors, values, count) = try #require(result, "the nested read deadlocked").get()
        #expect(values == [])
        #expect(errors.count == 3)  // the write that added the delegate commits too
        #expect(errors.allSatisfy { $0.code == SQLITE_MISUSE })
        #expect(count == 2)
    }
}
