import SlateCore

/// One row of the schema table (`sqlite_master`): a table, index, view or trigger.
///
/// See https://sqlite.org/schematab.html.
public struct ObjectDefinition: Equatable, Sendable {
    /// The kinds of schema objects.
    public enum ObjectType: String, Sendable, CaseIterable {
        /// A table (virtual tables included).
        case table
        /// An index.
        case index
        /// A view.
        case view
        /// A trigger.
        case trigger
    }

    /// The object's kind.
    public let type: ObjectType
    /// The object's name.
    public let name: String
    /// The table it belongs to: its own name for a table or view, the indexed table for an
    /// index, the table that fires it for a trigger.
    public let tableName: String
    /// The root b-tree page for tables and indexes, 0 otherwise.
    public let rootpage: Int64
    /// The SQL that created the object; `nil` for the indexes SQLite creates itself.
    public let sql: String?

    /// Creates a definition.
    ///
    /// - Parameters:
    ///   - type: The object's kind.
    ///   - name: Its name.
    ///   - tableName: The table it belongs to.
    ///   - rootpage: Its root page, or 0.
    ///   - sql: The SQL that created it.
    public init(type: ObjectType, name: String, tableName: String, rootpage: Int64, sql: String?) {
        self.type = type
        self.name = name
        self.tableName = tableName
        self.rootpage = rootpage
        self.sql = sql
    }

    /// Whether SQLite made the object itself (`sqlite_…` names, indexes without SQL).
    public var isInternal: Bool { name.hasPrefix("sqlite_") || sql == nil }
}
