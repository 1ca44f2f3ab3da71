import Foundation
import Slate
import Testing

/// Typed reads of a `Row` never trap on a row whose values and names disagree in number (a
/// `Row` can be built by hand): a missing value reads as NULL.
@Suite("Typed reads of hand-built rows")
struct TypedRowReadingTests {
    @Test("a column without a value reads as NULL through get(_:)")
    func shortRow() throws {
        let row = Row(layout: ColumnLayout(names: ["id", "email"]), values: [.int(1)])
        #expect(try row.get(SQLExpression<Int64>("id")) == 1)
        #expect(try row.get(SQLExpression<String?>("email")) == nil)
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<String>("email")) }
        #expect(try row.get(SQLExpression<String?>("email")) == nil)
    }
}
