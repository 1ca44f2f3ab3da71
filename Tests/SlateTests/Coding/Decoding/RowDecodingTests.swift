import Foundation
import Slate
import SlateTestSupport
import Testing

/// The decoding and typed-read fast paths the benchmarks rely on: by-name lookups that guess the
/// next column (cursor decoding), precomputed unqualified column names (typed rows), and the
/// conversions they must keep exact.
@Suite struct RowDecodingTests {
    struct Record: Codable, Equatable {
        var id: Int64
        var name: String
        var note: String?
        var score: Double
        var tag: Data
        var flag: Bool
        var created: Date
    }

    /// Properties declared in another order than the columns.
    struct Shuffled: Codable, Equatable {
        var flag: Bool
        var score: Double
        var id: Int64
        var note: String?
        var name: String
    }

    private func database() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE records (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, score REAL NOT NULL,
                                  tag BLOB NOT NULL, flag INTEGER NOT NULL, created TEXT NOT NULL);
            INSERT INTO records VALUES (1, 'one', NULL, 0.25, x'00ff10', 1, '2024-02-29T13:45:10.123');
            INSERT INTO records VALUES (2, 'tw' || char(0) || 'o', 'a' || char(0) || 'b', -1.5, x'', 0, '1970-01-01T00:00:00.000');
            """)
    }

    private var expected: [Record] {
        [
            Record(
                id: 1, name: "one", note: nil, score: 0.25, tag: Data([0x00, 0xFF, 0x10]), flag: true,
                created: Date(timeIntervalSince1970: 1_709_214_310.123)),
            Record(
                id: 2, name: "tw\u{0}o", note: "a\u{0}b", score: -1.5, tag: Data(), flag: false,
                created: Date(timeIntervalSince1970: 0))
        ]
    }

    private func sameDates(_ lhs: [Record], _ rhs: [Record]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { a, b in
                var a = a, b = b
                guard abs(a.created.timeIntervalSince1970 - b.created.timeIntervalSince1970) < 0.0005 else { return false }
                a.created = b.created
                return a == b
            }
    }

    @Test func cursorDecodingReadsNullsEmbeddedNULAndEveryType() throws {
        let db = try database()
        let records = try db.prepare(sql: "SELECT * FROM records ORDER BY id").cursor().decodeAll(Record.self)
        #expect(sameDates(records, expected))
    }

    @Test func cursorDecodingWithPropertiesOutOfColumnOrder() throws {
        let db = try database()
        // The guess (the column after the last one found) misses on every property here, and the
        // upper-case column names only match ignoring case: both fall back to the full lookup.
        let sql = "SELECT NAME, id, score, note, FLAG FROM records ORDER BY id"
        let cursor = try db.prepare(sql: sql).cursor()
        #expect(try cursor.decodeNext(Shuffled.self) == Shuffled(flag: true, score: 0.25, id: 1, note: nil, name: "one"))
        #expect(try cursor.decodeNext(Shuffled.self) == Shuffled(flag: false, score: -1.5, id: 2, note: "a\u{0}b", name: "tw\u{0}o"))
        #expect(try cursor.decodeNext(Shuffled.self) == nil)
    }

    @Test func rowDecodingThroughTypedQueries() throws {
        let db = try database()
        let records: [Record] = try db.cursor(Table("records").order(SQLExpression<Int64>("id")))
            .map { try $0.snapshot().decode() }
        #expect(sameDates(records, expected))
    }

    @Test func decodingErrorsStillNameTheColumn() throws {
        let db = try database()
        // A missing column, and NULL in a non-optional property, through the cursor fast path.
        #expect(throws: DecodingError.self) {
            try db.prepare(sql: "SELECT id, name FROM records").cursor().decodeAll(Record.self)
        }
        #expect(throws: DecodingError.self) {
            try db.prepare(sql: "SELECT id, note AS name, note, score, tag, flag, created FROM records ORDER BY id")
                .cursor().decodeAll(Record.self)
        }
        // Text in an integer property is a type mismatch, not a silent zero.
        #expect(throws: DecodingError.self) {
            try db.prepare(sql: "SELECT name AS id, name, note, score, tag, flag, created FROM records")
                .cursor().decodeAll(Record.self)
        }
        // The data is untouched.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM records") == 2)
    }

    @Test func typedRowsFindUnqualifiedColumnsOfStar() throws {
        let db = try database()
        let records = Table("records")
        let id = SQLExpression<Int64>("id")
        let name = SQLExpression<String>("name")
        let note = SQLExpression<String?>("note")
        for key: Int64 in [1, 2] {
            let row = try #require(try db.pluck(records.filter(id == key)))
            #expect(try row.get(id) == key)
            #expect(try row.get(records[id]) == key)
            #expect(try row.get(name) == (key == 1 ? "one" : "tw\u{0}o"))
            #expect(try row.get(note) == (key == 1 ? nil : "a\u{0}b"))
        }
        #expect(try db.pluck(records.filter(id == 3)) == nil)
    }

    @Test func typedRowsStillReportAmbiguousAndMissingColumns() throws {
        let db = try database()
        try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, rid INTEGER, text TEXT); INSERT INTO notes VALUES (5, 1, 'hi')")
        let records = Table("records")
        let notes = Table("notes")
        let id = SQLExpression<Int64>("id")
        let rid = SQLExpression<Int64>("rid")
        let text = SQLExpression<String>("text")
        let row = try #require(try db.pluck(records.join(notes, on: notes[rid] == records[id])))
        // "id" is in both tables: the unqualified name is ambiguous, the qualified ones are not.
        #expect(throws: SQLiteError.self) { try row.get(id) }
        #expect(try row.get(records[id]) == 1)
        #expect(try row.get(notes[id]) == 5)
        #expect(try row.get(text) == "hi")  // unique across both tables
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<Int64>("nope")) }
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "the test drops a column (SQLite 3.35)"))
    func typedLayoutIsReusedUntilTheSchemaChanges() throws {
        let db = try database()
        let records = Table("records")
        let id = SQLExpression<Int64>("id")
        let extra = SQLExpression<Int64?>("extra")
        // The same query runs many times on the cached statement, reusing its layout.
        for key: Int64 in [1, 2, 1] {
            let row = try #require(try db.pluck(records.filter(id == key)))
            #expect(try row.get(id) == key)
            #expect(throws: SQLiteError.self) { try row.get(extra) }
        }
        // `SELECT *` widens under the same SQL text once the table has a new column: SQLite
        // recompiles the statement, and the layout must follow.
        try db.execute(sql: "ALTER TABLE records ADD COLUMN extra INTEGER DEFAULT 42")
        let row = try #require(try db.pluck(records.filter(id == 2)))
        #expect(try row.get(extra) == 42)
        #expect(row.columnNames.last == "extra")
        try db.execute(sql: "ALTER TABLE records DROP COLUMN extra")
        let narrowed = try #require(try db.pluck(records.filter(id == 2)))
        #expect(!narrowed.columnNames.contains("extra"))
        #expect(throws: SQLiteError.self) { try narrowed.get(extra) }
    }

    @Test func typedRowsFindNonASCIIAndQuotedColumns() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE \"t\"\"q\" (\"caf\u{E9}\" INTEGER, \"we\"\"ird\" TEXT, plain REAL)")
        try db.execute(sql: "INSERT INTO \"t\"\"q\" VALUES (1, 'x', 2.5)")
        let table = Table("t\"q")
        let precomposed = SQLExpression<Int64>("caf\u{E9}")
        let decomposed = SQLExpression<Int64>("cafe\u{301}")  // canonically equal: found through the dictionary
        let weird = SQLExpression<String>("we\"ird")
        let plain = SQLExpression<Double>("plain")
        let row = try #require(try db.pluck(table))
        #expect(try row.get(precomposed) == 1)
        #expect(try row.get(decomposed) == 1)
        #expect(try row.get(table[precomposed]) == 1)
        #expect(try row.get(weird) == "x")
        #expect(try row.get(plain) == 2.5)
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<Double>("Plain")) }
    }
}
