import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Every `Date` either round-trips through its text to the millisecond or is refused with a
/// clear `SQLITE_MISMATCH` error (a value that does not fit, not SQLite's "column index out of
/// range"); none traps, and none comes back as another year.
@Suite("Dates at and beyond the ends of date text")
struct DateRangeTests {
    /// Dates date text holds, and the text each is written as.
    static let representable: [(Date, String)] = [
        (Date(timeIntervalSince1970: -62_167_219_200), "0000-01-01T00:00:00.000"),  // year 0
        (Date(timeIntervalSince1970: -62_135_596_800), "0001-01-01T00:00:00.000"),  // year 1
        (Date.distantPast, "0000-12-30T00:00:00.000"),
        (Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00.000"),
        (Date(timeIntervalSince1970: -0.001), "1969-12-31T23:59:59.999"),
        (Date(timeIntervalSince1970: 1_709_214_310.123), "2024-02-29T13:45:10.123"),
        (Date.distantFuture, "4001-01-01T00:00:00.000"),
        (Date(timeIntervalSince1970: 253_402_300_799.999), "9999-12-31T23:59:59.999")  // year 9999
    ]

    /// Dates date text cannot hold.
    static let unrepresentable: [Date] = [
        Date(timeIntervalSince1970: -62_167_219_200.001),  // 0000-01-01 minus 1 ms: year −1
        Date(timeIntervalSince1970: -62_198_755_200),  // year −1
        Date(timeIntervalSince1970: 253_402_300_800),  // year 10000
        Date(timeIntervalSince1970: 253_402_300_799.9996),  // rounds up to year 10000
        Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15),
        Date(timeIntervalSinceReferenceDate: 1e300), Date(timeIntervalSinceReferenceDate: -.greatestFiniteMagnitude),
        Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.infinity),
        Date(timeIntervalSinceReferenceDate: .nan),
        Date(timeIntervalSince1970: Double(Int64.max)), Date(timeIntervalSince1970: Double(Int64.min))
    ]

    @Test func representableDatesRoundTripThroughTheirText() throws {
        for (date, text) in Self.representable {
            #expect(try SQLiteDateFormat.string(from: date) == text)
            #expect(date.sqliteValue == .text(text))
            let back = try #require(SQLiteDateFormat.date(from: text), "\(text)")
            #expect(abs(back.timeIntervalSince(date)) <= 0.0005, "\(text)")
            #expect(try SQLiteDateFormat.string(from: back) == text)
        }
    }

    @Test func unrepresentableDatesThrowAMismatchError() {
        for date in Self.unrepresentable {
            let error = sqliteError { _ = try SQLiteDateFormat.string(from: date) }
            #expect(error?.code == SQLITE_MISMATCH, "\(date.timeIntervalSince1970)")
            #expect(error?.explanation.contains("outside the years 0000–9999") == true)
            #expect(sqliteError { _ = try date.checkedSQLiteValue() }?.code == SQLITE_MISMATCH)
            // The unchecked form falls back to the Unix time, never to another year's text.
            #expect(date.sqliteValue.isNull == false)
            if case .text = date.sqliteValue { Issue.record("\(date.timeIntervalSince1970) got date text") }
        }
        #expect(Date(timeIntervalSinceReferenceDate: .infinity).sqliteValue == .real(.infinity))
    }

    @Test func bindingThrowsAndLeavesTheStatementUsable() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (at TEXT)")
        let insert = try db.prepare(sql: "INSERT INTO t VALUES (?)")
        for date in Self.unrepresentable {
            let error = sqliteError { try insert.bind(date, at: 1) }
            #expect(error?.code == SQLITE_MISMATCH, "\(date.timeIntervalSince1970)")
            #expect(sqliteError { try insert.bind(Optional(date), at: 1) }?.code == SQLITE_MISMATCH)
            #expect(sqliteError { try db.run("INSERT INTO t VALUES (?)", date) }?.code == SQLITE_MISMATCH)
            #expect(sqliteError { try db.run("INSERT INTO t VALUES (:at)", [":at": date]) }?.code == SQLITE_MISMATCH)
        }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
        for (date, text) in Self.representable {
            try insert.bind(date, at: 1)
            try insert.executeToCompletion()
            #expect(try db.scalar(String.self, "SELECT at FROM t WHERE rowid = last_insert_rowid()") == text)
            let read = try #require(try db.cursor("SELECT at FROM t WHERE rowid = last_insert_rowid()").next())
            #expect(try SQLiteDateFormat.string(from: try read.get(0, as: Date.self)) == text)
        }
    }

    @Test func aFunctionReturningAnUnrepresentableDateFails() throws {
        let db = try Connection()
        try db.createFunction("far", deterministic: true) { () -> Date in Date(timeIntervalSince1970: 1e13) }
        try db.createFunction("near", deterministic: true) { () -> Date in Date(timeIntervalSince1970: 0) }
        #expect(try db.scalar(String.self, "SELECT near()") == "1970-01-01T00:00:00.000")
        let error = sqliteError { _ = try db.scalar(SQLiteValue.self, "SELECT far()") }
        #expect(error?.explanation.contains("outside the years 0000–9999") == true)
    }

    @Test func parsingExtremesNeverTraps() throws {
        #expect(SQLiteDateFormat.date(from: "0000-01-01T00:00:00.000") == Date(timeIntervalSince1970: -62_167_219_200))
        #expect(SQLiteDateFormat.date(from: "9999-12-31T23:59:59.999") == Date(timeIntervalSince1970: 253_402_300_799.999))
        // An offset may move a date just past either end: it is still read (and refused on write).
        let early = try #require(SQLiteDateFormat.date(from: "0000-01-01T00:00:00+01:00"))
        #expect(early == Date(timeIntervalSince1970: -62_167_222_800))
        #expect(sqliteError { _ = try SQLiteDateFormat.string(from: early) }?.code == SQLITE_MISMATCH)
        for text in [
            "10000-01-01T00:00:00.000", "-0001-01-01T00:00:00.000", "+2024-01-01", "0000-00-01", "9999-12-32",
            "2024-02-29T13:45:10." + String(repeating: "9", count: 100_000), "2024-02-29T24:00:00"
        ] {
            let parsed = SQLiteDateFormat.date(from: text)
            if text.hasPrefix("2024-02-29T13") {
                // A long fraction is read to the microsecond, without overflow.
                #expect(parsed == Date(timeIntervalSince1970: 1_709_214_310.999999))
            } else {
                #expect(parsed == nil, "\(text.prefix(30))")
            }
        }
        // Numbers are Unix times, whatever their size.
        #expect(Date(SQLiteValue.int(.max)) == Date(timeIntervalSince1970: Double(Int64.max)))
        #expect(Date(SQLiteValue.int(.min)) == Date(timeIntervalSince1970: Double(Int64.min)))
        #expect(Date(SQLiteValue.real(.greatestFiniteMagnitude)) == Date(timeIntervalSince1970: .greatestFiniteMagnitude))
        #expect(Date(SQLiteValue.real(-.infinity)) == Date(timeIntervalSinceReferenceDate: -.infinity))
    }

    @Test func millisecondsParseToTheDecimalTheyShow() {
        // `…:10.123` is exactly `Date(timeIntervalSince1970: ….123)`, and formats back the same.
        for millisecond in [0, 1, 5, 123, 499, 500, 501, 999] {
            let text = "2024-02-29T13:45:10." + String(1000 + millisecond).dropFirst()
            let date = SQLiteDateFormat.date(from: text)
            #expect(date == Date(timeIntervalSince1970: Double(1_709_214_310_000 + millisecond) / 1000), "\(text)")
            #expect(date.flatMap { try? SQLiteDateFormat.string(from: $0) } == text)
        }
    }
}
