/// A table, as a query of all its rows and a schema object.
///
/// ```swift
/// let users = Table("users")
/// let external = Table("events", database: "archive")   // "archive"."events"
/// ```
public struct Table: SchemaType, Sendable {
    /// `TABLE`.
    public static let identifier = "TABLE"

    /// The query's clauses.
    public var clauses: QueryClauses

    /// Creates a table reference.
    ///
    /// - Parameters:
    ///   - name: The table name (unquoted).
    ///   - database: The attached schema holding it, if any.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name: name, database: database)
    }
}
