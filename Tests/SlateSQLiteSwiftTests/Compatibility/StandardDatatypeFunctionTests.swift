import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's typed `createFunction` with the standard types.
@Suite("Standard types in typed custom functions")
struct StandardDatatypeFunctionTests {
    @Test("custom functions take and return the standard types through their stored forms")
    func customFunctions() throws {
        let db = try Connection()
        let nextDay: (SQLExpression<Date>) -> SQLExpression<Date> = try db.createFunction("next_day") { (date: Date) in
            date.addingTimeInterval(86_400)
        }
        let start = Date(timeIntervalSince1970: 0)
        #expect(try db.scalar("SELECT next_day('1970-01-01T00:00:00.000')") as? String == "1970-01-02T00:00:00.000")
        #expect(try db.scalar("SELECT next_day(0)") as? String == "1970-01-02T00:00:00.000")
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT next_day('never')") }
        _ = nextDay(SQLExpression<Date>(value: start))
    }
}
