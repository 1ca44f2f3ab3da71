// W3, W4, W6 and the mixed fixture through the C API only (see RawCDriver.swift).
import Foundation
import SlateCore

extension RawCDriver {
    /// Fills `mixed` with the first `rows` rows of ``MixedTable/row(_:)`` (untimed fixture).
    func fillMixed(rows: Int) throws {
        try execute("DROP TABLE IF EXISTS mixed")
        try execute(MixedTable.createSQL)
        let statement = try prepare(MixedTable.insertSQL)
        defer { sqlite3_finalize(statement) }
        try execute("BEGIN")
        for index in 0..<rows {
            let record = MixedTable.row(index)
            sqlite3_bind_int64(statement, 1, record.id)
            sqlite3_bind_text(statement, 2, record.name, -1, SQLITE_TRANSIENT_C)
            if let body = record.body {
                sqlite3_bind_text(statement, 3, body, -1, SQLITE_TRANSIENT_C)
            } else {
                sqlite3_bind_null(statement, 3)
            }
            sqlite3_bind_double(statement, 4, record.score)
            _ = record.tag.withUnsafeBytes { bytes in
                sqlite3_bind_blob(statement, 5, bytes.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT_C)
            }
            sqlite3_bind_int64(statement, 6, record.flag ? 1 : 0)
            let created = try SQLiteDateFormat.string(from: record.created)
            sqlite3_bind_text(statement, 7, created, -1, SQLITE_TRANSIENT_C)
            let code = sqlite3_step(statement)
            guard code == SQLITE_DONE else { throw BenchmarkError("cannot fill mixed: SQLite error \(code)") }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// W3: steps through `items` and fills one ``ItemRecord`` per row with `sqlite3_column_int64`.
    func readRecords(_ sql: String) throws -> Checksum {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var records: [ItemRecord] = []
        while try step(statement, sql) {
            records.append(ItemRecord(
                c0: sqlite3_column_int64(statement, 0), c1: sqlite3_column_int64(statement, 1),
                c2: sqlite3_column_int64(statement, 2), c3: sqlite3_column_int64(statement, 3),
                c4: sqlite3_column_int64(statement, 4), c5: sqlite3_column_int64(statement, 5),
                c6: sqlite3_column_int64(statement, 6), c7: sqlite3_column_int64(statement, 7),
                c8: sqlite3_column_int64(statement, 8), c9: sqlite3_column_int64(statement, 9)))
        }
        return ItemRecord.checksum(records)
    }

    /// W4: steps through `mixed` and fills one ``MixedRecord`` per row: text read with its byte
    /// count, the blob copied, the date parsed from its fixed-width text by hand.
    func readMixed() throws -> Checksum {
        let sql = MixedTable.selectSQL
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var records: [MixedRecord] = []
        while try step(statement, sql) {
            guard let created = Self.date(statement, 6) else { throw BenchmarkError("raw C: bad date") }
            records.append(MixedRecord(
                id: sqlite3_column_int64(statement, 0),
                name: Self.text(statement, 1) ?? "",
                body: Self.text(statement, 2),
                score: sqlite3_column_double(statement, 3),
                tag: Self.blob(statement, 4),
                flag: sqlite3_column_int64(statement, 5) != 0,
                created: created))
        }
        return MixedRecord.checksum(records)
    }

    /// W6: one prepared `SELECT * … WHERE id = ?`, bound, stepped and reset per lookup.
    func lookups(_ count: Int) throws -> Checksum {
        let sql = MixedTable.lookupSQL
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var sum: Int64 = 0
        for step in 0..<count {
            sqlite3_bind_int64(statement, 1, MixedTable.lookupID(step: step, lookups: count))
            guard try self.step(statement, sql) else { throw BenchmarkError("raw C: no row") }
            sum &+= MixedTable.lookupValue(
                id: sqlite3_column_int64(statement, 0), name: Self.text(statement, 1) ?? "",
                score: sqlite3_column_double(statement, 3))
            sqlite3_reset(statement)
        }
        return Checksum(rows: count, sum: sum)
    }

    /// The first column of every row of a query, as text (`PRAGMA compile_options`).
    func texts(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var texts: [String] = []
        while try step(statement, sql) { texts.append(Self.text(statement, 0) ?? "") }
        return texts
    }

    // MARK: Helpers (also W10's, in RawCDriver+Orders.swift)

    func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw BenchmarkError("raw C: cannot prepare \(sql): \(code)") }
        return statement
    }

    /// Steps; `true` for a row, `false` when done.
    func step(_ statement: OpaquePointer?, _ sql: String) throws -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw BenchmarkError("raw C: SQLite error \(code) in \(sql)")
    }

    static func text(_ statement: OpaquePointer?, _ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    static func blob(_ statement: OpaquePointer?, _ column: Int32) -> Data {
        guard let pointer = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss.SSS` (UTC) as a C programmer would: fixed offsets, no copies.
    static func date(_ statement: OpaquePointer?, _ column: Int32) -> Date? {
        guard let p = sqlite3_column_text(statement, column), sqlite3_column_bytes(statement, column) == 23 else {
            return nil
        }
        func number(_ start: Int, _ width: Int) -> Int64 {
            var value: Int64 = 0
            for offset in start..<(start + width) { value = value * 10 + Int64(p[offset] &- 48) }
            return value
        }
        // Days from civil (Howard Hinnant's algorithm).
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + number(11, 2) * 3_600 + number(14, 2) * 60 + number(17, 2)
        return Date(timeIntervalSince1970: Double(seconds * 1_000 + number(20, 3)) / 1_000)
    }
}

/// `SQLITE_TRANSIENT`, which Swift cannot import from the C macro.
let SQLITE_TRANSIENT_C = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
