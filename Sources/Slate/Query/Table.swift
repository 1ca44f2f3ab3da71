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

/// A query that selects one typed expression; ``Connection/scalar(_:)-(ScalarQuery<V>)`` runs it.
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
