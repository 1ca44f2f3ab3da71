/// A row change reported by SQLite's update hook, as a ``ConnectionObserver`` receives it.
///
/// ```swift
/// func connection(_ connection: Connection, didUpdate action: SQLiteAction) {
///     if case .insert(let db, let table, let rowID) = action { print("new row \(rowID) in \(db).\(table)") }
/// }
/// ```
public enum SQLiteAction: Hashable, Sendable {
    /// A row was inserted.
    case insert(db: String, table: String, rowID: Int64)
    /// A row was updated.
    case update(db: String, table: String, rowID: Int64)
    /// A row was deleted.
    case delete(db: String, table: String, rowID: Int64)

    /// The name of the database that holds the table (`"main"`, `"temp"` or an attached name).
    public var database: String {
        switch self {
        case .insert(let db, _, _), .update(let db, _, _), .delete(let db, _, _): db
        }
    }

    /// The name of the changed table.
    public var table: String {
        switch self {
        case .insert(_, let table, _), .update(_, let table, _), .delete(_, let table, _): table
        }
    }

    /// The rowid of the changed row.
    public var rowID: Int64 {
        switch self {
        case .insert(_, _, let rowID), .update(_, _, let rowID), .delete(_, _, let rowID): rowID
        }
    }
}
