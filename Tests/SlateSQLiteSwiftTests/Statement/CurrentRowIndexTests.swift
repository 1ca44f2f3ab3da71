import SlateSQLiteSwift
import Testing

/// SQLite.swift's `statement.row[i]` reads: an index out of range, even beyond `Int32`, reads
/// what SQLite reads for a missing column (0, "" or nil), never traps.
@Suite struct CurrentRowIndexTests {
    @Test func indexesBeyondInt32ReadAsMissingColumns() throws {
        let db = try Connection()
        let statement = try db.prepare(sql: "SELECT 7, 'x'")
        #expect(try statement.step())
        #expect(statement.row[0] as Int64 == 7)
        #expect(statement.row[Int.max] as Int64 == 0)
        #expect(statement.row[Int.min] as Double == 0)
        #expect(statement.row[Int(Int32.max) + 1] as String == "")
        #expect(statement.row[Int.max] as Bool == false)
    }
}
