import Foundation
import Slate
import Testing

/// Rendering fast paths of typed queries: quoting without Foundation when there is nothing to
/// double, and the byte search that decides whether a BETWEEN operand needs parentheses.
@Suite struct IdentifierQuotingTests {
    @Test func quotingIsUnchangedWithAndWithoutQuotesToDouble() {
        #expect(SQLiteValue.quoteIdentifier("plain") == "\"plain\"")
        #expect(SQLiteValue.quoteIdentifier("") == "\"\"")
        #expect(SQLiteValue.quoteIdentifier("we\"ird") == "\"we\"\"ird\"")
        #expect(SQLiteValue.quoteIdentifier("\"") == "\"\"\"\"")
        #expect(SQLiteValue.quoteIdentifier("naïve") == "\"naïve\"")
        #expect(SQLiteValue.quote("it's") == "'it''s'")
        #expect(SQLiteValue.quote("plain") == "'plain'")
        #expect(SQLiteValue.quote("") == "''")
        #expect(SQLiteValue.quote("é'\u{0}") == "'é''\u{0}'")
    }

    @Test func betweenOperandsAreStillParenthesized() {
        let id = SQLExpression<Int>("id")
        let name = SQLExpression<String>("BETWEEN")  // a column named like the keyword, no spaces around it
        #expect(((2...3 ~= id) == false).asSQL() == "((\"id\" BETWEEN 2 AND 3) = 0)")
        #expect((name == "x").asSQL() == "(\"BETWEEN\" = 'x')")
        #expect((id == 1).asSQL() == "(\"id\" = 1)")
    }

    @Test func quotedNamesRunAgainstSQLite() throws {
        let db = try Connection()
        let table = Table("we\"ird table")
        let value = SQLExpression<Int64>("va\"lue")
        try db.run(table.create { $0.column(value) })
        try db.run(table.insert(value <- 4))
        #expect(try db.pluck(table.filter(value == 4)).map { try $0.get(value) } == 4)
        #expect(try db.pluck(table.filter(1...5 ~= value)).map { try $0.get(value) } == 4)
        #expect(try db.pluck(table.filter(value == 5)) == nil)
    }
}
