import Foundation
import Slate
import SlateTestSupport
import Testing

/// A row with floating-point numbers, for Codable writes.
private struct Reading: Codable {
    var id: Int64
    var value: Double
    var spare: Float?
}

/// SQLite stores a NaN as `NULL`: a write of one would put `NULL` in a `NOT NULL` column (and
/// report a constraint it did not break) or silently turn a number into nothing. Every write path
/// refuses it instead, with `SQLITE_MISMATCH` naming NaN, and writes nothing.
@Suite("NaN: every write refuses it, naming it")
struct NaNWriteTests {
    let readings = Table("readings")
    let id = SQLExpression<Int64>("id")
    let value = SQLExpression<Double>("value")
    let spare = SQLExpression<Float?>("spare")

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE readings (id INTEGER PRIMARY KEY, value REAL NOT NULL, spare REAL);
            INSERT INTO readings VALUES (1, 1.5, NULL);
            """)
    }

    /// Expects a write to throw the `SQLITE_MISMATCH` error of a NaN.
    func expectNaNError(_ name: String, _ write: () throws -> Void) {
        do {
            try write()
            Issue.record("\(name) ran")
        } catch let error as SQLiteError {
            #expect(error.code == SQLITE_MISMATCH && error.explanation.contains("NaN"), "\(name): \(error)")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.contains("NaN"), "\(name): \(context.debugDescription)")
            #expect((context.underlyingError as? SQLiteError)?.code == SQLITE_MISMATCH, "\(name)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func bindingANaNThrows() throws {
        let db = try makeDatabase()
        let insert = try db.prepare(sql: "INSERT INTO readings (id, value, spare) VALUES (?, ?, ?)")
        expectNaNError("bound Double") { try insert.bind(Double.nan, at: 2) }
        expectNaNError("bound Float?") { try insert.bind(Optional(Float.nan), at: 3) }
        expectNaNError("run with a Double") { try db.run("INSERT INTO readings VALUES (2, ?, NULL)", Double.nan) }
        expectNaNError("checked value") { _ = try Double.signalingNaN.checkedSQLiteValue() }
        #expect(try rowValues(db, "SELECT * FROM readings") == [[.int(1), .real(1.5), .null]])
    }

    @Test func typedSettersOfANaNThrow() throws {
        let db = try makeDatabase()
        expectNaNError("insert") { try db.run(readings.insert(id <- 2, value <- .nan)) }
        expectNaNError("optional insert") { try db.run(readings.insert(id <- 2, value <- 1, spare <- .nan)) }
        expectNaNError("update") { try db.run(readings.filter(id == 1).update(value <- -.nan)) }
        #expect(try rowValues(db, "SELECT * FROM readings") == [[.int(1), .real(1.5), .null]])
    }

    @Test func codableWritesOfANaNThrow() throws {
        let db = try makeDatabase()
        expectNaNError("Codable insert") { try db.run(readings.insert(Reading(id: 2, value: .nan, spare: nil))) }
        expectNaNError("Codable optional") { try db.run(readings.insert(Reading(id: 2, value: 1, spare: .nan))) }
        expectNaNError("Codable update") { try db.run(readings.filter(id == 1).update(Reading(id: 1, value: .nan))) }
        #expect(try rowValues(db, "SELECT * FROM readings") == [[.int(1), .real(1.5), .null]])
    }
}
