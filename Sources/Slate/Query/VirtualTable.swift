/// A virtual table (FTS, R*Tree, …), as a query of all its rows and a schema object.
public struct VirtualTable: SchemaType, Sendable {
    /// `VIRTUAL TABLE`.
    public static let identifier = "VIRTUAL TABLE"

    /// The query's clauses.
    public var clauses: QueryClauses

    /// Creates a virtual table reference.
    ///
    /// - Parameters:
    ///   - name: The table name (unquoted).
    ///   - database: The attached schema holding it, if any.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name: name, database: database)
    }
}
