// SQLite.swift's spellings of jobs the typed layer does under another primary name. Each is a
// thin alias of the primary its documentation names.

extension QueryType {
    /// SQLite.swift's alias of ``filter(_:)-(SQLExpression<Bool>)``, the primary spelling.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool>) -> Self {
        filter(predicate)
    }

    /// SQLite.swift's alias of ``filter(_:)-(SQLExpression<Bool?>)``, the primary spelling.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool?>) -> Self {
        filter(predicate)
    }
}
