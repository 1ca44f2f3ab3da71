import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// No read of a row traps on a bad index: subscripts answer `.null` (as SQLite's own column
/// accessors do) or `nil` where the documentation says so, and the `get` forms throw
/// `SQLITE_RANGE`.
@Suite("Row subscripts never trap")
struct RowSubscriptTests {
    static let badIndexes = [3, 7, -1, Int.min, Int.max, Int(Int32.max) + 1]

    func row() throws -> Row {
        let db = try Connection()
        return try #require(try db.prepare(sql: "SELECT 1 AS a, 'two' AS b, NULL AS c").rows().first)
    }

    @Test("Row[index] out of range is .null, and get(index) throws SQLITE_RANGE", arguments: badIndexes)
    func rowIndex(index: Int) throws {
        let row = try row()
        #expect(row[index] == .null)
        #expect(sqliteError { _ = try row.get(index, as: Int64?.self) }?.code == SQLITE_RANGE)
        #expect(row[0] == .int(1) && row[1] == .text("two") && row[2] == .null)
    }

    @Test("a Row made with fewer or more values than names never traps")
    func mismatchedRow() throws {
        let short = Row(layout: ColumnLayout(names: ["a", "b"]), values: [.int(1)])
        #expect(short["b"] == .null)
        #expect(short[1] == .null)
        #expect(sqliteError { _ = try short.get(1, as: Int64.self) }?.code == SQLITE_RANGE)
        #expect(sqliteError { _ = try short.get("b", as: Int64.self) }?.code == SQLITE_RANGE)
        let long = Row(layout: ColumnLayout(names: ["a"]), values: [.int(1), .text("x")])
        #expect(long[1] == .text("x"))
        #expect(try long.get(1, as: String.self) == "x")
        #expect(sqliteError { _ = try long.get(1, as: Int64.self) }?.code == SQLITE_MISMATCH)
        #expect(!long.description.isEmpty && !short.description.isEmpty)
    }

    @Test("RowView[index] out of range is .null, isNull is true, get throws", arguments: [3, 7, -1, Int32.min, Int32.max])
    func rowViewIndex(index: Int32) throws {
        let db = try Connection()
        let cursor = try db.cursor("SELECT 1 AS a, 'two' AS b, NULL AS c")
        let view = try #require(try cursor.next())
        #expect(view[index] == .null)
        #expect(view.isNull(index))
        #expect(sqliteError { _ = try view.get(index, as: Int64?.self) }?.code == SQLITE_RANGE)
        #expect(view[1] == .text("two"))
    }

    @Test("SQLScript positions and ranges out of bounds never trap")
    func scriptPositions() {
        let script = SQLScript(string: "SELECT 1; SELECT 2;")
        #expect(script[0] == "SELECT 1;" && script[1] == "SELECT 2;")
        for position in [2, -1, Int.min, Int.max] { #expect(script[position] == "") }
        #expect(Array(script[1..<7]) == ["SELECT 2;"])
        #expect(Array(script[-3..<0]).isEmpty)
    }
}
