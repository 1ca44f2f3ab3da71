import Foundation
import Slate
import SlateTestSupport
import Testing

/// Operators SQLite.swift's OperatorsTests use that Slate lacked: ordering comparisons between
/// conditions (`Bool`, whose Datatype is Int64 in SQLite.swift) and partial ranges over nullable
/// columns; partial ranges render without parentheses, as SQLite.swift 0.16 writes them.
@Suite("Ordering operators")
struct OrderingOperatorGapTests: UsersFixture {
    let optionalVerified = SQLExpression<Bool?>("verified")
    /// `age` read as `Int64?` (the fixture reads it as `Int?`): the ranges below are of `Int64`.
    let int64Age = SQLExpression<Int64?>("age")

    @Test("conditions order as SQLite's integers do: false < true")
    func boolOrdering() throws {
        #expect((verified > optionalVerified).asSQL() == "(\"verified\" > \"verified\")")
        #expect((verified >= true).asSQL() == "(\"verified\" >= 1)")
        #expect((false < optionalVerified).asSQL() == "(0 < \"verified\")")
        #expect((optionalVerified <= false).asSQL() == "(\"verified\" <= 0)")

        let db = try makeUsersDatabase()
        #expect(try db.scalar(users.filter(verified > false).count) == 2)
        #expect(try db.scalar(users.filter(verified < true).count) == 1)
        #expect(try db.scalar(users.filter(optionalVerified >= true).count) == 2)
        #expect(throws: SQLiteError.self) {
            try db.scalar(Table("missing").filter(verified > false).count)
        }
    }

    @Test("partial ranges match nullable columns and render without parentheses")
    func partialRanges() throws {
        #expect((4.5... ~= balance).asSQL() == "\"balance\" >= 4.5")
        #expect((...4.5 ~= balance).asSQL() == "\"balance\" <= 4.5")
        #expect((..<4.5 ~= balance).asSQL() == "\"balance\" < 4.5")
        #expect((Int64(30)... ~= int64Age).asSQL() == "\"age\" >= 30")
        #expect((...Int64(30) ~= int64Age).asSQL() == "\"age\" <= 30")
        #expect((..<Int64(30) ~= int64Age).asSQL() == "\"age\" < 30")

        let db = try makeUsersDatabase()
        // Betty's age is NULL: no range matches her.
        #expect(try db.scalar(users.filter(Int64(30)... ~= int64Age).count) == 2)
        #expect(try db.scalar(users.filter(...Int64(30) ~= int64Age).count) == 1)
        #expect(try db.scalar(users.filter(..<Int64(30) ~= int64Age).count) == 0)
        #expect(try db.scalar(users.filter(100.0... ~= balance && verified).count) == 1)
    }
}
