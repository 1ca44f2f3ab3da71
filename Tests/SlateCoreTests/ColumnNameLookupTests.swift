import Foundation
import SlateCore
import Testing

/// ColumnLayout's by-name lookup (`ColumnNameTable`, FNV over ASCII bytes, dictionaries for the
/// rest) keeps the semantics of the dictionaries it replaced on the hot path.
@Suite struct ColumnNameLookupTests {
    @Test func exactSpellingFirstThenCaseInsensitive() {
        let layout = ColumnLayout(names: ["id", "Name", "name", "score"])
        #expect(layout.index(of: "id") == 0)
        #expect(layout.index(of: "Name") == 1)
        #expect(layout.index(of: "name") == 2)       // exact spelling wins over an earlier case variant
        #expect(layout.index(of: "NAME") == 1)       // no exact match: the first case-insensitive one
        #expect(layout.index(of: "SCORE") == 3)
        #expect(layout.index(of: "missing") == nil)
        #expect(layout.index(of: "") == nil)
    }

    @Test func repeatedNamesFindTheFirstColumn() {
        // A join repeats column names: the first one is found, as with the dictionary.
        let layout = ColumnLayout(names: ["id", "title", "id", "title"])
        #expect(layout.index(of: "id") == 0)
        #expect(layout.index(of: "title") == 1)
        #expect(layout.index(of: "ID") == 0)
    }

    @Test func manyColumnsWithCollidingSlots() {
        // More names than the initial table size, so probes wrap and chains form.
        let names = (0..<200).map { "column_\($0)" }
        let layout = ColumnLayout(names: names)
        for (index, name) in names.enumerated() {
            #expect(layout.index(of: name) == index)
            #expect(layout.index(of: name.uppercased()) == index)
        }
        #expect(layout.index(of: "column_200") == nil)
    }

    @Test func nonASCIINamesUseCanonicalEquivalence() {
        // "café" precomposed (U+00E9) and decomposed (e + U+0301) are equal Swift strings.
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let layout = ColumnLayout(names: ["id", precomposed, "Ünïcode"])
        #expect(layout.index(of: precomposed) == 1)
        #expect(layout.index(of: decomposed) == 1)
        #expect(layout.index(of: "ünïcode") == 2)
        #expect(layout.index(of: "cafe") == nil)
    }

    @Test func namesWithEmbeddedNULAndQuotes() {
        let layout = ColumnLayout(names: ["a\u{0}b", "a", "\"quoted\""])
        #expect(layout.index(of: "a\u{0}b") == 0)
        #expect(layout.index(of: "a") == 1)
        #expect(layout.index(of: "\"quoted\"") == 2)
    }

    @Test func rowsOfRealQueriesReadByName() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (Id INTEGER, label TEXT, \"naïve\" REAL)")
        try db.execute(sql: "INSERT INTO t VALUES (7, 'seven', 0.5)")
        let rows = try db.prepare(sql: "SELECT * FROM t").rows()
        let row = try #require(rows.first)
        #expect(try row.get("Id", as: Int64.self) == 7)
        #expect(try row.get("id", as: Int64.self) == 7)
        #expect(try row.get("LABEL", as: String.self) == "seven")
        #expect(try row.get("naïve", as: Double.self) == 0.5)
        #expect(throws: SQLiteError.self) { try row.get("nope", as: Int64.self) }
    }
}
