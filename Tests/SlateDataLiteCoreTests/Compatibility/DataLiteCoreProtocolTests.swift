import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// DataLiteCore-style test doubles: classes written against DataLiteCore's `ConnectionProtocol`
/// and `StatementProtocol`, implementing only what DataLiteCore requires, conform to Slate's and
/// get working defaults. The doubles forward to a real connection, so the defaults run real SQL.
@Suite("DataLiteCore protocols")
struct DataLiteCoreProtocolTests {
    /// A statement double with exactly DataLiteCore's required members (no defaults used).
    final class StatementDouble: StatementProtocol {
        let base: Statement
        init(_ base: Statement) { self.base = base }
        var sql: String? { base.sql }
        var expandedSQL: String? { base.expandedSQL }
        func parameterCount() -> Int32 { base.parameterCount() }
        func parameterIndexBy(_ name: String) -> Int32 { base.parameterIndexBy(name) }
        func parameterNameBy(_ index: Int32) -> String? { base.parameterNameBy(index) }
        func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) { try base.bind(value, at: index) }
        func clearBindings() throws(SQLiteError) { try base.clearBindings() }
        @discardableResult func step() throws(SQLiteError) -> Bool { try base.step() }
        func reset() throws(SQLiteError) { try base.reset() }
        func columnCount() -> Int32 { base.columnCount() }
        func columnName(at index: Int32) -> String? { base.columnName(at: index) }
        func columnValue(at index: Int32) -> SQLiteValue { base.columnValue(at: index) }
    }

    /// A connection double with exactly DataLiteCore's required members.
    final class ConnectionDouble: ConnectionProtocol {
        let base: Connection
        init(_ base: Connection) { self.base = base }
        var isAutocommit: Bool { base.isAutocommit }
        var isReadonly: Bool { base.isReadonly }
        var changes: Int64 { base.changes }
        var totalChanges: Int64 { base.totalChanges }
        static func initialize() throws(SQLiteError) { try Connection.initialize() }
        static func shutdown() throws(SQLiteError) {}
        func apply(_ key: Connection.Key, name: String?) throws(SQLiteError) { try base.apply(key, name: name) }
        func rekey(_ key: Connection.Key, name: String?) throws(SQLiteError) { try base.rekey(key, name: name) }
        func add(delegate: any ConnectionDelegate) { base.add(delegate: delegate) }
        func remove(delegate: any ConnectionDelegate) { base.remove(delegate: delegate) }
        func add(trace delegate: any ConnectionTraceDelegate) { base.add(trace: delegate) }
        func remove(trace delegate: any ConnectionTraceDelegate) { base.remove(trace: delegate) }
        func add(function: Function.Type) throws(SQLiteError) { try base.add(function: function) }
        func remove(function: Function.Type) throws(SQLiteError) { try base.remove(function: function) }
        func prepare(sql query: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol {
            StatementDouble(try base.prepare(sql: query, options: options))
        }
        func execute(sql script: String) throws(SQLiteError) { try base.execute(sql: script) }
    }

    @Test func aStatementDoubleGetsDataLiteCoresDefaults() throws {
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        let insert: any StatementProtocol = StatementDouble(try db.prepare(sql: "INSERT INTO t (id, name) VALUES (:id, :name)"))
        // execute(_:) and bind(_ row:) come from the protocol.
        try insert.execute([["id": .int(1), "name": .text("Ada")], ["id": .int(2), "name": .text("Grace")]])
        try insert.bind(Int64(3), by: ":id")
        try insert.bind(.text("Linus"), by: ":name")
        #expect(try insert.step() == false)
        let select: any StatementProtocol = StatementDouble(try db.prepare(sql: "SELECT id, name FROM t ORDER BY id"))
        #expect(try select.step())
        #expect(select.currentRow() == ["id": .int(1), "name": .text("Ada")])
        #expect(select.columnValue(at: 1) as String? == "Ada")
        #expect(select.sql == "SELECT id, name FROM t ORDER BY id")
        // A missing parameter is an error, not a bind at index 0.
        let error = #expect(throws: SQLiteError.self) { try insert.bind(.int(1), by: ":missing") }
        #expect(error?.code == SQLITE_RANGE)
        #expect(error?.details?.contains(":missing") == true)
        // No columns: no row.
        let update: any StatementProtocol = StatementDouble(try db.prepare(sql: "UPDATE t SET name = name"))
        #expect(update.currentRow() == nil)
    }

    @Test func columnNameOutOfRangeIsNil() throws {
        let db = try Connection(.inMemory)
        let statement: any StatementProtocol = try db.prepare(sql: "SELECT 1 AS one")
        #expect(statement.columnName(at: 0) == "one")
        #expect(statement.columnName(at: 1) == nil)
        #expect(statement.columnName(at: -1) == nil)
        #expect(statement.sql == "SELECT 1 AS one")
    }

    @Test func aConnectionDoubleGetsPragmasTransactionsAndRowids() throws {
        let db = try Connection(.inMemory)
        let double: any ConnectionProtocol = ConnectionDouble(db)
        // Pragma properties, through get/set(pragma:) over the double's prepare.
        double.userVersion = 7
        #expect(double.userVersion == 7)
        #expect(try db.getUserVersion() == 7)
        double.applicationID = 0x534C_4154
        #expect(db.applicationID == 0x534C_4154)
        double.foreignKeys = true
        #expect(double.foreignKeys)
        double.synchronous = .normal
        #expect(double.synchronous == .normal)
        #expect(double.journalMode == .memory)
        double.busyTimeout = 1.5
        #expect(double.busyTimeout == 1.5)
        #expect(try db.get(pragma: .busyTimeout) == 1500)
        // Transactions and the last rowid.
        try double.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try double.beginTransaction(.immediate)
        #expect(!double.isAutocommit)
        try double.execute(sql: "INSERT INTO t VALUES (42)")
        #expect(double.lastInsertRowid == 42)
        try double.rollbackTransaction()
        #expect(double.isAutocommit)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
        // A failing pragma write is dropped, never a trap; the database is unchanged.
        #expect(throws: SQLiteError.self) { try double.set(pragma: Pragma(rawValue: "no such pragma;"), value: 1) }
        #expect(double.userVersion == 7)
    }

    @Test func delegateCallbacksGetAConnectionWithPragmasKeysAndDelegates() throws {
        final class Observer: ConnectionDelegate, ConnectionTraceDelegate {
            var versions: [Int32] = []
            var traced: [String] = []
            func connection(_ connection: any ConnectionProtocol, didUpdate action: SQLiteAction) {
                versions.append(connection.userVersion)
                connection.add(trace: self)
            }
            func connection(_ connection: any ConnectionProtocol, trace: Trace) {
                traced.append(trace.unexpandedSQL)
            }
        }
        let db = try Connection(.inMemory)
        db.userVersion = 3
        let observer = Observer()
        db.add(delegate: observer)
        try db.execute(sql: "CREATE TABLE t (x)")
        try db.execute(sql: "INSERT INTO t VALUES (1)")
        try db.execute(sql: "SELECT x FROM t")
        #expect(observer.versions == [3])
        #expect(observer.traced.contains("SELECT x FROM t"))
        // apply/rekey are on the protocol too; without SQLCipher they throw a clear error.
        let connection: any ConnectionProtocol = db
        #if !SQLCipher
        let error = #expect(throws: SQLiteError.self) { try connection.apply(.passphrase("k"), name: nil) }
        #expect(error?.explanation.contains("encryption") == true)
        #endif
    }
}
