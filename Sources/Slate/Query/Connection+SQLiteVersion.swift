#if SQLCipher
import CSQLCipher
#else
import CSQLite
#endif

// Typed queries that use SQL newer than the linked SQLite (SQLCipher 3.4 is SQLite 3.15) fail
// with an error naming the feature and the version it needs, not with a bare syntax error.

extension Connection {
    /// Throws when a query uses a clause the linked SQLite is too old to run.
    ///
    /// - Parameter query: The query about to be compiled.
    /// - Throws: ``SQLiteError`` naming the feature, such as a common table expression's
    ///   `MATERIALIZED` hint on SQLite older than 3.35.
    func requireSQLiteFeatures(of query: some QueryType) throws(SQLiteError) {
        if query.clauses.with.contains(where: { $0.hint != nil }) {
            try SQLite.require("the common table expression hint AS [NOT] MATERIALIZED", version: 3_035_000)
        }
    }

    /// The error to report for typed SQL that failed to compile: when the linked SQLite predates
    /// window functions (3.25) and the SQL holds the `OVER (ORDER BY …)` window Slate writes for
    /// them, SQLite's "near "(": syntax error" becomes an error naming window functions.
    ///
    /// The text test is safe: values are bound, not written into the SQL, and the error only
    /// replaces one that SQLite already raised.
    ///
    /// - Parameters:
    ///   - error: The error SQLite reported.
    ///   - sql: The SQL that failed.
    /// - Returns: The error to throw.
    func explainingOldSQLite(_ error: SQLiteError, sql: String) -> SQLiteError {
        guard error.code.primary == SQLITE_ERROR, error.message.hasSuffix("syntax error"),
              sql.contains(") OVER (ORDER BY ")
        else { return error }
        do {
            try SQLite.require("window functions", version: 3_025_000)
            return error   // A new enough library: the syntax error is something else.
        } catch let tooOld {
            return SQLiteError(code: tooOld.code.rawValue, message: tooOld.message, sql: sql)
        }
    }
}
