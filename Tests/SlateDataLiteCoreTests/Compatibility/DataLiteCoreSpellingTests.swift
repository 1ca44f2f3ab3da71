import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// Each DataLiteCore spelling does what its primary does, on the same connection, so code written
/// from DataLiteCore's documentation behaves as Slate's own.
@Suite("DataLiteCore spellings forward to their primaries")
struct DataLiteCoreForwardingTests {
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

        let reader = try Connection(path, options: .readonly)
        #expect(reader.isReadOnly)
        #expect(reader.isReadonly == reader.isReadOnly)
        // The same spelling as Statement's.
        #expect(try reader.prepare(sql: "SELECT * FROM t").isReadOnly)
        // Writing through the read-only connection fails and leaves the file as it was.
        let error = sqliteError { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error?.code == SQLITE_READONLY)
        #expect(try writer.scalar(Int.self, "SELECT count(*) FROM t") == 0)
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

    // MARK: Raw SQL

    @Test func executeRawRunsScriptsLikeExecuteSQL() throws {
        let db = try Connection(.inMemory)
        try db.execute(raw: "CREATE TABLE b (x); INSERT INTO b VALUES (2);")
        #expect(try db.scalar(Int.self, "SELECT x FROM b") == 2)

        // A failing statement stops the script; the ones before it stay applied.
        let raw = sqliteError { try db.execute(raw: "INSERT INTO b VALUES (20); INSERT INTO missing VALUES (1); INSERT INTO b VALUES (21);") }
        #expect(raw?.code == SQLITE_ERROR)
        #expect(raw?.explanation.contains("missing") == true)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM b") == 2)

        db.close()
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
