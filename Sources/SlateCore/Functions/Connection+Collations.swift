import Foundation

extension Connection {
    /// Creates (or replaces) a collating sequence, usable as `COLLATE name` in SQL.
    ///
    /// ```swift
    /// try db.createCollation("NODIACRITIC") { lhs, rhs in
    ///     lhs.compare(rhs, options: .diacriticInsensitive)
    /// }
    /// try db.prepare("SELECT * FROM restaurants ORDER BY name COLLATE NODIACRITIC")
    /// ```
    ///
    /// SQLite compares TEXT values with it; text that is not valid UTF-8 reaches the closure with
    /// the invalid bytes replaced by U+FFFD. The comparison must be consistent (a total order),
    /// or indexes and sorts using it go wrong.
    ///
    /// - Parameters:
    ///   - collation: The collation's name.
    ///   - block: Compares two texts.
    /// - Throws: ``SQLiteError`` when a statement is running (`SQLITE_BUSY`) or the connection is
    ///   closed.
    public func createCollation(_ collation: String, _ block: @escaping (_ lhs: String, _ rhs: String) -> ComparisonResult) throws(SQLiteError) {
        let db = try checkedHandle()
        try SQLiteError.checkNoNUL(collation, "the collation name")
        let definition = Unmanaged.passRetained(CollationDefinition(name: collation, compare: block))
        let code = sqlite3_create_collation_v2(
            db, collation, SQLITE_UTF8, definition.toOpaque(), collationCompareCallback, collationDestroyCallback)
        guard code == SQLITE_OK else {
            // SQLite does not call the destroy callback when it rejects a collation.
            definition.release()
            throw SQLiteError(code: code, db: db).explained("cannot create collation \(collation)")
        }
    }

    /// Removes a collating sequence created with ``createCollation(_:_:)``; its closure is
    /// released at once. SQL using it afterwards fails with "no such collation sequence".
    ///
    /// - Parameter collation: The collation's name.
    /// - Throws: ``SQLiteError`` when a statement is running (`SQLITE_BUSY`) or the connection is
    ///   closed.
    public func removeCollation(_ collation: String) throws(SQLiteError) {
        let db = try checkedHandle()
        try SQLiteError.checkNoNUL(collation, "the collation name")
        let code = sqlite3_create_collation_v2(db, collation, SQLITE_UTF8, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, db: db).explained("cannot remove collation \(collation)")
        }
    }
}
