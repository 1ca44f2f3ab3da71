import Foundation
import SlateCore
import Testing

/// A quote followed by a combining mark or an emoji modifier is one `Character` but still a
/// quote to SQLite: literals and identifiers double it (the conversion fuzz test found text that
/// ended its literal early, a syntax error and an opening for injected SQL).
@Suite("Quoting text and identifiers")
struct QuotingTests {
    static let tricky = [
        "a'\u{301}b", "'\u{1F3FD}", "x'\u{200D}y", "''\u{301}'", "é'", "\u{0}'\u{301}\u{0}",
        "it'\u{301}s'); DROP TABLE t; --"
    ]

    @Test func literalsDoubleEveryQuote() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x)")
        for text in Self.tricky {
            let literal = SQLiteValue.text(text).sqliteLiteral
            let read = try #require(try db.cursor("SELECT \(literal)").next()).get(0, as: String.self)
            #expect(Array(read.utf8) == Array(text.utf8), "\(literal)")
        }
        #expect(SQLiteValue.quote("a'\u{301}b").unicodeScalars.filter { $0 == "'" }.count == 4)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
    }

    @Test func textWithManyNULsIsOneValidLiteral() throws {
        let db = try Connection()
        // A flat `'a' || char(0) || …` chain of thousands of terms exceeds SQLite's expression depth.
        for text in [String(repeating: "a\u{0}", count: 5_000), String(repeating: "\u{0}", count: 3_000), "\u{0}", "x\u{0}"] {
            let literal = SQLiteValue.text(text).sqliteLiteral
            let read = try #require(try db.cursor("SELECT \(literal)").next()).get(0, as: String.self)
            #expect(Array(read.utf8) == Array(text.utf8))
        }
        #expect(SQLiteValue.text("a\u{0}b").sqliteLiteral == "('a' || char(0) || 'b')")
    }

    @Test func identifiersDoubleEveryQuote() throws {
        let db = try Connection()
        for name in ["a\"\u{301}b", "\"\u{1F3FD}", "x\"\u{301}\"; DROP TABLE t; --"] {
            let quoted = SQLiteValue.quoteIdentifier(name)
            try db.execute(sql: "CREATE TABLE \(quoted) (\(quoted) INTEGER)")
            try db.execute(sql: "INSERT INTO \(quoted) VALUES (1)")
            let names = try db.prepare(sql: "SELECT \(quoted) FROM \(quoted)").columnNames
            #expect(names.map { Array($0.utf8) } == [Array(name.utf8)])
        }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master") == 3)
    }
}
