import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Each compatibility spelling (DataLiteCore's, SQLite.swift's) does what its primary does, on the
/// same connection, so code written from either library's documentation behaves as Slate's own.
@Suite("Compatibility spellings forward to their primaries")
struct CompatibilitySpellingTests {
    private func people() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER)")
    }

    // MARK: Naming drift

    @Test func isReadonlyAndIsReadOnlyAgreeOnBothKindsOfConnection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        let writer = try Connection(path)
        try writer.execute(sql: "CREATE TABLE t (x)")
        #expect(!writer.isReadOnly)
        #expect(writer.isReadonly == writer.isReadOnly)

        let reader = try Connection(path, readonly: true)
        #expect(reader.isReadOnly)
        #expect(reader.isReadonly == reader.isReadOnly)
        // The same spelling as Statement's.
        #expect(try reader.prepare(sql: "SELECT * FROM t").isReadOnly)
        // Writing through the read-only connection fails and leaves the file as it was.
        let error = sqliteError { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error?.code == SQLITE_READONLY)
        #expect(try writer.scalar(Int.self, "SELECT count(*) FROM t") == 0)
    }

    @Test func lastInsertRowidIsLastInsertRowID() throws {
        let db = try people()
        #expect(db.lastInsertRowID == 0)
        try db.run("INSERT INTO people (id, name) VALUES (?, ?)", 41, "Ada")
        try db.run("INSERT INTO people (name) VALUES (?)", "Grace")
        #expect(db.lastInsertRowID == 42)
        #expect(db.lastInsertRowid == db.lastInsertRowID)
        // A failed insert leaves both where they were.
        let error = sqliteError { try db.run("INSERT INTO people (id) VALUES (?)", 42) }
        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(db.lastInsertRowid == 42)
    }

    @Test func protocolExistentialsHaveThePrimarySpellingsToo() throws {
        let db = try people()
        try db.run("INSERT INTO people (id, name) VALUES (7, 'Ada')")
        let any: any ConnectionProtocol = db
        #expect(any.lastInsertRowID == 7)
        #expect(!any.isReadOnly)

        let double: any ConnectionProtocol = ReadOnlyDouble()
        #expect(double.isReadOnly)
        #expect(double.lastInsertRowID == 99)
    }

    @Test func transactionModeIsTransactionType() throws {
        #expect(Connection.TransactionMode.self == TransactionType.self)
        let db = try people()
        let mode: Connection.TransactionMode = .immediate
        try db.transaction(mode) {
            try db.run("INSERT INTO people (name) VALUES ('Ada')")
            #expect(!db.isAutocommit)
        }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM people") == 1)
    }

    // MARK: Raw SQL

    @Test func sqliteSwiftPrepareBindsLikePrepareSQLThenBind() throws {
        let db = try people()
        let positional = try db.prepare("INSERT INTO people (name, age) VALUES (?, ?)", "Ada", 36)
        try positional.executeToCompletion()
        let array = try db.prepare("INSERT INTO people (name, age) VALUES (?, ?)", ["Grace", 45] as [(any Binding)?])
        try array.executeToCompletion()
        let named = try db.prepare("INSERT INTO people (name, age) VALUES (:name, :age)", [":name": "Alan", ":age": 41])
        try named.executeToCompletion()
        #expect(
            try db.prepare(sql: "SELECT name, age FROM people ORDER BY id").rows().map(\.description) == [
                "[name: 'Ada', age: 36]", "[name: 'Grace', age: 45]", "[name: 'Alan', age: 41]"
            ])

        // The same failures as the primary: a wrong number of values, bad SQL, an unknown name.
        #expect(sqliteError { _ = try db.prepare("SELECT ?", 1, 2) }?.code == SQLITE_RANGE)
        #expect(sqliteError { _ = try db.prepare("SELEC 1") }?.code == SQLITE_ERROR)
        #expect(sqliteError { _ = try db.prepare("SELECT :a", [":b": 1]) }?.code == SQLITE_RANGE)
    }

    @Test func untypedScalarReadsWhatTheTypedOneReads() throws {
        let db = try people()
        try db.run("INSERT INTO people (name, age) VALUES (?, ?)", "Ada", 36)
        let typed = try db.scalar(Int64.self, "SELECT age FROM people WHERE name = ?", "Ada")
        #expect(try db.scalar("SELECT age FROM people WHERE name = ?", "Ada") as? Int64 == typed)
        #expect(try db.scalar("SELECT age FROM people WHERE name = ?", ["Ada"] as [(any Binding)?]) as? Int64 == 36)
        #expect(try db.scalar("SELECT age FROM people WHERE name = :n", [":n": "Ada"]) as? Int64 == 36)
        // No row and NULL are both nil, as for the typed form.
        #expect(try db.scalar("SELECT age FROM people WHERE name = 'nobody'") == nil)
        #expect(try db.scalar(Int64.self, "SELECT age FROM people WHERE name = 'nobody'") == nil)
        // The typed form checks the type; the untyped one hands back what is stored.
        #expect(sqliteError { _ = try db.scalar(Int64.self, "SELECT name FROM people") }?.code == SQLITE_MISMATCH)
        #expect(try db.scalar("SELECT name FROM people") as? String == "Ada")
    }

    @Test func executeUnlabelledAndRawRunScriptsLikeExecuteSQL() throws {
        let db = try Connection(.inMemory)
        try db.execute("CREATE TABLE a (x); INSERT INTO a VALUES (1);")
        try db.execute(raw: "CREATE TABLE b (x); INSERT INTO b VALUES (2);")
        #expect(try db.scalar(Int.self, "SELECT (SELECT x FROM a) + (SELECT x FROM b)") == 3)

        // A failing statement stops the script; the ones before it stay applied.
        let unlabelled = sqliteError { try db.execute("INSERT INTO a VALUES (10); INSERT INTO missing VALUES (1); INSERT INTO a VALUES (11);") }
        #expect(unlabelled?.code == SQLITE_ERROR)
        #expect(unlabelled?.explanation.contains("missing") == true)
        let raw = sqliteError { try db.execute(raw: "INSERT INTO b VALUES (20); INSERT INTO missing VALUES (1); INSERT INTO b VALUES (21);") }
        #expect(raw?.code == SQLITE_ERROR)
        #expect(raw?.explanation.contains("missing") == true)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM a") == 2)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM b") == 2)

        db.close()
        #expect(sqliteError { try db.execute("SELECT 1") }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try db.execute(raw: "SELECT 1") }?.code == SQLITE_MISUSE)
    }

    // MARK: Pragmas

    @Test func pragmaPropertiesReadAndWriteThroughTheThrowingForms() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("pragmas.sqlite"))
        db.userVersion = 3
        db.applicationID = 0x534C_4154
        db.foreignKeys = true
        db.synchronous = .normal
        db.journalMode = .wal
        db.busyTimeout = 1.5
        #expect(db.lastPropertyError == nil)
        #expect(try db.getUserVersion() == 3)
        #expect(try db.getApplicationID() == 0x534C_4154)
        #expect(try db.getForeignKeys())
        #expect(try db.getSynchronous() == .normal)
        #expect(try db.getJournalMode() == .wal)
        #expect(try db.getBusyTimeout() == 1.5)

        try db.setUserVersion(4)
        #expect(db.userVersion == 4)
    }

    @Test func aPragmaPropertyRecordsTheErrorItsThrowingFormThrows() throws {
        let db = try Connection(.inMemory)
        let thrown = sqliteError { try db.setJournalMode(.wal) }  // an in-memory database cannot use WAL
        #expect(thrown != nil)
        db.journalMode = .wal
        #expect(db.lastPropertyError?.code == thrown?.code)
        #expect(db.lastPropertyError?.explanation == thrown?.explanation)
        #expect(try db.getJournalMode() == .memory)  // unchanged

        db.close()
        #expect(db.userVersion == 0)
        #expect(db.lastPropertyError?.code == SQLITE_MISUSE)
    }

    // MARK: Hooks

    @Test func hookClosuresSeeWhatDelegatesSee() throws {
        let db = try people()
        let delegate = RecordingDelegate()
        db.add(delegate: delegate)
        var operations: [String] = []
        var commits = 0
        var rollbacks = 0
        var traced: [String] = []
        db.updateHook { operation, database, table, rowid in operations.append("\(operation.rawValue) \(database).\(table) \(rowid)") }
        db.commitHook { commits += 1 }
        db.rollbackHook { rollbacks += 1 }
        db.trace { traced.append($0) }

        try db.run("INSERT INTO people (id, name) VALUES (5, 'Ada')")
        try db.run("UPDATE people SET age = 36 WHERE id = 5")
        try? db.transaction {
            try db.run("DELETE FROM people WHERE id = 5")
            throw SQLiteError(code: SQLITE_ABORT, message: "changed my mind")
        }

        #expect(operations == ["INSERT main.people 5", "UPDATE main.people 5", "DELETE main.people 5"])
        #expect(delegate.actions.map { "\($0.operation.rawValue) \($0.database).\($0.table) \($0.rowID)" } == operations)
        #expect(commits == delegate.commits)
        #expect(commits == 2)
        #expect(rollbacks == delegate.rollbacks)
        #expect(rollbacks == 1)
        #expect(traced.contains("UPDATE people SET age = 36 WHERE id = 5"))
        // The rollback kept the row.
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM people") == 1)
    }

    @Test func addDelegateIsAddDelegateLabelled() throws {
        let db = try people()
        let delegate = RecordingDelegate()
        db.addDelegate(delegate)
        try db.run("INSERT INTO people (name) VALUES ('Ada')")
        #expect(delegate.actions.count == 1)
        db.removeDelegate(delegate)
        try db.run("INSERT INTO people (name) VALUES ('Grace')")
        #expect(delegate.actions.count == 1)
    }

    @Test func nolockIsNoLock() {
        #expect(Connection.URIQueryParameter.nolock(true) == .noLock(true))
        #expect(Connection.URIQueryParameter.nolock(false).queryItem == "nolock=0")
    }
}

/// A delegate that records what it sees.
private final class RecordingDelegate: ConnectionDelegate {
    var actions: [SQLiteAction] = []
    var commits = 0
    var rollbacks = 0
    func connection(_ connection: any ConnectionProtocol, didUpdate action: SQLiteAction) { actions.append(action) }
    func connectionWillCommit(_ connection: any ConnectionProtocol) throws { commits += 1 }
    func connectionDidRollback(_ connection: any ConnectionProtocol) { rollbacks += 1 }
}

/// A connection double that implements only DataLiteCore's requirement names.
private struct ReadOnlyDouble: ConnectionProtocol {
    var isAutocommit: Bool { true }
    var isReadonly: Bool { true }
    var changes: Int64 { 0 }
    var totalChanges: Int64 { 0 }
    var lastInsertRowid: Int64 { 99 }
    func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol {
        throw SQLiteError(code: SQLITE_READONLY, message: "double")
    }
    func execute(sql: String) throws(SQLiteError) { throw SQLiteError(code: SQLITE_READONLY, message: "double") }
    func execute(raw sql: String) throws(SQLiteError) { throw SQLiteError(code: SQLITE_READONLY, message: "double") }
    func beginTransaction(_ type: TransactionType) throws(SQLiteError) {}
    func commitTransaction() throws(SQLiteError) {}
    func rollbackTransaction() throws(SQLiteError) {}
    func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T? { nil }
    func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError) {}
    func add(function: Function.Type) throws(SQLiteError) {}
    func remove(function: Function.Type) throws(SQLiteError) {}
    func apply(_ key: Connection.Key, name: String?) throws(SQLiteError) { throw SQLiteError(code: SQLITE_READONLY, message: "double") }
    func rekey(_ key: Connection.Key, name: String?) throws(SQLiteError) { throw SQLiteError(code: SQLITE_READONLY, message: "double") }
    func add(delegate: any ConnectionDelegate) {}
    func remove(delegate: any ConnectionDelegate) {}
    func add(trace delegate: any ConnectionTraceDelegate) {}
    func remove(trace delegate: any ConnectionTraceDelegate) {}
}
