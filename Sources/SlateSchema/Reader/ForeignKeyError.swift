import SlateCore

/// One row `PRAGMA foreign_key_check` reports: a reference to a row that does not exist.
public struct ForeignKeyError: Equatable, Sendable, CustomStringConvertible {
    /// The table holding the dangling reference.
    public let from: String
    /// The rowid of the referencing row (SQLite.swift spells it `rowId`).
    public let rowID: Int64
    /// The referenced table.
    public let to: String

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - from: The referencing table.
    ///   - rowID: The referencing row.
    ///   - to: The referenced table.
    public init(from: String, rowID: Int64, to: String) {
        self.from = from
        self.rowID = rowID
        self.to = to
    }

    /// `from [rowid] => to`.
    public var description: String { "\(from) [\(rowID)] => \(to)" }
}
