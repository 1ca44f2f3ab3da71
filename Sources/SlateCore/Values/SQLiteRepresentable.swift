import Foundation

/// A Swift value that can be both bound to a statement and read back from a column.
///
/// Reading never traps: a value that does not fit (an `Int8` column holding 300, text in an
/// integer column) yields `nil`, and the typed APIs turn that into an ``SQLiteError``.
public protocol SQLiteRepresentable: SQLiteBindable {
    /// Creates a value from SQLite's storage, or returns `nil` when it does not convert exactly.
    ///
    /// - Parameter value: The stored value.
    init?(_ value: SQLiteValue)

    /// Reads a value straight from a column of the statement's current row, or returns `nil`
    /// when the column is `NULL` or does not convert exactly.
    ///
    /// The default implementation goes through ``SQLiteValue``; the standard types override it
    /// to read without intermediate values.
    ///
    /// - Parameters:
    ///   - statement: The `sqlite3_stmt` handle, positioned on a row.
    ///   - index: The 0-based column index.
    init?(sqliteStatement statement: OpaquePointer, column index: Int32)
}

extension SQLiteRepresentable {
    /// Reads the column as an ``SQLiteValue`` and converts it with ``init(_:)``.
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        self.init(SQLiteValue(sqliteStatement: statement, column: index))
    }
}
