import Foundation
import Slate
import SlateTestSupport
import Testing

/// A row with a date, for Codable writes.
private struct Event: Codable, Equatable {
    var id: Int64
    var at: Date
    var until: Date?
}

/// Dates at the ends of date text, and beyond, through the typed layer and Codable: each
/// round-trips to the millisecond or is refused before anything is written.
@Suite("Dates at the extremes: typed and Codable writes")
struct DateExtremesTests {
    let events = Table("events")
    let id = SQLExpression<Int64>("id")
    let at = SQLExpression<Date>("at")
    let until = SQLExpression<Date?>("until")

    /// Year 0, `distantPast` (0000-12-30), `distantFuture`, the last millisecond of year 9999.
    static let representable: [Date] = [
        Date(timeIntervalSince1970: -62_167_219_200), .distantPast, Date(timeIntervalSince1970: -1.5), .distantFuture,
        Date(timeIntervalSince1970: 253_402_300_799.999)
    ]

    /// Year −1, year 10000, ±infinity, NaN and huge intervals.
    static let unrepresentable: [Date] = [
        Date(timeIntervalSince1970: -62_198_755_200), Date(timeIntervalSince1970: 253_402_300_800),
        Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.infinity),
        Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSinceReferenceDate: 1e300),
        Date(timeIntervalSince1970: -1e18)
    ]

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL DEFAULT 'x', until TEXT);
            INSERT INTO events VALUES (1, '2000-01-01T00:00:00.000', NULL);
            """)
    }

    /// The table's rows, as stored.
    func stored(_ db: Connection) throws -> [[SQLiteValue]] {
        try db.prepare(sql: "SELECT id, at, until FROM events ORDER BY id").rows().map(\.values)
    }

    func isRangeError(_ error: SQLiteError) -> Bool {
        error.code == SQLITE_MISMATCH && error.explanation.contains("outside the years 0000–9999")
    }

    @Test func typedWritesRoundTripRepresentableDates() throws {
        let db = try makeDatabase()
        for (offset, date) in Self.representable.enumerated() {
            let rowid = Int64(offset + 10)
            try db.run(events.insert(id <- rowid, at <- date, until <- date))
            let row = try #require(try db.pluck(events.filter(id == rowid)))
            #expect(abs(try row.get(at).timeIntervalSince(date)) <= 0.0005)
            #expect(try row.get(until).map { try SQLiteDateFormat.string(from: $0) } == (try SQLiteDateFormat.string(from: date)))
        }
    }

    /// Expects a write to throw the `SQLITE_MISMATCH` error of a date without date text.
    func expectRangeError(_ name: String, _ write: () throws -> Void) {
        do {
            try write()
            Issue.record("\(name) ran")
        } catch let error as SQLiteError {
            #expect(isRangeError(error), "\(name): \(error)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func typedWritesOfUnrepresentableDatesThrowAndWriteNothing() throws {
        let db = try makeDatabase()
        let before = try stored(db)
        for date in Self.unrepresentable {
            let name = "\(date.timeIntervalSince1970)"
            expectRangeError("insert of " + name) { try db.run(events.insert(id <- 2, at <- date)) }
            expectRangeError("optional insert of " + name) { try db.run(events.insert(id <- 2, until <- date)) }
            expectRangeError("insertMany of " + name) {
                try db.run(events.insertMany([[id <- 2, at <- Date()], [id <- 3, at <- date]]))
            }
            expectRangeError("update of " + name) { try db.run(events.filter(id == 1).update(at <- date)) }
            expectRangeError("optional update of " + name) { try db.run(events.update(until <- date)) }
        }
        #expect(try stored(db) == before)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "upsert and RETURNING need SQLite 3.35"))
    func upsertAndReturningOfUnrepresentableDatesThrow() throws {
        let db = try makeDatabase()
        let before = try stored(db)
        let far = Date(timeIntervalSince1970: 253_402_300_800)
        expectRangeError("upsert") { try db.run(events.upsert(id <- 1, at <- far, onConflictOf: id)) }
        expectRangeError("upsert set") { try db.run(events.upsert(id <- 1, onConflictOf: id, set: [at <- far])) }
        expectRangeError("insert returning") { _ = try db.run(events.insert(id <- 5, at <- far).returning(id)) }
        expectRangeError("update returning") { _ = try db.run(events.filter(id == 1).update(at <- far).returning(id)) }
        #expect(try stored(db) == before)
    }

    @Test func codableWritesRoundTripOrThrowAnEncodingError() throws {
        let db = try makeDatabase()
        for (offset, date) in Self.representable.enumerated() {
            let event = Event(id: Int64(offset + 10), at: date, until: date)
            try db.run(events.insert(event))
            let back = try #require(try db.pluck(events.filter(id == event.id))?.decode(as: Event.self))
            #expect(try SQLiteDateFormat.string(from: back.at) == (try SQLiteDateFormat.string(from: date)))
            #expect(back.until == back.at)
        }
        let before = try stored(db)
        for date in Self.unrepresentable {
            for event in [Event(id: 2, at: date, until: nil), Event(id: 2, at: Date(), until: date)] {
                do {
                    _ = try events.insert(event)
                    Issue.record("an insert of \(date.timeIntervalSince1970) was built")
                } catch let EncodingError.invalidValue(_, context) {
                    #expect(context.debugDescription.contains(event.until == nil ? "column \"at\"" : "column \"until\""))
                    #expect(context.debugDescription.contains("outside the years 0000–9999"))
                    #expect(context.underlyingError is SQLiteError)
                } catch {
                    // Describing the error is safe even for a NaN date (Foundation traps
                    // describing that Date itself).
                    Issue.record("another error: \(String(describing: error))")
                }
                do {
                    _ = try events.insert(event)
                } catch {
                    #expect(!String(describing: error).isEmpty)
                    #expect(!"\(error)".isEmpty)
                }
                #expect(throws: EncodingError.self) { try events.filter(id == 1).update(event) }
                #expect(throws: EncodingError.self) { try events.insertMany([event]) }
            }
        }
        #expect(try stored(db) == before)
    }

    @Test func codableDecodesStoredTextAndNumbersWithoutTrapping() throws {
        let db = try makeDatabase()
        // Columns without affinity, so that numbers stay numbers.
        try db.execute(
            sql: """
                DROP TABLE events;
                CREATE TABLE events (id INTEGER PRIMARY KEY, at, until);
                INSERT INTO events VALUES (1, '0000-01-01T00:00:00.000', '9999-12-31T23:59:59.999');
                INSERT INTO events VALUES (2, 9223372036854775807, -9223372036854775808);
                INSERT INTO events VALUES (3, 1e308, -1e308);
                INSERT INTO events VALUES (4, 9e999, -9e999);
                """)
        let read = try db.cursor(events.order(id)).map { try $0.snapshot().decode(as: Event.self) }
        #expect(
            read.map(\.at) == [
                Date(timeIntervalSince1970: -62_167_219_200), Date(timeIntervalSince1970: Double(Int64.max)),
                Date(timeIntervalSince1970: 1e308), Date(timeIntervalSinceReferenceDate: .infinity)
            ])
        #expect(
            read.map(\.until) == [
                Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: Double(Int64.min)),
                Date(timeIntervalSince1970: -1e308), Date(timeIntervalSinceReferenceDate: -.infinity)
            ])
        // Text outside date text's range is not a date: a clear error, not year 0.
        for text in ["10000-01-01T00:00:00.000", "-0001-12-31T00:00:00.000"] {
            try db.run("UPDATE events SET at = ? WHERE id = 1", text)
            #expect(throws: DecodingError.self) { try db.pluck(self.events.filter(self.id == 1))?.decode(as: Event.self) }
            #expect(throws: SQLiteError.self) { try db.pluck(self.events.filter(self.id == 1))?.get(self.at) }
        }
    }
}
