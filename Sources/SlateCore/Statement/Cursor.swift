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
        let storage =
            switch sqlite3_column_type(handle, index) {
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
