import Foundation
import Slate
import SlateTestSupport
import Testing

/// A nested value with every kind of property whose JSON form SQLite.swift's default
/// `JSONEncoder` decides: dates, data, URLs, UUIDs, floats, nested optionals.
private struct Details: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var uuid: UUID
    var float: Float
    var double: Double
    var missing: String?
    var present: Int?
    var path: String
}

/// A row holding nested values.
private struct Document: Codable, Equatable {
    var id: Int64
    var details: Details
    var history: [Date]
    var optionalDetails: Details?
}

@Suite("Codable rows: nested values are JSON exactly as SQLite.swift writes it")
struct CodableNestedJSONTests {
    let documents = Table("documents")

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE documents (id INTEGER PRIMARY KEY, details TEXT, history TEXT, optionalDetails TEXT)")
    }

    fileprivate func details(date: Date = Date(timeIntervalSince1970: 0)) throws -> Details {
        Details(
            date: date, data: Data([1, 2, 3]), url: try #require(URL(string: "https://example.com/a")),
            uuid: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
            float: 0.1, double: 2.5, missing: nil, present: 7, path: "a/b")
    }

    func text(_ db: Connection, _ column: String) throws -> String {
        try #require(try db.scalar(String.self, "SELECT \(column) FROM documents"))
    }

    /// JSON text with its keys sorted, to compare texts whose key order differs.
    func sortedJSON(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func nestedValuesAreWhatADefaultJSONEncoderWrites() throws {
        let db = try makeDatabase()
        let value = Document(
            id: 1, details: try details(), history: [Date(timeIntervalSinceReferenceDate: 0.5)], optionalDetails: nil)
        try db.run(documents.insert(value))
        let stored = try text(db, "details")
        // Pinned: a date is seconds since 2001-01-01, data is base64, slashes are escaped, the
        // nil optional is left out; the keys are sorted.
        #expect(
            stored == #"""
                {"data":"AQID","date":-978307200,"double":2.5,"float":0.1,"path":"a\/b","present":7,\#
                "url":"https:\/\/example.com\/a","uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}
                """#)
        #expect(try text(db, "history") == "[0.5]")
        #expect(try db.scalar(Int64.self, "SELECT optionalDetails IS NULL FROM documents") == 1)
        // The same text, byte for byte, as a default JSONEncoder with sorted keys; and the same
        // JSON as SQLite.swift's plain `JSONEncoder()` (whose key order is unspecified).
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(stored == String(decoding: try sorted.encode(value.details), as: UTF8.self))
        #expect(try sortedJSON(stored) == sortedJSON(String(decoding: try JSONEncoder().encode(value.details), as: UTF8.self)))
        #expect(try db.pluck(documents)?.decode(as: Document.self) == value)
    }

    @Test func readsWhatSQLiteSwiftWrote() throws {
        let db = try makeDatabase()
        // What SQLite.swift stores: a default JSONEncoder's text, keys in any order.
        let expected = try details(date: Date(timeIntervalSince1970: 1_700_000_000))
        let written = String(decoding: try JSONEncoder().encode(expected), as: UTF8.self)
        try db.run("INSERT INTO documents VALUES (1, ?, ?, NULL)", written, "[0,-1.5]")
        let read = try #require(try db.pluck(documents)?.decode(as: Document.self))
        #expect(read.details == expected)
        #expect(read.history == [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1.5)])
        // A literal of that text: 0 is 2001-01-01 (not 1970, 31 years earlier).
        try db.run(
            "UPDATE documents SET details = ?",
            #"""
            {"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","date":0,"float":0.25,"url":"https:\/\/e.org\/x",\#
            "data":"","double":-0.0,"path":"\/","present":null}
            """#)
        let literal = try #require(try db.pluck(documents)?.decode(as: Document.self)).details
        #expect(literal.date == Date(timeIntervalSinceReferenceDate: 0))
        #expect(literal.date == Date(timeIntervalSince1970: 978_307_200))
        #expect(literal.data == Data())
        #expect(literal.url.absoluteString == "https://e.org/x")
        #expect(literal.float == 0.25)
        #expect(literal.missing == nil && literal.present == nil)
        #expect(literal.path == "/")
    }

    @Test func readsTheDateTextEarlierSlateVersionsWrote() throws {
        let db = try makeDatabase()
        // Earlier Slate versions: sorted keys, unescaped slashes, dates as date text.
        try db.run(
            "INSERT INTO documents VALUES (1, ?, ?, NULL)",
            #"""
            {"data":"AQID","date":"2023-11-14T22:13:20.123","double":2.5,"float":0.1,"path":"a/b","present":7,\#
            "url":"https://example.com/a","uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}
            """#, #"["1970-01-01T00:00:00.000"]"#)
        let read = try #require(try db.pluck(documents)?.decode(as: Document.self))
        #expect(read.details == (try details(date: Date(timeIntervalSince1970: 1_700_000_000.123))))
        #expect(read.history == [Date(timeIntervalSince1970: 0)])
    }

    @Test func aNestedDateThatIsNeitherIsAClearError() throws {
        let db = try makeDatabase()
        try db.run("INSERT INTO documents VALUES (1, NULL, ?, NULL)", #"["last tuesday"]"#)
        do {
            _ = try db.pluck(documents.select(SQLExpression<String?>("history")))?.decode(as: OnlyHistory.self)
            Issue.record("an invalid nested date decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("column \"history\""))
            #expect(context.debugDescription.contains("last tuesday"))
        }
    }

    @Test func nestedDatesHaveNoYearLimitButNonFiniteOnesThrow() throws {
        let db = try makeDatabase()
        // JSON holds any finite number, so a nested date outside 0000–9999 round-trips exactly.
        let far = [
            Date(timeIntervalSince1970: -62_200_000_000), Date(timeIntervalSince1970: 253_402_300_800),
            Date(timeIntervalSinceReferenceDate: 1e300), Date.distantPast, Date.distantFuture
        ]
        try db.run(documents.insert(Document(id: 1, details: try details(), history: far, optionalDetails: nil)))
        #expect(try db.pluck(documents)?.decode(as: Document.self).history == far)
        for bad in [
            Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.infinity),
            Date(timeIntervalSinceReferenceDate: .nan)
        ] {
            #expect(throws: EncodingError.self) {
                try documents.insert(Document(id: 2, details: try details(), history: [bad], optionalDetails: nil))
            }
        }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM documents") == 1)
    }
}

/// Decodes only the history column.
private struct OnlyHistory: Decodable {
    var history: [Date]
}
