// W5S (issue 24): W5's prepared insert into a keyed table, with and without a `Session`
// recording it, through SlateCore's public API.
import SlateCore

extension SlateDriver {
    /// W5S: one prepared `Statement` in one `transaction`, `bind(_:at:)` × 11 (the key and the
    /// ten columns), `step()`, `reset()` per row, into `items_keyed`.
    ///
    /// - Parameters:
    ///   - rows: The rows to insert.
    ///   - recording: Whether a `Session` on the table records the inserts (created in the
    ///     timed body, before the transaction).
    ///   - makeChangeset: Whether the session's changeset is made too, after the commit.
    func insertKeyed(rows: Int, recording: Bool, makeChangeset: Bool) throws -> Checksum {
        let session = recording ? try Session(db, tables: .named([ItemsTable.keyedName])) : nil
        defer { session?.delete() }
        let checksum = try insertRows(ItemsTable.keyedInsertSQL, rows: rows, keyed: true)
        if makeChangeset, let session {
            let changeset = try session.changeset()
            // 11 integers a row, so at least 12 bytes each: the changeset really holds them.
            guard changeset.data.count >= 12 * rows else {
                throw BenchmarkError("the changeset holds \(changeset.data.count) bytes for \(rows) rows")
            }
        }
        return checksum
    }
}
