// W9's floor: a commit on one C connection, then the value read back on another, with no
// notification machinery in between.
import SlateCore

extension RawCDriver {
    /// Resets W9's counter (untimed).
    func resetObservedCounter() throws {
        try execute(ObservedCounter.resetSQL)
    }

    /// Commits `commits` increments on this connection, reading each back on `reader`.
    func commitThenRead(_ commits: Int, reader: RawCDriver) throws -> Checksum {
        var update: OpaquePointer?
        var select: OpaquePointer?
        try check(sqlite3_prepare_v2(db, ObservedCounter.commitSQL, -1, &update, nil), "prepare")
        defer { sqlite3_finalize(update) }
        try check(sqlite3_prepare_v2(reader.db, ObservedCounter.fetchSQL, -1, &select, nil), "prepare")
        defer { sqlite3_finalize(select) }
        var sum: Int64 = 0
        for value in 1...Int64(commits) {
            sqlite3_bind_int64(update, 1, value)
            guard sqlite3_step(update) == SQLITE_DONE else { throw BenchmarkError("W9: raw C commit failed") }
            sqlite3_reset(update)
            guard sqlite3_step(select) == SQLITE_ROW else { throw BenchmarkError("W9: raw C read failed") }
            let read = sqlite3_column_int64(select, 0)
            sqlite3_reset(select)
            guard read == value else { throw BenchmarkError("W9: raw C read \(read), expected \(value)") }
            sum &+= read
        }
        return Checksum(rows: commits, sum: sum)
    }
}
