// SQLite.swift's `match(_:)` that returns the filtered table. The primary spelling keeps the
// condition composable: `emails.filter(emails.match("wonder*"))`.

import Slate

extension VirtualTable {
    /// The table's rows matching a full-text query:
    /// `SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')`.
    ///
    /// - Parameter pattern: The full-text query.
    /// - Returns: The filtered query.
    public func match(_ pattern: String) -> VirtualTable {
        filter(match(pattern) as SQLExpression<Bool>)
    }

    /// The table's rows matching a full-text query held in a column or expression:
    /// `SELECT * FROM "emails" WHERE ("emails" MATCH "query")`.
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The filtered query.
    public func match(_ pattern: SQLExpression<String>) -> VirtualTable {
        filter(match(pattern) as SQLExpression<Bool>)
    }

    /// The table's rows matching a full-text query that may be `NULL` (no row matches `NULL`).
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The filtered query.
    public func match(_ pattern: SQLExpression<String?>) -> VirtualTable {
        filter(match(pattern) as SQLExpression<Bool?>)
    }
}
