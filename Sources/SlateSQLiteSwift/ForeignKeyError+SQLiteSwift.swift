import Slate
import SlateCore

extension ForeignKeyError {
    /// The rowid of the referencing row (SQLite.swift's spelling of `rowID`, the primary, which
    /// matches `SQLiteAction.rowID` and `Connection.lastInsertRowID`).
    public var rowId: Int64 { rowID }

    /// Creates a report (SQLite.swift's spelling of `init(from:rowID:to:)`, the primary).
    ///
    /// - Parameters:
    ///   - from: The referencing table.
    ///   - rowId: The referencing row.
    ///   - to: The referenced table.
    public init(from: String, rowId: Int64, to: String) {
        self.init(from: from, rowID: rowId, to: to)
    }
}
