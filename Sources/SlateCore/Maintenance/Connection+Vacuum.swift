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
    /// - Throws: ``SQLiteError`` when the file already holds data, cannot be created, the schema
    ///   does not exist, SQLite is older than 3.27, or the connection is closed.
    public func vacuum(into path: String, schema: String = "main") throws(SQLiteError) {
        _ = try checkedHandle()
        try SQLiteError.checkNoNUL(path, "the file name to vacuum into")
        try SQLite.require("VACUUM INTO", version: 3_027_000)
        try exec("VACUUM \(SQLiteValue.quoteIdentifier(schema)) INTO \(SQLiteValue.quote(path))")
    }
}
