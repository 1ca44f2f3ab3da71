import Foundation
import SlateCore
import Testing

/// Dates read straight from the statement's text (no String copy) convert exactly as through
/// `SQLiteValue`, and refuse what that path refuses.
@Suite struct DateColumnReadingTests {
    private func read(_ sqlLiteral: String) throws -> (direct: Date?, viaValue: Date?) {
        let db = try Connection()
        let cursor = try db.prepare(sql: "SELECT \(sqlLiteral)").cursor()
        let row = try #require(try cursor.next())
        let direct = try? row.get(0, as: Date.self)
        return (direct, Date(row[0]))
    }

    @Test func textDatesMatchTheValuePath() throws {
        for literal in [
            "'2024-02-29T13:45:10.123'", "'2024-02-29 13:45'", "'2024-02-29'",
            "'2024-02-29T13:45:10.123456Z'", "'2024-02-29 13:45:10+02:00'", "'1969-12-31T23:59:59.999'"
        ] {
            let (direct, viaValue) = try read(literal)
            #expect(direct != nil, "\(literal)")
            #expect(direct == viaValue, "\(literal)")
        }
        let (direct, _) = try read("'2024-02-29T13:45:10.123'")
        #expect(direct == Date(timeIntervalSince1970: 1_709_214_310.123))
    }

    /// The 23-byte text Slate writes is read at fixed offsets: the same date, to the bit, as the
    /// general parser gives for the same instant written one digit longer, and the same refusals.
    @Test func canonicalTextMatchesTheGeneralParser() throws {
        for text in [
            "2024-02-29T13:45:10.123", "2024-02-29 13:45:10.123", "0000-01-01T00:00:00.000",
            "9999-12-31T23:59:59.999", "1969-12-31T23:59:59.999", "1996-07-04T01:05:17.007"
        ] {
            let canonical = try #require(SQLiteDateFormat.date(from: text), "\(text)")
            #expect(SQLiteDateFormat.date(from: text + "0") == canonical, "\(text)")
            #expect(try read("'\(text)'").direct == canonical, "\(text)")
        }
        #expect(SQLiteDateFormat.date(from: "2024-02-29T13:45:10.123") == Date(timeIntervalSince1970: 1_709_214_310.123))
        for text in [
            "2024-13-01T00:00:00.000", "2024-00-01T00:00:00.000", "2023-02-29T00:00:00.000", "2024-04-31T00:00:00.000",
            "2024-01-00T00:00:00.000", "2024-01-01T24:00:00.000", "2024-01-01T00:60:00.000", "2024-01-01T00:00:60.000",
            "2024-01-01X00:00:00.000", "2024/01/01T00:00:00.000", "2024-01-01T00-00:00.000", "2024-01-01T00:00:00,000",
            "2O24-01-01T00:00:00.000", "2024-01-01T00:00:00.00a", "2024-01-01T00:0 :00.000", "+024-01-01T00:00:00.000",
            "2024-01-01T00:00:00.0:0"
        ] {
            #expect(SQLiteDateFormat.date(from: text) == nil, "\(text)")
            #expect(try read("'\(text)'").direct == nil, "\(text)")
        }
    }

    @Test func numbersAreUnixTimes() throws {
        #expect(try read("86400").direct == Date(timeIntervalSince1970: 86_400))
        #expect(try read("1.5").direct == Date(timeIntervalSince1970: 1.5))
    }

    @Test func invalidTextNullAndBlobsAreRefused() throws {
        for literal in [
            "'2024-02-30'", "'not a date'", "''", "'2024-02-29' || char(0) || 'x'",
            "'2024-02-29T13:45:10.123 '", "NULL", "x'00'"
        ] {
            let (direct, viaValue) = try read(literal)
            #expect(direct == nil, "\(literal)")
            #expect(viaValue == nil, "\(literal)")
        }
        let db = try Connection()
        let row = try #require(try db.prepare(sql: "SELECT 'nope'").cursor().next())
        #expect(throws: SQLiteError.self) { try row.get(0, as: Date.self) }
        // An optional accepts NULL only: invalid text is still a mismatch, not a silent nil.
        #expect(throws: SQLiteError.self) { try row.get(0, as: Date?.self) }
    }

    @Test func optionalDatesReadNullAsNil() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE d (at TEXT); INSERT INTO d VALUES (NULL), ('2000-01-01T00:00:00.000')")
        let cursor = try db.prepare(sql: "SELECT at FROM d ORDER BY at IS NULL DESC").cursor()
        #expect(try cursor.next()?.get(0, as: Date?.self) == .some(nil))
        #expect(try cursor.next()?.get(0, as: Date?.self) == Date(timeIntervalSince1970: 946_684_800))
    }
}
