/// A query that selects one typed expression; ``SlateCore/Connection/scalar(_:)-(ScalarQuery<V>)`` runs it.
///
/// ```swift
/// let count: Int = try db.scalar(users.count)
/// let newest: Int64? = try db.scalar(users.select(id.max))
/// ```
public struct ScalarQuery<V>: QueryType, Sendable {
    /// The query's clauses.
    public var clauses: QueryClauses

    /// Creates a query of a table's rows (select a column to make it scalar).
    ///
    /// - Parameters:
    ///   - name: The table name (unquoted).
    ///   - database: The attached schema holding it, if any.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name: name, database: database)
    }
}
