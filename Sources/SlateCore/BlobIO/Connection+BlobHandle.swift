import Foundation

extension Connection {
    /// Opens a BLOB (or TEXT) value for incremental reads and writes (`sqlite3_blob_open`).
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - column: The column's name.
    ///   - row: The rowid of the row.
    ///   - database: The schema: `"main"` by default, `"temp"` or an attached name.
    ///   - readOnly: Whether to open for reading only; read-write by default.
    /// - Returns: The handle.
    /// - Throws: ``SQLiteError`` when the table, column or row does not exist, the value is not a
    ///   BLOB or TEXT, the column is indexed or part of a key (read-write only), the database is
    ///   read-only, or the connection is closed.
    public func openBlob(
        table: String, column: String, row: Int64, database: String = "main", readOnly: Bool = false
    ) throws(SQLiteError) -> BlobHandle {
        let db = try checkedHandle()
        try SQLiteError.checkNoNUL(database, "the schema name")
        try SQLiteError.checkNoNUL(table, "the table name")
        try SQLiteError.checkNoNUL(column, "the column name")
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(db, database, table, column, row, readOnly ? 0 : 1, &blob)
        guard code == SQLITE_OK, let blob else {
            sqlite3_blob_close(blob)  // SQLite may return a handle even on failure
            throw SQLiteError(code: code, db: db)
                .explained("cannot open the blob in \(database).\(table).\(column) at row \(row)")
        }
        return BlobHandle(connection: self, handle: blob, database: database, table: table, row: row, readOnly: readOnly)
    }
}
