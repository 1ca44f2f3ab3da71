/// A forward-only walk over a statement's rows that reads columns straight from SQLite.
///
/// A cursor allocates nothing per row: ``next()`` hands out a ``RowView`` of the current row,
/// valid until the next call. Copy what must outlive the step into a ``Row`` with
/// ``RowView/snapshot()``. Once the rows are exhausted (or a step failed) the cursor keeps
/// returning `nil`; a new cursor on the statement starts over.
///
/// ```swift
/// let cursor = try db.cursor("SELECT id, name FROM users WHERE age > ?", 18)
/// while let row = try cursor.next() {
///     let id: Int64 = try row.get(0)
///     let name: String? = try row.get("name")
/// }
/// ```
public struct Cursor {
    /// The statement being stepped.
    public let statement: Statement
    @usableFromInline let handle: OpaquePointer

    /// Starts a cursor on a statement, resetting it first; bound values are kept.
    ///
    /// - Parameter statement: The statement to step.
    public init(statement: Statement) {
        self.statement = statement
        self.handle = statement.handle
        statement.resetHandle()
    }

    /// Steps to the next row.
    ///
    /// - Returns: A view of the row, or `nil` once the rows are exhausted; `nil` again on every
    ///   later call (the statement is not restarted), also after a failure.
    /// - Throws: ``SQLiteError`` on failure.
    @inlinable @inline(__always)
    public func next() throws(SQLiteError) -> RowView? {
        guard try statement.advance() else { return nil }
        // The column count is read after the step: a run's first step recompiles a statement
        // whose schema changed, and `SELECT *` may then have more or fewer columns.
        return RowView(handle: handle, columnCount: sqlite3_column_count(handle), statement: statement)
    }

    /// Calls `body` with each remaining row.
    ///
    /// The fastest way through a cursor: every row is read through the same view, so no
    /// reference count changes per row (``next()`` hands out a new view, which retains the
    /// statement, for each row).
    ///
    /// - Parameter body: Reads the row; a thrown error stops the walk and is rethrown.
    @inlinable
    public func forEach(_ body: (RowView) throws -> Void) throws {
        // Made after the first step, for its column count (see `next()`).
        guard try statement.advance() else { return }
        let row = RowView(handle: handle, columnCount: sqlite3_column_count(handle), statement: statement)
        repeat { try body(row) } while try statement.advance()
    }

    /// Reads each remaining row with `transform` and collects the results.
    ///
    /// Like ``forEach(_:)``, it reads every row through one view.
    ///
    /// - Parameter transform: Reads one row.
    /// - Returns: The transformed rows.
    @inlinable
    public func map<T>(_ transform: (RowView) throws -> T) throws -> [T] {
        var result: [T] = []
        guard try statement.advance() else { return result }
        let row = RowView(handle: handle, columnCount: sqlite3_column_count(handle), statement: statement)
        repeat { result.append(try transform(row)) } while try statement.advance()
        return result
    }
}

/// The current row of a statement, read in place. Its values are those of the row the statement
/// is on: they change when the statement steps again.
public struct RowView {
    @usableFromInline let handle: OpaquePointer
    /// The number of columns.
    public let columnCount: Int32
    /// Kept strongly so that a view outliving its cursor never reads a finalized statement.
    @usableFromInline let statement: Statement

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
              let value = T(sqliteStatement: handle, column: index) else {
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
        .range("no column named \(name); the columns are \(statement.columnNames.joined(separator: ", "))",
               sql: statement.sql)
    }

    /// Copies the row so it can outlive the step.
    public func snapshot() -> Row { Row(statement: statement) }

    @usableFromInline
    func readError<T>(_ index: Int32, type: T.Type) -> SQLiteError {
        statement.readError(index, type: type)
    }
}

extension Statement {
    /// Starts a ``Cursor`` over the statement's rows, resetting it first (bound values are kept).
    public func cursor() -> Cursor { Cursor(statement: self) }

    /// The error for a column that cannot be read as `type`.
    func readError<T>(_ index: Int32, type: T.Type) -> SQLiteError {
        let count = columnCount()
        guard index >= 0 && index < count else {
            return .range("column index \(index) is out of range: the row has \(count) column(s)", sql: sql)
        }
        let name = columnName(at: index) ?? ""
        let storage = switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: "INTEGER"
        case SQLITE_FLOAT: "REAL"
        case SQLITE_TEXT: "TEXT"
        case SQLITE_BLOB: "BLOB"
        default: "NULL"
        }
        return .mismatch(
            "column \(index) (\(name)) holds \(storage), which cannot be read as \(T.self)"
                + (storage == "NULL" ? "; read an optional type to accept NULL" : ""),
            sql: sql)
    }
}
