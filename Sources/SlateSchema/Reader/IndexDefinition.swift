import SlateCore

/// An index as ``SchemaReader`` reads it (`PRAGMA index_list` and `index_info`).
public struct IndexDefinition: Equatable, Sendable {
    /// The sort order of an indexed column.
    public enum Order: String, Sendable {
        /// Ascending (the default).
        case ASC
        /// Descending.
        case DESC
    }

    /// How the index came to be.
    public enum Origin: String, Sendable {
        /// A `CREATE INDEX` statement.
        case createIndex = "c"
        /// A `UNIQUE` constraint.
        case uniqueConstraint = "u"
        /// A `PRIMARY KEY` constraint.
        case primaryKey = "pk"
    }

    /// The indexed table.
    public let table: String
    /// The index's name.
    public let name: String
    /// Whether the index is `UNIQUE`.
    public let unique: Bool
    /// The indexed columns, in order (expressions are left out).
    public let columns: [String]
    /// The condition of a partial index, if any.
    public let `where`: String?
    /// The columns sorted in descending order.
    public let orders: [String: Order]?
    /// How the index came to be, when SQLite reports it.
    public let origin: Origin?

    /// Creates an index definition.
    ///
    /// - Parameters:
    ///   - table: The indexed table.
    ///   - name: The index's name.
    ///   - unique: Whether it is `UNIQUE`.
    ///   - columns: The indexed columns.
    ///   - where: The partial-index condition.
    ///   - orders: Sort orders by column.
    ///   - origin: How the index came to be.
    public init(
        table: String, name: String, unique: Bool = false, columns: [String], where: String? = nil,
        orders: [String: Order]? = nil, origin: Origin? = nil
    ) {
        self.table = table
        self.name = name
        self.unique = unique
        self.columns = columns
        self.where = `where`
        self.orders = orders
        self.origin = origin
    }

    /// Whether SQLite made the index itself for a `UNIQUE` or `PRIMARY KEY` constraint.
    public var isInternal: Bool { name.hasPrefix("sqlite_") || origin == .uniqueConstraint || origin == .primaryKey }

    /// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] "name" ON "table" ("column" [DESC], …) [WHERE …]`.
    ///
    /// - Parameter ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The statement.
    public func toSQL(ifNotExists: Bool = false) -> String {
        let list = columns.map { column in
            SQLiteValue.quoteIdentifier(column) + (orders?[column] == .DESC ? " DESC" : "")
        }
        var sql = unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX "
        if ifNotExists { sql += "IF NOT EXISTS " }
        sql += SQLiteValue.quoteIdentifier(name) + " ON " + SQLiteValue.quoteIdentifier(table)
        sql += " (" + list.joined(separator: ", ") + ")"
        if let `where` { sql += " WHERE " + `where` }
        return sql
    }

    /// The same index with a column renamed.
    func renamingColumn(_ old: String, to new: String) -> IndexDefinition {
        var newOrders = orders
        if let order = newOrders?.removeValue(forKey: old) { newOrders?[new] = order }
        return IndexDefinition(
            table: table, name: name, unique: unique, columns: columns.map { $0 == old ? new : $0 }, where: `where`,
            orders: newOrders, origin: origin)
    }
}
