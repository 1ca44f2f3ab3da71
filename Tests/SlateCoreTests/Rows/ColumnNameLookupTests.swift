import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// ColumnLayout's by-name lookup (`ColumnNameTable`, FNV over ASCII bytes, dictionaries for the
/// rest) keeps the semantics of the dictionaries it replaced on the hot path.
@Suite struct ColumnNameLookupTests {
    @Test func exactSpellingFirstThenCaseInsensitive() {
        let layout = ColumnLayout(names: ["id", "Name", "name", "score"])
        #expect(layout.index(of: "id") == 0)
        #expect(layout.index(of: "Name") == 1)
        #expect(layout.index(of: "name") == 2)  // exact spelling wins over an earlier case variant
        #expect(layout.index(of: "NAME") == 1)  // no exact match: the first case-insensitive one
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

    @Test func aNonASCIINameCanonicallyEqualToAnASCIIOne() throws {
        // KELVIN SIGN (U+212A) is canonically equivalent to LATIN CAPITAL LETTER K: Swift's `==`
        // (which the lookups follow) says they are the same name, so "K" finds the first of them,
        // whichever path (byte table, dictionary, the statement's guess) answers.
        let kelvin = "\u{212A}"
        #expect(kelvin == "K")
        let layout = ColumnLayout(names: [kelvin, "K", "k"])
        #expect(layout.index(of: "K") == 0)
        #expect(layout.index(of: kelvin) == 0)
        #expect(layout.index(of: "k") == 2)
        #expect(ColumnLayout(names: ["K", kelvin]).index(of: kelvin) == 0)
        // Ignoring case, the Kelvin sign folds to "k" as well.
        #expect(ColumnLayout(names: ["x", kelvin]).index(of: "k") == 1)
        #expect(ColumnLayout(names: ["x", "k"]).index(of: kelvin) == 1)

        let db = try Connection()
        let cursor = try db.prepare(sql: "SELECT 1 AS \"\u{212A}\", 2 AS \"K\", 3 AS \"k\"").cursor()
        let row = try #require(try cursor.next())
        // Read twice: the first read checks the guess at column 0, the second the guess after it.
        #expect(try row.get("K", as: Int64.self) == 1)
        #expect(try row.get("K", as: Int64.self) == 1)
        #expect(try row.get("k", as: Int64.self) == 3)
        #expect(try row.get(kelvin, as: Int64.self) == 1)
    }

    @Test func namesWithEmbeddedNULAndQuotes() {
        let layout = ColumnLayout(names: ["a\u{0}b", "a", "\"quoted\""])
        #expect(layout.index(of: "a\u{0}b") == 0)
        #expect(layout.index(of: "a") == 1)
        #expect(layout.index(of: "\"quoted\"") == 2)
    }

    @Test func rowsOfRealQueriesReadByName() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (Id INTEGER, label TEXT, \"naïve\" REAL); INSERT INTO t VALUES (7, 'seven', 0.5)")
        let rows = try db.prepare(sql: "SELECT * FROM t").rows()
        let row = try #require(rows.first)
        #expect(try row.get("Id", as: Int64.self) == 7)
        #expect(try row.get("id", as: Int64.self) == 7)
        #expect(try row.get("LABEL", as: String.self) == "seven")
        #expect(try row.get("naïve", as: Double.self) == 0.5)
        #expect(throws: SQLiteError.self) { try row.get("nope", as: Int64.self) }
    }

    // `Statement.columnIndex(named:)` first checks its guess (the column after the last one
    // found) inline; these pin that the guess never changes which column a name finds.

    @Test func statementGuessFollowsReadsInAnyOrder() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (a INTEGER, b INTEGER, c INTEGER); INSERT INTO t VALUES (1, 2, 3), (4, 5, 6)")
        let cursor = try db.prepare(sql: "SELECT a, b, c FROM t").cursor()
        var read: [[Int64]] = []
        while let row = try cursor.next() {
            // In order (guess hits), backwards (guess misses), case-folded, then in order again.
            read.append([
                try row.get("a"), try row.get("b"), try row.get("c"),
                try row.get("c"), try row.get("b"), try row.get("a"),
                try row.get("B"), try row.get("C"), try row.get("a")
            ])
        }
        #expect(read == [[1, 2, 3, 3, 2, 1, 2, 3, 1], [4, 5, 6, 6, 5, 4, 5, 6, 4]])
    }

    @Test func statementGuessSkipsRepeatedNames() throws {
        // A join repeats `id` and `title`: read in column order, the guess lands on the second
        // `id`, but a name finds the first column so spelled, as `ColumnLayout.index(of:)` does.
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE a (id INTEGER, title TEXT); CREATE TABLE b (id INTEGER, title TEXT);
                INSERT INTO a VALUES (1, 'one'); INSERT INTO b VALUES (2, 'two');
                """)
        let statement = try db.prepare(sql: "SELECT a.id, a.title, b.id, b.title FROM a, b")
        let cursor = statement.cursor()
        let row = try #require(try cursor.next())
        for _ in 0..<3 {
            #expect(try row.get("id", as: Int64.self) == 1)
            #expect(try row.get("title", as: String.self) == "one")
        }
        #expect(statement.columnIndex(named: "id") == 0)
        #expect(statement.columnIndex(named: "title") == 1)
        #expect(statement.columnIndex(named: "ID") == 0)
    }

    @Test func statementGuessComparesNonASCIINamesCanonically() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (\"caf\u{E9}\" INTEGER, \"Ünï\" INTEGER, x INTEGER); INSERT INTO t VALUES (1, 2, 3)")
        let statement = try db.prepare(sql: "SELECT * FROM t")
        let row = try #require(try statement.cursor().next())
        for _ in 0..<2 {
            #expect(try row.get("cafe\u{301}", as: Int64.self) == 1)  // decomposed spelling
            #expect(try row.get("caf\u{E9}", as: Int64.self) == 1)
            #expect(try row.get("ünï", as: Int64.self) == 2)  // case-folded, non-ASCII
            #expect(try row.get("x", as: Int64.self) == 3)
        }
        #expect(statement.columnIndex(named: "cafe") == nil)
    }

    @Test func missingNameAfterAGuessListsTheColumns() throws {
        let db = try Connection()
        let row = try #require(try db.prepare(sql: "SELECT 1 AS one, 2 AS two").cursor().next())
        #expect(try row.get("one", as: Int64.self) == 1)  // the guess is now `two`
        let error = sqliteError { _ = try row.get("three", as: Int64.self) }
        #expect(error?.code == SQLITE_RANGE)
        #expect(error?.explanation.contains("no column named three; the columns are one, two") == true)
        #expect(try row.get("two", as: Int64.self) == 2)
    }
}

/// A statement kept across a schema change: SQLite recompiles it on the next run's first step,
/// and a `SELECT *` then has other columns; reads by name must follow (found by review).
@Suite struct RecompiledStatementColumnTests {
    @Test func readsByNameFollowARecreatedTable() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER, y INTEGER); INSERT INTO t VALUES (1, 2)")
        let statement = try db.prepare(sql: "SELECT * FROM t")
        for _ in 0..<2 {  // twice, so the layout and the guess are warm
            let row = try #require(try statement.cursor().next())
            #expect(try row.get("x", as: Int64.self) == 1)
            #expect(try row.get("y", as: Int64.self) == 2)
        }
        try statement.reset()
        // Same names, other order: a stale layout would swap the values silently.
        try db.execute(sql: "DROP TABLE t; CREATE TABLE t (y INTEGER, x INTEGER); INSERT INTO t (x, y) VALUES (1, 2)")
        let row = try #require(try statement.cursor().next())
        #expect(try row.get("x", as: Int64.self) == 1)
        #expect(try row.get("y", as: Int64.self) == 2)
        #expect(statement.columnLayout.names == ["y", "x"])
        #expect(try statement.cursor().next()?.snapshot().get("x", as: Int64.self) == 1)
    }

    @Test func anAddedColumnIsFoundAfterTheRunEnds() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        let statement = try db.prepare(sql: "SELECT * FROM t")
        var xs: [Int64] = []
        try statement.cursor().forEach { xs.append(try $0.get("x")) }  // runs to the end (DONE)
        try db.execute(sql: "ALTER TABLE t ADD COLUMN y INTEGER DEFAULT 7")
        try statement.cursor().forEach { row in
            xs.append(try row.get("x"))
            xs.append(try row.get("y"))
        }
        #expect(xs == [1, 1, 7])
    }

    /// ColumnNameTable's documented behaviour: a name is "spelled exactly so" as Swift's `==`
    /// says, as the dictionaries it stands in for do, so the Kelvin sign is an exact match for "K".
    @Test func theKelvinSignMatchesAsSwiftsEqualitySays() {
        #expect("\u{212A}" == "K")
        #expect(ColumnLayout(names: ["\u{212A}"]).index(of: "K") == 0)
        #expect(ColumnLayout(names: ["\u{212A}"]).index(of: "\u{212A}") == 0)
        #expect(ColumnLayout(names: ["k", "\u{212A}"]).index(of: "K") == 1)  // exact (==) before ignoring case
        #expect(ColumnLayout(names: ["K", "\u{212A}"]).index(of: "K") == 0)  // the first so spelled
    }
}
