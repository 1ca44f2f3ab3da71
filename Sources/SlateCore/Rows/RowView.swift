/// The current row of a statement, read in place. Its values are those of the row the statement
/// is on: they change when the statement steps again. Copy it into a ``Row`` with
/// ``snapshot()``; see ``Row`` for when to use which row type.
public struct RowView {
    @usableFromInline let handle: OpaquePointer
    /// The number of columns.
    public let columnCount: Int32
    /// Kept strongly so that a view outliving its cursor never reads a finalized statement.
    @usableFromInline package let statement: Statement

    @inlinable
    init(handle: OpaquePointer, columnCount: Int32, statement: Statement) {
        self.handle = handle
        self.columnCount = columnCount
        self.statement = statement
    }

    /// Reads a column as a Swift type.
    ///
    /// - Parameters:
    ///   - index: The 0-based column index.
    ///   - type: The type to read (usually inferred).
    /// - Returns: The value. Read an optional type to accept NULL.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) for a bad index, or (`SQLITE_MISMATCH`) when the
    ///   column is NULL or holds a value the type cannot represent exactly.
    @inlinable @inline(__always)
    public func get<T: SQLiteRepresentable>(_ index: Int32, as type: T.Type = T.self) throws(SQLiteError) -> T {
        // One unsigned comparison covers both bounds (a negative index wraps to a huge one).
        guard UInt32(bitPattern: index) < UInt32(bitPattern: columnCount),
            let value = T(sqliteStatement: handle, column: index)
        else {
            throw readError(index, type: T.self)
        }
        return value
    }

    /// Reads a column, found by name, as a Swift type.
    ///
    /// - Parameters:
    ///   - name: The column name (exact spelling first, then case-insensitive).
    ///   - type: The type to read (usually inferred).
    /// - Returns: The value.
    /// - Throws: ``SQLiteError`` when there is no such column or the value does not convert.
    @inlinable @inline(__always)
    public func get<T: SQLiteRepresentable>(_ name: String, as type: T.Type = T.self) throws(SQLiteError) -> T {
        try get(columnIndex(name), as: type)
    }

    /// The stored value of a column, or `.null` for an index out of range (as SQLite answers);
    /// ``get(_:as:)-(Int32,_)`` throws for one instead.
    ///
    /// - Parameter index: The 0-based column index.
    public subscript(index: Int32) -> SQLiteValue { SQLiteValue(sqliteStatement: handle, column: index) }

    /// Whether a column is NULL (`true` for an index out of range).
    ///
    /// - Parameter index: The 0-based column index.
    @inlinable
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// The index of a column by name.
    ///
    /// - Parameter name: The column name.
    /// - Throws: ``SQLiteError`` naming the available columns when there is no such column.
    @inlinable @inline(__always)
    func columnIndex(_ name: String) throws(SQLiteError) -> Int32 {
        guard let index = statement.columnIndex(named: name) else { throw noColumnError(name) }
        return index
    }

    /// The error for a name no column has, listing the columns.
    @usableFromInline
    func noColumnError(_ name: String) -> SQLiteError {
        .range(
            "no column named \(name); the columns are \(statement.columnNames.joined(separator: ", "))",
            sql: statement.sql)
    }

    /// Copies the row so it can outlive the step.
    public func snapshot() -> Row { Row(statement: statement) }

    @usableFromInline
    func readError<T>(_ index: Int32, type: T.Type) -> SQLiteError {
        statement.readError(index, type: type)
    }
}
