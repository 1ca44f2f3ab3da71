// Typed queries that use SQL newer than the linked SQLite (SQLCipher 3.4 is SQLite 3.15) fail
// with an error naming the feature and the version it needs, not with a bare syntax error.

extension Connection {
    /// Throws when a query uses a clause the linked SQLite is too old to run.
    ///
    /// - Parameter query: The query about to be compiled.
    /// - Throws: `SQLiteError` naming the feature, such as a common table expression's
    ///   `MATERIALIZED` hint on SQLite older than 3.35.
    func requireSQLiteFeatures(of query: some QueryType) throws(SQLiteError) {
        // The library's version first: reading a query's clauses copies them, which costs more
        // than a short lookup's row (W6, `Benchmarks/PROFILE.md`).
        guard !SQLiteFeature.materializationHint.isAvailable else { return }
        if query.clauses.with.contains(where: { $0.hint != nil }) {
            try SQLite.require(.materializationHint)
        }
    }

    /// The error to report for typed SQL that failed to compile: when the linked SQLite predates
    /// syntax that Slate wrote into the statement (the `OVER (ORDER BY …)` window of window
    /// functions, 3.25; a `MATERIALIZED` hint in a subquery's common table expression, 3.35),
    /// SQLite's bare "near …: syntax error" becomes an error naming the feature and its version.
    ///
    /// The text test is safe: values are bound, not written into the SQL, and the error only
    /// replaces one that SQLite already raised, on a library too old for the feature.
    ///
    /// - Parameters:
    ///   - error: The error SQLite reported.
    ///   - sql: The SQL that failed.
    /// - Returns: The error to throw.
    func explainingOldSQLite(_ error: SQLiteError, sql: String) -> SQLiteError {
        guard error.code.primary == SQLITE_ERROR, error.message.hasSuffix("syntax error") else { return error }
        for syntax in Self.newerSyntax where sql.contains(syntax.marker) {
            do {
                try SQLite.require(syntax.feature)
            } catch let tooOld {
                return SQLiteError(code: error.code.rawValue, message: error.message, details: tooOld.explanation, sql: sql, offset: error.offset)
            }
        }
        return error
    }

    /// Text that only Slate's builders write, and the feature it belongs to.
    private static let newerSyntax: [(marker: String, feature: SQLiteFeature)] = [
        (") OVER (ORDER BY ", .windowFunctions),
        (" AS MATERIALIZED (", .materializationHint),
        (" AS NOT MATERIALIZED (", .materializationHint)
    ]
}
