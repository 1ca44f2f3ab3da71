import Foundation

extension Connection {
    /// Rebuilds the main database file, repacking it into the minimum space (`VACUUM`).
    ///
    /// - Throws: ``SQLiteError`` when a transaction is open, a statement is running, the
    ///   database is read-only, or the connection is closed.
    public func vacuum() throws(SQLiteError) {
        try exec("VACUUM")
    }

    /// Rebuilds a database into a new file, leaving the original unchanged (`VACUUM INTO`):
    /// a compact, consistent copy, even while the database is in use.
    ///
    /// ```swift
    /// try db.vacuum(into: "/backups/app-compact.sqlite")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The new file's path (or a `file:` URI); it must not exist or must be empty.
    ///   - schema: The database to copy: `"main"` by default, or an attached schema name.
    /// When the copy fails part of the way (a full disk, an I/O error), the file is removed, or
    /// emptied again if it existed empty before, so that a failed copy is never mistaken for a
    /// good one. (A `file:` URI names no path this can check, so its file is left as SQLite
    /// leaves it.)
    ///
    /// - Throws: ``SQLiteError`` when the file already holds data, cannot be created, the schema
    ///   does not exist, SQLite is older than 3.27, or the connection is closed; of category
    ///   `.io` when the copy cannot be written.
    public func vacuum(into path: String, schema: String = "main") throws(SQLiteError) {
        _ = try checkedHandle()
        try SQLiteError.checkNoNUL(path, "the file name to vacuum into")
        try SQLite.require(.vacuumInto)
        // SQLite writes the copy in place, without a journal: after a failure the file can hold
        // page 1 and part of the rest, and still open as a valid, empty or partial database.
        let manager = FileManager.default
        let existedEmpty = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) == 0
        let existed = manager.fileExists(atPath: path)
        do {
            try exec("VACUUM \(SQLiteValue.quoteIdentifier(schema)) INTO \(SQLiteValue.quote(path))")
        } catch {
            // Whatever is there now and was not before is this call's partial copy.
            if !existed {
                try? manager.removeItem(atPath: path)
            } else if existedEmpty, let handle = FileHandle(forWritingAtPath: path) {
                try? handle.truncate(atOffset: 0)
                try? handle.close()
            }
            throw error
        }
    }
}
