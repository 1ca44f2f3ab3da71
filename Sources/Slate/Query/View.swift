/// A view, as a query of all its rows and a schema object.
public struct View: SchemaType, Sendable {
    /// `VIEW`.
    public static let identifier = "VIEW"

    /// The query's clauses.
    public var clauses: QueryClauses

    /// Creates a view reference.
    ///
    /// - Parameters:
    ///   - name: The view name (unquoted).
    ///   - database: The attached schema holding it, if any.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name: name, database: database)
    }
}
