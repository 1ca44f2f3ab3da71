import Foundation
import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// DataLiteCore's rows (`SQLiteRow`, `currentRow()`) never trap out of bounds.
@Suite("SQLiteRowSubscriptTests")
struct SQLiteRowSubscriptTests {
    @Test("Statement column reads out of range: .null, nil, and columnName(at:) is nil", arguments: [3, 7, -1, Int32.min, Int32.max])
    func statementColumns(index: Int32) throws {
        let db = try Connection()
        let statement = try db.prepare(sql: "SELECT 1 AS a, 'two' AS b, NULL AS c")
        #expect(statement.columnName(at: index) == nil)
        #expect(statement.columnName(at: 1) == "b")
        #expect(try statement.step())
        #expect(statement.columnValue(at: index) == .null)
        #expect(statement.columnValue(at: index) as Int64? == nil)
        #expect(statement.columnNames == ["a", "b", "c"])
        #expect(statement.currentRow()?.columns == ["a", "b", "c"])
    }

    @Test("SQLiteRow positions and ranges out of bounds never trap")
    func sqliteRowPositions() {
        let row: SQLiteRow = ["a": 1, "b": "two"]
        for position in [2, 5, -1, Int.min, Int.max] {
            let element = row[position]
            #expect(element.column == "" && element.value == .null)
        }
        #expect(row[1].column == "b" && row[1].value == .text("two"))
        #expect(Array(row[1..<9]).map(\.column) == ["b"])
        #expect(Array(row[-5..<1]).map(\.column) == ["a"])
        #expect(Array(row[4..<9]).isEmpty)
        #expect(row["missing"] == nil)
    }
}
