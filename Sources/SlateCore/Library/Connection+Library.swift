extension Connection {
    /// Initializes the SQLite library (`sqlite3_initialize`); opening a connection does it too.
    ///
    /// - Throws: ``SQLiteError`` when initialization fails.
    public static func initialize() throws(SQLiteError) {
        let code = sqlite3_initialize()
        guard code == SQLITE_OK else { throw SQLiteError(code: code, details: "sqlite3_initialize failed") }
    }

    /// Releases the SQLite library's resources (`sqlite3_shutdown`). Close every connection first.
    ///
    /// - Throws: ``SQLiteError`` when shutdown fails.
    public static func shutdown() throws(SQLiteError) {
        let code = sqlite3_shutdown()
        guard code == SQLITE_OK else { throw SQLiteError(code: code, details: "sqlite3_shutdown failed") }
    }
}
