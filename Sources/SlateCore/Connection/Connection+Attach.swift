extension Connection {
    /// Attaches another database to this connection under a schema name (`ATTACH DATABASE`).
    ///
    /// Its tables are then reachable as `name.table` from SQL on this connection.
    ///
    /// ```swift
    /// try db.attach(.uri("external.sqlite", parameters: [.mode(.readOnly)]), as: "external")
    /// // ATTACH DATABASE 'file:external.sqlite?mode=ro' AS 'external'
    /// let count = try db.scalar("SELECT count(*) FROM external.users")
    /// ```
    ///
    /// URI locations are interpreted as URIs when SQLite allows URI filenames for this connection
    /// (opened SQLite.swift-style with `init(_:readonly:)`, from a ``Location/uri(_:parameters:)``
    /// or with ``Options/uri``, or an SQLite built with `SQLITE_USE_URI`, as Debian's is).
    ///
    /// - Parameters:
    ///   - location: The database to attach; `.inMemory` and `.temporary` attach fresh private
    ///     databases.
    ///   - name: The schema name; any text is allowed, it is quoted.
    /// - Throws: ``SQLiteError`` when the name is taken, too many databases are attached, the file
    ///   cannot be opened (`SQLITE_CANTOPEN`) or is not a database, or the connection is closed.
    public func attach(_ location: Location, as name: String) throws(SQLiteError) {
        // Quoted as literals, a NUL would be spliced in as text, and SQLite would open the file
        // named by the part before it.
        try SQLiteError.checkNoNUL(location.filename, "the file name to attach")
        try SQLiteError.checkNoNUL(name, "the schema name")
        let sql = "ATTACH DATABASE \(SQLiteValue.quote(location.filename)) AS \(SQLiteValue.quote(name))"
        do {
            try exec(sql)
        } catch {
            // SQLite's messages ("unable to open database: …") do not always name the file.
            throw SQLiteError(
                code: error.code.rawValue, message: error.message,
                details: "cannot attach \(location.filename) as \(name): \(error.explanation)", sql: sql)
        }
    }

    /// Detaches a database attached with ``attach(_:as:)`` (`DETACH DATABASE`).
    ///
    /// - Parameter name: The schema name it was attached as.
    /// - Throws: ``SQLiteError`` when no database is attached under `name`, when it is in use by
    ///   a running statement or an open transaction, or when the connection is closed.
    public func detach(_ name: String) throws(SQLiteError) {
        try SQLiteError.checkNoNUL(name, "the schema name")
        try exec("DETACH DATABASE \(SQLiteValue.quote(name))")
    }

    /// The databases of this connection, in order: `main`, `temp` (once used) and attached ones.
    ///
    /// - Returns: Each database's schema name and file path (empty for in-memory and temporary
    ///   databases).
    /// - Throws: ``SQLiteError`` when the connection is closed.
    public func databaseList() throws(SQLiteError) -> [(name: String, path: String)] {
        var list: [(name: String, path: String)] = []
        let cursor = try prepare(sql: "PRAGMA database_list").cursor()
        while let row = try cursor.next() {
            list.append((try row.get(1, as: String.self), try row.get(2, as: String?.self) ?? ""))
        }
        return list
    }
}
