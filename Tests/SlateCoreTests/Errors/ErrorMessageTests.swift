import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// `message` is SQLite's own text (DataLiteCore's), Slate's fuller account is `details`, and
/// `description` carries both after DataLiteCore's `SQLiteError(code): message` prefix.
@Suite("SQLite's message, Slate's details")
struct ErrorMessageTests {
    @Test func aFailureSQLiteReportsKeepsItsTextAsTheMessage() throws {
        let db = try Connection(.inMemory)
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT * FROM missing") }
        #expect(error?.message == "no such table: missing")
        #expect(error?.details == nil)
        #expect(error?.explanation == "no such table: missing")
        #expect(error == SQLiteError(code: SQLITE_ERROR, message: "no such table: missing"))
    }

    @Test func aProblemSlateFindsHasSQLitesTextForTheCodeAndDetails() throws {
        let db = try Connection(.inMemory)
        let statement = try db.prepare(sql: "SELECT ?")
        // SQLite's own text for a bad parameter index, as DataLiteCore reports it ("column index
        // out of range" on SQLite 3.40, "bind or column index out of range" on 3.15).
        let rangeText = String(cString: sqlite3_errstr(SQLITE_RANGE))
        let range = #expect(throws: SQLiteError.self) { try statement.bind(.int(1), at: 5) }
        #expect(range == SQLiteError(code: SQLITE_RANGE, message: rangeText))
        #expect(range?.details?.contains("parameter index 5") == true)
        #expect(range?.description.hasPrefix("SQLiteError(25): \(rangeText) (parameter index 5") == true)
        // A missing named parameter names the ones the statement has.
        let named = try db.prepare(sql: "SELECT :a")
        let missing = #expect(throws: SQLiteError.self) { try named.bind(.int(1), by: ":b") }
        #expect(missing?.message == rangeText)
        #expect(missing?.details?.contains(":a") == true)
        // A closed connection.
        db.close()
        let closed = #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT 1") }
        #expect(closed?.message == String(cString: sqlite3_errstr(SQLITE_MISUSE)))
        #expect(closed?.explanation == "the database connection is closed")
    }

    @Test func openingFailuresKeepSQLitesTextAndNameTheFileInDetails() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing/sub/db.sqlite")
        let error = #expect(throws: SQLiteError.self) { try Connection(path, options: [.readwrite]) }
        #expect(error?.message == "unable to open database file")
        #expect(error?.details?.contains(path) == true)
        #expect(error?.description.contains(path) == true)
        #expect(error == SQLiteError(code: SQLITE_CANTOPEN, message: "unable to open database file"))
    }

    @Test func wrappedFailuresKeepSQLitesTextAndAddContext() throws {
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE t (b BLOB)")
        let error = #expect(throws: SQLiteError.self) { try db.openBlob(table: "t", column: "b", row: 1) }
        #expect(error?.message.hasPrefix("no such rowid") == true)
        #expect(error?.details?.hasPrefix("cannot open the blob in main.t.b at row 1: no such rowid") == true)
    }

    @Test func aUserFunctionsErrorReachesTheCallerWithItsText() throws {
        let db = try Connection(.inMemory)
        try db.createFunction("strict", argumentCount: 1, options: []) { _ in
            throw SQLiteError(code: SQLITE_ERROR, details: "strict() wants text")
        }
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT strict(1)") }
        // SQLite reports the function's explanation as its own message.
        #expect(error?.message == "strict() wants text")
    }

    @Test func aCommitVetoIsSQLitesConstraintWithTheHooksReason() throws {
        final class Veto: ConnectionObserver {
            struct Refused: Error, CustomStringConvertible { var description: String { "not today" } }
            func connectionWillCommit(_ connection: Connection) throws { throw Refused() }
        }
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE t (x)")
        let veto = Veto()
        db.add(observer: veto)
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(error?.code == SQLITE_CONSTRAINT_COMMITHOOK)
        #expect(error?.message == "constraint failed")
        #expect(error?.details?.contains("not today") == true)
        db.remove(observer: veto)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
    }

    @Test func detailsEqualToTheMessageAreDropped() {
        let error = SQLiteError(code: SQLITE_ERROR, message: "m", details: "m")
        #expect(error.details == nil)
        #expect(error.description == "SQLiteError(1): m")
        let rich = SQLiteError(code: SQLITE_ERROR, message: "m", details: "more", sql: "SELECT 1")
        #expect(rich.description == "SQLiteError(1): m (more) — SQLITE_ERROR in \"SELECT 1\"")
        #expect(rich == SQLiteError(code: SQLITE_ERROR, message: "m"))
    }
}
