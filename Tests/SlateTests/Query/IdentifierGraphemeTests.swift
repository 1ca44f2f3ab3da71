import Foundation
import Slate
import Testing

/// Identifiers whose quote is followed by a combining mark: `"` + U+031D is one `Character` in
/// Swift, so code that splits or unquotes identifiers by `Character` misreads them. Found by the
/// Quoting fuzz target (Fuzz/Corpus/Quoting/regression-quote-combining-mark).
@Suite("Identifiers with combining marks after a quote")
struct IdentifierGraphemeTests {
    static let names = [
        ".\"\u{031D}",  // the fuzzer's input: a dot, a quote, a combining mark
        "\"\u{0301}name",  // a quote and an accent at the start
        "a\"\u{0301}\"b",
        "\u{0301}x"  // a name that starts with a combining mark
    ]

    @Test("The schema DSL, a typed insert and a typed select keep the name byte for byte", arguments: names)
    func createInsertSelect(name: String) throws {
        let db = try Connection()
        let table = Table(name)
        let column = SQLExpression<String>(name)
        try db.run(table.create { $0.column(column) })
        let listed = try db.scalar(String.self, "SELECT name FROM sqlite_master WHERE type = 'table'")
        #expect(listed.map { Array($0.utf8) } == Array(name.utf8))
        let columns = try db.prepare(sql: "SELECT * FROM \(SQLiteValue.quoteIdentifier(name))").columnNames
        #expect(columns.map { Array($0.utf8) } == [Array(name.utf8)])
        try db.run(table.insert(column <- "value"))
        let row = try #require(try db.pluck(table.select(column)))
        #expect(try row.get(column) == "value")
    }

    @Test("An alias with a combining mark after a quote reads back by name", arguments: names)
    func alias(name: String) throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let aliased = SQLExpression<String>(value: "text").alias(name)
        let row = try #require(try db.pluck(Table("t").select(aliased)))
        #expect(try row.get(SQLExpression<String>(name)) == "text")
    }
}
