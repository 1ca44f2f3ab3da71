import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// DataLiteCore's public API, as its own test suite uses it, behaves the same on Slate.
@Suite("DataLiteCore API parity")
struct DataLiteCoreAPITests {
    // MARK: Names and members

    @Test func topLevelJournalModeIsUppercaseAndCaseInsensitive() throws {
        #expect(JournalMode.wal.rawValue == "WAL")
        #expect(JournalMode.delete.description == "DELETE")
        #expect(JournalMode(rawValue: "wal") == .wal)
        #expect(JournalMode(rawValue: "Truncate") == .truncate)
        #expect(JournalMode(rawValue: "journal") == nil)
        #expect(Synchronous.normal.rawValue == 1)
        // The pragma takes the uppercase keyword and reads SQLite's lowercase answer.
        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("wal.sqlite"))
        try db.setJournalMode(.wal)
        #expect(try db.getJournalMode() == .wal)
        #expect(try db.scalar(String.self, "PRAGMA journal_mode") == "wal")
    }

    @Test func transactionTypeIsCaseInsensitiveAndUppercase() throws {
        #expect(TransactionType.immediate.description == "IMMEDIATE")
        #expect(TransactionType(rawValue: "exclusive") == .exclusive)
        #expect(TransactionType(rawValue: "SOME_STR") == nil)
        let db = try Connection(.inMemory)
        try db.beginTransaction(TransactionType(rawValue: "immediate") ?? .deferred)
        #expect(!db.isAutocommit)
        try db.rollbackTransaction()
        #expect(db.isAutocommit)
    }

    @Test func locationPathAndKeyValue() {
        #expect(Connection.Location.file(path: "/tmp/a.db").path == "/tmp/a.db")
        #expect(Connection.Location.inMemory.path == ":memory:")
        #expect(Connection.Location.temporary.path == "")
        let passphrase = Connection.Key.passphrase("secret123")
        #expect(passphrase.keyValue == "secret123")
        #expect(passphrase.length == 9)
        let raw = Connection.Key.rawKey(Data([0x01, 0xAB, 0xCD, 0xEF]))
        #expect(raw.keyValue == "X'01ABCDEF'")
        #expect(raw.length == 11)
        // The description still hides the secret.
        #expect(!passphrase.description.contains("secret123"))
    }

    @Test func statementOptionsFromInt32AndBindableLiteral() {
        #expect(Statement.Options(rawValue: Int32(SQLITE_PREPARE_NO_VTAB)) == .noVtab)
        #expect(Statement.Options(rawValue: UInt32(SQLITE_PREPARE_PERSISTENT)) == .persistent)
        struct Bindable: SQLiteBindable { let sqliteValue: SQLiteValue }
        #expect(Bindable(sqliteValue: .text("O'Reilly")).sqliteLiteral == "'O''Reilly'")
        #expect(Bindable(sqliteValue: .null).sqliteLiteral == "NULL")
        #expect(42.sqliteLiteral == "42")
    }

    @Test func traceDelegateNamesItsTraceType() throws {
        final class Tracer: ConnectionTraceDelegate {
            var traced: [String] = []
            func connection(_ connection: any ConnectionProtocol, trace sql: Trace) {
                traced.append(sql.expandedSQL)
            }
        }
        let db = try Connection(.inMemory)
        let tracer = Tracer()
        db.add(trace: tracer)
        try db.execute(sql: "SELECT 1")
        #expect(tracer.traced == ["SELECT 1"])
    }

    // MARK: Values

    enum Color: Int, SQLiteRepresentable { case red, green }

    @Test func valueConversionsAreAsStrictAsDataLiteCore() throws {
        #expect(Int(SQLiteValue.real(42)) == nil)
        #expect(Int64(SQLiteValue.real(1)) == nil)
        #expect(UInt64(SQLiteValue.text("42")) == nil)
        #expect(UInt(SQLiteValue.text("42")) == nil)
        #expect(Data(SQLiteValue.text("blob")) == nil)
        #expect(Color(SQLiteValue.real(1)) == nil)
        #expect(Color(SQLiteValue.int(1)) == .green)
        // A UInt64 above Int64.max still round-trips through the text it is written as.
        #expect(UInt64(UInt64.max.sqliteValue) == UInt64.max)
        // Reading a column straight from a statement stays lenient for the typed layer.
        let db = try Connection(.inMemory)
        let statement = try db.prepare(sql: "SELECT 42.0, X'00', 7")
        #expect(try statement.step())
        #expect(statement.columnValue(at: 0) as Int64? == 42)
        #expect(statement.columnValue(at: 1) as Data? == Data([0]))
        #expect(statement.columnValue(at: 2) as Int64? == 7)
    }

    // MARK: SQLiteRow

    @Test func rowDescriptionContainsAndIndexes() {
        let row: SQLiteRow = ["name": .text("Alice"), "age": .int(30)]
        #expect(row.description == #"["name": 'Alice', "age": 30]"#)
        #expect(row.contains("name"))
        #expect(!row.contains("city"))
        let empty = SQLiteRow()
        #expect(empty.index(after: 2) == 3)
        #expect(empty.index(before: 0) == -1)
        #expect(Array(row.map(\.column)) == ["name", "age"])
    }

    // MARK: Errors

    @Test func errorsCompareByCodeAndMessage() throws {
        #expect(SQLiteError(code: 1, message: "m") == SQLiteError(code: 1, message: "m", sql: "SELECT x", offset: 7))
        #expect(SQLiteError(code: 1, message: "m") != SQLiteError(code: 2, message: "m"))
        #expect(Set([SQLiteError(code: 1, message: "m"), SQLiteError(code: 1, message: "m", sql: "S")]).count == 1)
        #expect(SQLiteError(code: 1, message: "Test Error Message").description == "SQLiteError(1): Test Error Message")
        // A real failure still names the SQL after DataLiteCore's prefix.
        let db = try Connection(.inMemory)
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT * FROM missing") }
        #expect(error?.description.hasPrefix("SQLiteError(1): no such table: missing") == true)
        #expect(error?.description.contains("SELECT * FROM missing") == true)
        #expect(error == SQLiteError(code: SQLITE_ERROR, message: "no such table: missing"))
    }

    // MARK: Functions over any ArgumentsProtocol

    struct ListArguments: ArgumentsProtocol, ExpressibleByArrayLiteral {
        let values: [SQLiteValue]
        init(arrayLiteral elements: SQLiteValue...) { values = elements }
        var startIndex: Int { values.startIndex }
        var endIndex: Int { values.endIndex }
        subscript(index: Int) -> SQLiteValue { values[index] }
        func index(after i: Int) -> Int { values.index(after: i) }
    }

    struct NotANumber: Error, CustomStringConvertible {
        var description: String { "twice needs an integer" }
    }

    final class Twice: Function.Scalar {
        override class var name: String { "twice" }
        override class var argc: Int32 { 1 }
        override class func invoke(args: any ArgumentsProtocol) throws -> (any SQLiteRepresentable)? {
            guard let value: Int64 = args[0] else { throw NotANumber() }
            return value * 2
        }
    }

    final class Total: Function.Aggregate {
        override class var name: String { "total_of" }
        override class var argc: Int32 { 1 }
        private var sum: Int64 = 0
        override func step(args: any ArgumentsProtocol) throws { sum += args[0] ?? 0 }
        override func finalize() throws -> (any SQLiteRepresentable)? { sum }
    }

    final class Unfinished: Function.Scalar {
        override class var name: String { "unfinished" }
        override class var argc: Int32 { 0 }
    }

    @Test func functionsOverridingTheProtocolFormsRunInSQL() throws {
        let db = try Connection(.inMemory)
        try db.add(function: Twice.self)
        try db.add(function: Total.self)
        #expect(try db.scalar(Int64.self, "SELECT twice(21)") == 42)
        try db.execute(sql: "CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        #expect(try db.scalar(Int64.self, "SELECT total_of(n) FROM t") == 6)
        // A thrown error fails the statement; the connection goes on working.
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT twice('x')") }
        #expect(error?.explanation == "twice needs an integer")
        #expect(try db.scalar(Int64.self, "SELECT twice(2)") == 4)
        // Called directly with another argument type, both forms agree.
        #expect(try Twice.invoke(args: ListArguments(arrayLiteral: .int(5))) as? Int64 == 10)
        #expect(try Twice.invoke(args: Function.Arguments([.int(5)])) as? Int64 == 10)
    }

    @Test func aFunctionOverridingNeitherFormFailsClearly() throws {
        let db = try Connection(.inMemory)
        try db.add(function: Unfinished.self)
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT unfinished()") }
        #expect(error?.explanation.contains("must override invoke(args:)") == true)
        #expect(throws: SQLiteError.self) { try Unfinished.invoke(args: ListArguments()) }
    }

    @Test func regexpErrorsAreDataLiteCoresCases() throws {
        let notText: ListArguments = [.int(1), .text("value")]
        #expect {
            try Function.Regexp.invoke(args: notText)
        } throws: { error in
            if case Function.Regexp.Error.invalidArguments = error { return true }
            return false
        }
        let badPattern: ListArguments = [.text("("), .text("value")]
        #expect {
            try Function.Regexp.invoke(args: badPattern)
        } throws: { error in
            if case Function.Regexp.Error.regexError = error { return true }
            return false
        }
        #expect(try Function.Regexp.invoke(args: ListArguments(arrayLiteral: .text("foo.*"), .text("foobar"))) as? Bool == true)
        // In SQL: a numeric pattern fails the statement, a numeric subject is matched as text.
        let db = try Connection(.inMemory)
        try db.add(function: Function.Regexp.self)
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT 'a' REGEXP 1") }
        #expect(error?.explanation == "REGEXP needs a text pattern and a value")
        #expect(try db.scalar(Int64.self, "SELECT 2024 REGEXP '[0-9]{4}'") == 1)
    }
}
