/// Remembers, for one connection, that SQLite's JSON functions run there.
///
/// Only a positive answer is kept: a connection that lacks them may gain them later by loading
/// the JSON1 extension, so a negative answer is asked again.
private final class JSONAvailability {}

extension Connection {
    /// Whether SQLite's JSON functions (`json_extract`, `json_each`, …) run on this connection.
    ///
    /// They are built in from SQLite 3.38; older libraries have them only when compiled with
    /// `SQLITE_ENABLE_JSON1` (Debian's 3.40 is, SQLCipher 3.4's 3.15 is not) or when the JSON1
    /// extension is loaded. So the answer comes from SQLite itself, not from the version: the
    /// first time it is asked, the connection compiles `SELECT json_valid('1')`.
    ///
    /// ```swift
    /// if db.supportsJSON {
    ///     try db.scalar("SELECT json_extract(body, '$.name') FROM docs")
    /// }
    /// ```
    ///
    /// A closed connection reports `false`.
    public var supportsJSON: Bool {
        let key = ObjectIdentifier(JSONAvailability.self)
        if connectionHandle.contexts[key] != nil { return true }
        guard let db = handle else { return false }
        // Compiled directly, not through prepare(sql:), whose error path asks this property.
        var statement: OpaquePointer?
        let code = slate_prepare_v3(db, "SELECT json_valid('1')", -1, 0, &statement, nil)
        sqlite3_finalize(statement)
        guard code == SQLITE_OK else { return false }
        connectionHandle.contexts[key] = JSONAvailability()
        return true
    }

    /// Throws unless SQLite's JSON functions run on this connection (see ``supportsJSON``).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR`) naming the missing feature and the version
    ///   that has it built in, or (`SQLITE_MISUSE`) when the connection is closed.
    public func requireJSON() throws(SQLiteError) {
        _ = try checkedHandle()
        guard !supportsJSON else { return }
        throw SQLiteError.error(Self.jsonUnavailableMessage)
    }

    /// Why JSON SQL cannot run here, for ``requireJSON()`` and for failed statements.
    static var jsonUnavailableMessage: String {
        "JSON functions need SQLite 3.38.0 or newer (or a build with JSON1); the linked library \(SQLite.version) lacks them"
    }

    /// The error to report for SQL that failed to compile: when it failed because a JSON function
    /// is missing on this connection, SQLite's "no such function: json_extract" (or "no such table:
    /// json_each" for the table-valued functions) gains the reason; any other error is unchanged.
    ///
    /// - Parameter error: The error SQLite reported.
    /// - Returns: The error to throw.
    func explainingMissingJSON(_ error: SQLiteError) -> SQLiteError {
        let message = error.message
        let missingJSON =
            message == "no such function: json" || message.hasPrefix("no such function: json_")
            || message.hasPrefix("no such table: json_each") || message.hasPrefix("no such table: json_tree")
        guard missingJSON, !supportsJSON else { return error }
        return SQLiteError(
            code: error.code.rawValue, message: message, details: message + ": " + Self.jsonUnavailableMessage,
            sql: error.sql, offset: error.offset)
    }
}
