import Foundation
import SlateDataLiteCore
import Testing

/// App code written against the protocols only, as an app would to be testable.
private struct NoteStore {
    let db: any ConnectionProtocol

    func migrate() throws(SQLiteError) {
        guard try db.getUserVersion() < 1 else { return }
        try db.beginTransaction(.immediate)
        do {
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try db.setUserVersion(1)
            try db.commitTransaction()
        } catch {
            try? db.rollbackTransaction()
            throw error
        }
    }

    func add(_ body: String) throws(SQLiteError) -> Int64 {
        let insert = try db.prepare(sql: "INSERT INTO notes (body) VALUES (?)")
        try insert.bind(.text(body), at: 1)
        try insert.step()
        return db.lastInsertRowid
    }

    func bodies() throws(SQLiteError) -> [String] {
        let select = try db.prepare(sql: "SELECT body FROM notes ORDER BY id")
        var result: [String] = []
        while try select.step() {
            if let body: String = select.columnValue(at: 0) { result.append(body) }
        }
        return result
    }
}

/// A statement double that serves canned rows.
private final class CannedStatement: StatementProtocol {
    let sql: String?
    var rows: [[SQLiteValue]]
    var bound: [Int32: SQLiteValue] = [:]
    private var position = -1

    init(sql: String, rows: [[SQLiteValue]]) {
        self.sql = sql
        self.rows = rows
    }

    var expandedSQL: String? { nil }
    func parameterCount() -> Int32 { Int32((sql ?? "").filter { $0 == "?" }.count) }
    func parameterIndexBy(_ name: String) -> Int32 { 0 }
    func parameterNameBy(_ index: Int32) -> String? { nil }
    func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        guard (1...parameterCount()).contains(index) else { throw SQLiteError(code: SQLITE_RANGE, message: "no parameter \(index)") }
        bound[index] = value
    }
    func bind(_ value: SQLiteValue, by name: String) throws(SQLiteError) {
        throw SQLiteError(code: SQLITE_RANGE, message: "no parameter \(name)")
    }
    func bind(_ row: SQLiteRow) throws(SQLiteError) {}
    func clearBindings() throws(SQLiteError) { bound = [:] }
    func step() throws(SQLiteError) -> Bool {
        position += 1
        return position < rows.count
    }
    func reset() throws(SQLiteError) { position = -1 }
    func execute(_ rows: [SQLiteRow]) throws(SQLiteError) {}
    func columnCount() -> Int32 { Int32(rows.first?.count ?? 0) }
    func columnName(at index: Int32) -> String? { "c\(index)" }
    func columnValue(at index: Int32) -> SQLiteValue {
        guard rows.indices.contains(position), rows[position].indices.contains(Int(index)) else { return .null }
        return rows[position][Int(index)]
    }
    func currentRow() -> SQLiteRow? { nil }
}

/// A connection double that records what it is asked and can be told to fail.
private final class RecordingConnection: ConnectionProtocol {
    var log: [String] = []
    var pragmas: [String: SQLiteValue] = [:]
    var failingSQL: String?
    var cannedRows: [[SQLiteValue]] = []
    var statements: [CannedStatement] = []
    var inTransaction = false

    var isAutocommit: Bool { !inTransaction }
    var isReadonly: Bool { false }
    var changes: Int64 { 0 }
    var totalChanges: Int64 { 0 }
    var lastInsertRowid: Int64 { 99 }

    func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol {
        log.append("prepare \(sql)")
        let statement = CannedStatement(sql: sql, rows: cannedRows)
        statements.append(statement)
        return statement
    }
    func execute(sql: String) throws(SQLiteError) {
        log.append("execute \(sql)")
        if sql == failingSQL { throw SQLiteError(code: SQLITE_FULL, message: "disk is full") }
    }
    func execute(raw sql: String) throws(SQLiteError) { try execute(sql: sql) }
    func beginTransaction(_ type: TransactionType) throws(SQLiteError) {
        log.append("begin \(type.rawValue)")
        inTransaction = true
    }
    func commitTransaction() throws(SQLiteError) {
        log.append("commit")
        inTransaction = false
    }
    func rollbackTransaction() throws(SQLiteError) {
        log.append("rollback")
        inTransaction = false
    }
    func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T? {
        pragmas[pragma.rawValue].flatMap { T($0) }
    }
    func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError) {
        log.append("pragma \(pragma.rawValue) = \(value.sqliteValue)")
        pragmas[pragma.rawValue] = value.sqliteValue
    }
    func add(function: Function.Type) throws(SQLiteError) { log.append("add \(function.name)") }
    func remove(function: Function.Type) throws(SQLiteError) { log.append("remove \(function.name)") }
    func interrupt() { log.append("interrupt") }
    func apply(_ key: Connection.Key, name: String?) throws(SQLiteError) { log.append("apply \(name ?? "main")") }
    func rekey(_ key: Connection.Key, name: String?) throws(SQLiteError) { log.append("rekey \(name ?? "main")") }
    func add(delegate: any ConnectionDelegate) { log.append("add delegate") }
    func remove(delegate: any ConnectionDelegate) { log.append("remove delegate") }
    func add(trace delegate: any ConnectionTraceDelegate) { log.append("add trace") }
    func remove(trace delegate: any ConnectionTraceDelegate) { log.append("remove trace") }
}

@Suite("ConnectionProtocolTests")
struct ConnectionProtocolTests {
    @Test func aTestDoubleStandsInForTheConnection() throws {
        let double = RecordingConnection()
        let store = NoteStore(db: double)
        try store.migrate()
        #expect(
            double.log == [
                "begin IMMEDIATE",
                "execute CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)",
                "pragma user_version = 1",
                "commit"
            ])
        // Migrating again does nothing: the double remembers the version.
        try store.migrate()
        #expect(double.log.count == 4)

        #expect(try store.add("hello") == 99)
        #expect(double.statements.last?.bound == [1: .text("hello")])

        double.cannedRows = [[.text("first")], [.text("second")]]
        #expect(try store.bodies() == ["first", "second"])
    }

    @Test func aFailureThroughTheDoubleRollsBack() throws {
        let double = RecordingConnection()
        double.failingSQL = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"
        let error = #expect(throws: SQLiteError.self) { try NoteStore(db: double).migrate() }
        #expect(error?.code.matches(SQLITE_FULL) == true)
        #expect(double.log.last == "rollback")
        #expect(double.isAutocommit)
    }

    @Test func theRealConnectionRunsTheSameCode() throws {
        let db = try Connection()
        let store = NoteStore(db: db)
        try store.migrate()
        try store.migrate()
        #expect(try db.getUserVersion() == 1)
        #expect(try store.add("hello") == 1)
        #expect(try store.add("world") == 2)
        #expect(try store.bodies() == ["hello", "world"])

        // The protocol's prepare hands back the real Statement.
        let any: any ConnectionProtocol = db
        let statement = try any.prepare(sql: "SELECT count(*) FROM notes")
        #expect(statement is Statement)
        #expect(try statement.step())
        #expect(statement.columnValue(at: 0) as Int64? == 2)

        // Failures come through the protocol unchanged, and leave the data intact.
        let error = #expect(throws: SQLiteError.self) { try any.execute(sql: "INSERT INTO notes (body) VALUES (NULL)") }
        #expect(error?.code.matches(SQLITE_CONSTRAINT) == true)
        #expect(try store.bodies() == ["hello", "world"])
        #expect(any.isAutocommit)
        #expect(!any.isReadonly)
    }

    @Test func functionsCanBeRegisteredThroughTheProtocol() throws {
        let db = try Connection()
        let any: any ConnectionProtocol = db
        try any.add(function: Function.Regexp.self)
        #expect(try db.scalar(Int64.self, "SELECT 'abc' REGEXP 'a.c'") == 1)
        try any.remove(function: Function.Regexp.self)
        #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT 'abc' REGEXP 'a.c'") }

        db.close()
        let closed = #expect(throws: SQLiteError.self) { try any.prepare(sql: "SELECT 1") }
        #expect(closed?.code.matches(SQLITE_MISUSE) == true)
    }

    @Test func concretePrepareStillReturnsStatement() throws {
        let db = try Connection()
        // Without a type context, the concrete overload wins: no existential on the hot path.
        let statement = try db.prepare(sql: "SELECT 1")
        let concrete: Statement = statement
        #expect(try concrete.step())
    }
}

@Suite("DataLiteCore spellings")
struct DataLiteCoreSpellingTests {
    final class Recorder: ConnectionDelegate {
        var tables: [String] = []
        func connection(_ connection: ConnectionProtocol, didUpdate action: SQLiteAction) { tables.append(action.table) }
    }

    @Test("addDelegate/removeDelegate and Key.raw(data:) are the same calls as their inventory names")
    func articleSpellings() throws {
        let db = try Connection()
        let recorder = Recorder()
        db.addDelegate(recorder)
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        db.removeDelegate(recorder)
        try db.run("INSERT INTO t VALUES (2)")
        #expect(recorder.tables == ["t"])
        let bytes = Data(repeating: 7, count: 32)
        #expect(Connection.Key.raw(data: bytes) == .rawKey(bytes))
    }
}
