import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Registers the collation `name` on `db` with a comparison that holds a tracker, and returns
/// the probe that shows when SQLite releases the collation.
private func trackedCollation(
    _ db: Connection, _ name: String, _ compare: @escaping (String, String) -> ComparisonResult
) throws -> ReleaseProbe {
    let probe = ReleaseProbe()
    try probe.track { tracker in
        try db.createCollation(name) { lhs, rhs in
            _ = tracker
            return compare(lhs, rhs)
        }
    }
    return probe
}

@Suite("CollationTests")
struct CollationTests {
    private func names(_ db: Connection, _ sql: String) throws -> [String] {
        let statement = try db.prepare(sql: sql)
        var result: [String] = []
        while try statement.step() { result.append(statement.columnValue(at: 0, as: String.self) ?? "<not text>") }
        return result
    }

    @Test func collationOrdersAndCompares() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE cities (name TEXT); INSERT INTO cities VALUES ('Zürich'), ('zagreb'), ('Ålesund'), ('Berlin')")
        try db.createCollation("NODIACRITIC") { lhs, rhs in
            lhs.compare(rhs, options: [.diacriticInsensitive, .caseInsensitive])
        }
        #expect(try names(db, "SELECT name FROM cities ORDER BY name COLLATE NODIACRITIC") == ["Ålesund", "Berlin", "zagreb", "Zürich"])
        #expect(try db.scalar(Int64.self, "SELECT 'Zurich' = 'zürich' COLLATE NODIACRITIC") == 1)
        #expect(try db.scalar(Int64.self, "SELECT 'Zurich' = 'zürich'") == 0)

        // A column declared with the collation uses it for comparisons and its index.
        try db.execute(sql: "CREATE TABLE tags (label TEXT COLLATE NODIACRITIC UNIQUE)")
        try db.run("INSERT INTO tags VALUES ('Café')")
        let duplicate = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO tags VALUES ('cafe')") }
        #expect(duplicate?.code.matches(SQLITE_CONSTRAINT) == true)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM tags") == 1)
    }

    @Test func nonUTF8TextIsComparedWithoutCrashing() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE raw (t TEXT)")
        // 0xFF and a lone continuation byte are not UTF-8; SQLite stores them as TEXT anyway.
        try db.execute(sql: "INSERT INTO raw VALUES (CAST(X'FF62' AS TEXT)), (CAST(X'6180' AS TEXT)), ('c'), ('')")
        var seen: [String] = []
        try db.createCollation("BYLENGTH") { lhs, rhs in
            seen.append(lhs)
            seen.append(rhs)
            if lhs.count != rhs.count { return lhs.count < rhs.count ? .orderedAscending : .orderedDescending }
            return lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
        }
        let sorted = try names(db, "SELECT t FROM raw ORDER BY t COLLATE BYLENGTH")
        #expect(sorted == ["", "c", "a\u{FFFD}", "\u{FFFD}b"])
        #expect(seen.contains("\u{FFFD}b"))
        // The stored bytes are untouched.
        #expect(try db.scalar(String.self, "SELECT hex(t) FROM raw WHERE t = CAST(X'FF62' AS TEXT)") == "FF62")
    }

    @Test func removedCollationIsGoneAndReleased() throws {
        let db = try Connection()
        let tracker = try trackedCollation(db, "REVERSED") { lhs, rhs in rhs.compare(lhs) }
        try db.execute(sql: "CREATE TABLE t (s TEXT); INSERT INTO t VALUES ('a'), ('c'), ('b')")
        #expect(try names(db, "SELECT s FROM t ORDER BY s COLLATE REVERSED") == ["c", "b", "a"])
        try db.removeCollation("REVERSED")
        #expect(tracker.isReleased)
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT s FROM t ORDER BY s COLLATE REVERSED") }
        #expect(error?.explanation.contains("no such collation sequence: REVERSED") == true)
    }

    @Test func replacingACollationReleasesTheOldOne() throws {
        let db = try Connection()
        let tracker = try trackedCollation(db, "C1") { lhs, rhs in lhs.compare(rhs) }
        try db.createCollation("C1") { lhs, rhs in rhs.compare(lhs) }
        #expect(tracker.isReleased)
        #expect(try db.scalar(Int64.self, "SELECT 'a' < 'b' COLLATE C1") == 0)
    }

    @Test func collationsAreReleasedOnCloseAndRefusedAfterwards() throws {
        let db = try Connection()
        let tracker = try trackedCollation(db, "HELD") { lhs, rhs in lhs.compare(rhs) }
        #expect(!tracker.isReleased)
        db.close()
        #expect(tracker.isReleased)
        let error = #expect(throws: SQLiteError.self) { try db.createCollation("LATE") { $0.compare($1) } }
        #expect(error?.code.matches(SQLITE_MISUSE) == true)
        #expect(throws: SQLiteError.self) { try db.removeCollation("HELD") }
    }

    @Test func replacingACollationInUseIsRefused() throws {
        let db = try Connection()
        try db.createCollation("PLAIN") { $0.compare($1) }
        try db.execute(sql: "CREATE TABLE t (s TEXT); INSERT INTO t VALUES ('a'), ('b')")
        let running = try db.prepare(sql: "SELECT s FROM t ORDER BY s COLLATE PLAIN")
        #expect(try running.step())
        let probe = ReleaseProbe()
        let error = #expect(throws: SQLiteError.self) {
            try probe.track { tracker in
                try db.createCollation("PLAIN") { lhs, rhs in
                    _ = tracker
                    return rhs.compare(lhs)
                }
            }
        }
        #expect(error?.code.matches(SQLITE_BUSY) == true)
        #expect(error?.explanation.contains("PLAIN") == true)
        // The rejected closure is released, and the original collation still sorts.
        #expect(probe.isReleased)
        #expect(try running.step())
        #expect(running.columnValue(at: 0) == .text("b"))
        try running.reset()
    }
}
