import Foundation

/// A Swift value that can be bound to a statement parameter.
///
/// Conform custom types through ``sqliteValue``; the standard types also implement
/// ``bind(to:at:)`` to bind straight into the statement without building a ``SQLiteValue``.
public protocol SQLiteBindable {
    /// The value as SQLite should store it.
    ///
    /// Never fails: for the few values that have no faithful stored form (a `Date` outside the
    /// years 0000–9999, a `UInt64` above `Int64.max`, a NaN) it is a documented fallback. Writes go
    /// through ``checkedSQLiteValue()`` or ``bind(to:at:)``, which throw for those values instead.
    var sqliteValue: SQLiteValue { get }

    /// The value as SQLite should store it, or an error when it has no stored form that reads
    /// back as the same value: what ``bind(to:at:)`` binds, or the error it throws.
    ///
    /// Binding, typed setters (`column <- value`) and Codable writes use it, so a value that
    /// cannot be stored is reported (an ``SQLiteError`` or an `EncodingError`), never written in
    /// another form. The default implementation returns ``sqliteValue``; override it together
    /// with ``sqliteValue`` when some values of the type have no faithful stored form.
    ///
    /// - Returns: The value to store.
    /// - Throws: ``SQLiteError`` (`SQLITE_MISMATCH`) naming the value when it cannot be stored.
    func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue

    /// Binds the value to a parameter of a prepared statement.
    ///
    /// The default implementation binds ``sqliteValue``. Override it only to bind faster.
    ///
    /// - Parameters:
    ///   - statement: The `sqlite3_stmt` handle.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when the value cannot be bound (out of range, too big).
    func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError)
}

extension SQLiteBindable {
    /// Returns ``sqliteValue``: every value of the type can be stored.
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue { sqliteValue }

    /// The value as an SQL literal, such as `42`, `'O''Reilly'` or `NULL`: ``sqliteValue``'s
    /// ``SQLiteValue/sqliteLiteral``, for logs and inlined SQL (DataLiteCore's spelling).
    public var sqliteLiteral: String { sqliteValue.sqliteLiteral }

    /// Binds ``checkedSQLiteValue()``.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkedSQLiteValue().bind(to: statement, at: index)
    }
}

extension SQLiteValue: SQLiteRepresentable {
    /// The value itself.
    public var sqliteValue: SQLiteValue { self }

    /// The value itself (every ``SQLiteValue`` can be stored).
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue { self }

    /// Wraps a value (never fails).
    public init?(_ value: SQLiteValue) { self = value }

    /// Reads any column, whatever its storage class.
    ///
    /// - Parameters:
    ///   - statement: The `sqlite3_stmt` handle, positioned on a row.
    ///   - index: The 0-based column index.
    @inlinable
    public init(sqliteStatement statement: OpaquePointer, column index: Int32) {
        // Numbers through the column's value object: one column lookup, not two (see
        // `sqliteColumnValue`). Text and blobs keep SQLite's column accessors, which convert and
        // size them in the documented order.
        guard let column = sqliteColumnValue(statement, index) else {
            self = .null
            return
        }
        switch sqlite3_value_type(column) {
        case SQLITE_INTEGER: self = .int(sqlite3_value_int64(column))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(column))
        case SQLITE_TEXT: self = .text(String(sqliteText: statement, column: index))
        case SQLITE_BLOB: self = .blob(Data(sqliteBlob: statement, column: index))
        default: self = .null
        }
    }

    /// Binds the value with the matching `sqlite3_bind_*` call.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch self {
        case .int(let value): code = sqlite3_bind_int64(statement, index, value)
        case .real(let value): code = sqlite3_bind_double(statement, index, value)
        case .text(let value): code = value.bindText(to: statement, at: index)
        case .blob(let value): code = value.bindBlob(to: statement, at: index)
        case .null: code = sqlite3_bind_null(statement, index)
        }
        try checkBind(code, statement: statement, index: index)
    }
}

/// Turns a `sqlite3_bind_*` result into an error naming the parameter.
@inlinable
func checkBind(_ code: Int32, statement: OpaquePointer, index: Int32) throws(SQLiteError) {
    guard code != SQLITE_OK else { return }
    throw bindError(code, statement: statement, index: index)
}

@usableFromInline
func bindError(_ code: Int32, statement: OpaquePointer, index: Int32) -> SQLiteError {
    let count = sqlite3_bind_parameter_count(statement)
    let sql = sqlite3_sql(statement).map { String(cString: $0) }
    if code == SQLITE_RANGE {
        return .range("parameter index \(index) is out of range: the statement has \(count) parameter(s)", sql: sql)
    }
    if code == SQLITE_MISUSE && sqlite3_stmt_busy(statement) != 0 {
        return .misuse("cannot bind parameter \(index) while the statement is running: call reset() first", sql: sql)
    }
    return SQLiteError(code: code, db: sqlite3_db_handle(statement), sql: sql)
}
