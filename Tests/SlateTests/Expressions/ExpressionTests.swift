import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Typed expressions")
struct ExpressionTests: UsersFixture {
    @Test func identifiersAreQuotedAndLiteralsAreNot() {
        #expect(id.asSQL() == "\"id\"")
        #expect(SQLExpression<Int>("we\"ird").asSQL() == "\"we\"\"ird\"")
        #expect(SQLExpression<String>(literal: "CURRENT_TIMESTAMP").asSQL() == "CURRENT_TIMESTAMP")
        #expect(SQLExpression<String>(value: "O'Reilly").asSQL() == "'O''Reilly'")
        #expect(SQLExpression<String?>(value: nil).asSQL() == "NULL")
        #expect(SQLExpression<Int64>(value: 42).template == "?")
    }

    @Test func comparisons() {
        #expect((id == 1).asSQL() == "(\"id\" = 1)")
        #expect((name == nil).asSQL() == "(\"name\" IS NULL)")
        #expect((name != nil).asSQL() == "(\"name\" IS NOT NULL)")
        #expect((name == "a").asSQL() == "(\"name\" = 'a')")
        #expect((balance >= 10_000).asSQL() == "(\"balance\" >= 10000.0)")
        #expect((1 < id).asSQL() == "(1 < \"id\")")
        #expect((name === nil).asSQL() == "(\"name\" IS NULL)")
        #expect((name !== "x").asSQL() == "(\"name\" IS NOT 'x')")
        #expect((id <= id).asSQL() == "(\"id\" <= \"id\")")
    }

    @Test func booleanOperators() {
        #expect((verified || balance >= 10_000).asSQL() == "(\"verified\" OR (\"balance\" >= 10000.0))")
        #expect((!verified).asSQL() == "NOT (\"verified\")")
        #expect((verified && name != nil).asSQL() == "(\"verified\" AND (\"name\" IS NOT NULL))")
    }

    @Test func arithmeticAndConcatenation() {
        #expect((id + 1).asSQL() == "(\"id\" + 1)")
        #expect((balance * 2 - 1).asSQL() == "((\"balance\" * 2.0) - 1.0)")
        #expect((id % 2).asSQL() == "(\"id\" % 2)")
        #expect((id ^ 3).asSQL() == "(~((\"id\" & 3)) & (\"id\" | 3))")
        #expect((email + "!").asSQL() == "(\"email\" || '!')")
        #expect((-balance).asSQL() == "-(\"balance\")")
        #expect((~id).asSQL() == "~(\"id\")")
    }
}
