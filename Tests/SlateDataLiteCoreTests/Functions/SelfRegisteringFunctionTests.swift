import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// A function that registers itself through SQLite's C API, as a DataLiteCore user may write
/// one: a direct subclass of `Function` that overrides `install(db:)`, module-qualified the way
/// DataLiteCore code often is.
private final class Answer: DataLiteCore.Function {
    override class var name: String { "answer" }
    override class var argc: Int32 { 0 }

    override class func install(db connection: OpaquePointer) throws(SQLiteError) {
        let code = sqlite3_create_function_v2(
            connection, name, argc, SQLITE_UTF8, nil,
            { context, _, _ in sqlite3_result_int64(context, 42) }, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection) }
    }
}

/// DataLiteCore's `Function.install(db:)`/`uninstall(db:)` hooks, its module name as a
/// namespace, and `SQLiteError(_:)` from a connection handle.
@Suite("SelfRegisteringFunctionTests")
struct SelfRegisteringFunctionTests {
    @Test func theModuleNameQualifiesDataLiteCoresTypes() throws {
        let db: DataLiteCore.Connection = try Connection()
        let value: DataLiteCore.SQLiteValue? = try db.scalar(SQLiteValue.self, "SELECT 'x'")
        #expect(value == .text("x"))
        #expect(DataLiteCore.JournalMode.wal.rawValue == "WAL")
        let statement: any DataLiteCore.StatementProtocol = try db.prepare(sql: "SELECT 1")
        #expect(try statement.step())
    }

    @Test func aDirectSubclassRegistersAndRemovesItself() throws {
        let db = try Connection()
        try db.add(function: Answer.self)
        #expect(try db.scalar(Int64.self, "SELECT answer()") == 42)

        // The base `uninstall(db:)` removes the function by its name and argument count.
        try db.remove(function: Answer.self)
        let gone = #expect(throws: SQLiteError.self) { try db.scalar(Int64.self, "SELECT answer()") }
        #expect(gone?.message.contains("no such function: answer") == true)
    }

    @Test func aFailingRegistrationThrowsTheConnectionsError() throws {
        let db = try Connection()
        try db.add(function: Answer.self)
        // SQLite refuses to replace a function while a statement runs, and says so on the handle.
        let running = try db.prepare(sql: "SELECT answer() FROM (VALUES (1), (2))")
        #expect(try running.step())
        let error = #expect(throws: SQLiteError.self) { try db.add(function: Answer.self) }
        #expect(error?.code.matches(SQLITE_BUSY) == true)
        #expect(error?.message.contains("active statements") == true)
        try running.reset()
        #expect(try db.scalar(Int64.self, "SELECT answer()") == 42)  // still registered
    }

    @Test func aClosedConnectionIsRefusedBeforeTheHookRuns() throws {
        let db = try Connection()
        db.close()
        let error = #expect(throws: SQLiteError.self) { try db.add(function: Answer.self) }
        #expect(error?.code.matches(SQLITE_MISUSE) == true)
        #expect(throws: SQLiteError.self) { try db.remove(function: Answer.self) }
    }

    @Test func anErrorReadFromAHandleHasItsCodeAndMessage() throws {
        let db = try Connection()
        #expect(throws: SQLiteError.self) { try db.execute(sql: "SELEC 1") }
        let handle = try #require(db.sqliteHandle)
        let error = SQLiteError(handle)
        #expect(error.code == SQLITE_ERROR)
        #expect(error.message == "near \"SELEC\": syntax error")
    }
}
