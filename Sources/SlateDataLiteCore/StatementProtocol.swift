/// What a prepared statement offers, so that code can be written against an abstraction and
/// tested with a substitute (DataLiteCore's `StatementProtocol`). `Statement` conforms.
///
/// ```swift
/// func insert(_ names: [String], with statement: any StatementProtocol) throws(SQLiteError) {
///     for name in names {
///         try statement.bind(.text(name), at: 1)
///         try statement.step()
///         try statement.reset()
///     }
/// }
/// ```
public protocol StatementProtocol {
    /// The SQL text the statement was compiled from (`String?`, as in DataLiteCore, so that its
    /// test doubles conform; `Statement/sql` itself is a `String`).
    var sql: String? { get }

    /// The SQL text with the bound values inlined, when available.
    var expandedSQL: String? { get }

    /// The number of parameters in the statement.
    ///
    /// - Returns: The count of `?`, `?NNN`, `:name`, `@name` and `$name` parameters.
    func parameterCount() -> Int32

    /// The index of a named parameter.
    ///
    /// - Parameter name: The name with its prefix, such as `":name"`.
    /// - Returns: The 1-based index, or 0 when there is no such parameter.
    func parameterIndexBy(_ name: String) -> Int32

    /// The name of a parameter.
    ///
    /// - Parameter index: The 1-based index.
    /// - Returns: The name with its prefix, or `nil` for a nameless parameter.
    func parameterNameBy(_ index: Int32) -> String?

    /// Binds a value to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The 1-based parameter index.
    /// - Throws: `SQLiteError` when the index is out of range.
    func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError)

    /// Binds a value to a named parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The parameter's name.
    /// - Throws: `SQLiteError` when there is no such parameter.
    func bind(_ value: SQLiteValue, by name: String) throws(SQLiteError)

    /// Binds every column of a row to the parameter of the same name (`c` → `:c`).
    ///
    /// - Parameter row: The values, by column name.
    /// - Throws: `SQLiteError` when a column has no parameter.
    func bind(_ row: SQLiteRow) throws(SQLiteError)

    /// Sets every parameter back to NULL.
    ///
    /// - Throws: `SQLiteError` when the connection is closed.
    func clearBindings() throws(SQLiteError)

    /// Evaluates the statement up to its next row.
    ///
    /// - Returns: `true` when a row is available, `false` when the statement has finished.
    /// - Throws: `SQLiteError` on failure.
    @discardableResult
    func step() throws(SQLiteError) -> Bool

    /// Resets the statement so it can run again; bound values are kept.
    ///
    /// - Throws: `SQLiteError` when the connection is closed.
    func reset() throws(SQLiteError)

    /// Runs the statement once per row of parameters.
    ///
    /// - Parameter rows: The parameters of each run.
    /// - Throws: `SQLiteError` at the first failure.
    func execute(_ rows: [SQLiteRow]) throws(SQLiteError)

    /// The number of result columns.
    ///
    /// - Returns: The count (0 for a statement without results).
    func columnCount() -> Int32

    /// The name of a result column.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The name, or `nil` when `index` is out of range.
    func columnName(at index: Int32) -> String?

    /// The value of a column of the current row.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The value.
    func columnValue(at index: Int32) -> SQLiteValue

    /// The current row as a column → value map.
    ///
    /// - Returns: The row, or `nil` when the statement has no result columns.
    func currentRow() -> SQLiteRow?
}

extension StatementProtocol {
    /// Binds a Swift value (or NULL for `nil`) to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The 1-based parameter index.
    /// - Throws: `SQLiteError` when the index is out of range or the value cannot be stored
    ///   (see `SQLiteBindable/checkedSQLiteValue()`).
    public func bind<T: SQLiteBindable>(_ value: T?, at index: Int32) throws(SQLiteError) {
        try bind(value.checkedSQLiteValue(), at: index)
    }

    /// The value of a column of the current row converted to a Swift type.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The value, or `nil` when NULL or not convertible.
    public func columnValue<T: SQLiteRepresentable>(at index: Int32) -> T? {
        T(columnValue(at: index))
    }
}

extension Statement: StatementProtocol {}

// The defaults a DataLiteCore-style test double relies on: it implements the SQL text, binding
// by index, stepping, resetting and reading columns, and gets the rest from these, as in
// DataLiteCore. `Statement` has its own, faster ones.
extension StatementProtocol {
    /// Binds a value to the parameter of that name (`:name`, `@name`, `$name`).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The parameter's name, with its prefix.
    /// - Throws: `SQLiteError` (`SQLITE_RANGE`) when the statement has no such parameter.
    public func bind(_ value: SQLiteValue, by name: String) throws(SQLiteError) {
        let index = parameterIndexBy(name)
        guard index > 0 else { throw SQLiteError.range("the statement has no parameter named \(name)", sql: sql) }
        try bind(value, at: index)
    }

    /// Binds an optional value to the parameter of that name; `nil` binds NULL.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil`.
    ///   - name: The parameter's name, with its prefix.
    /// - Throws: `SQLiteError` (`SQLITE_RANGE`) when the statement has no such parameter.
    public func bind<T: SQLiteBindable>(_ value: T?, by name: String) throws(SQLiteError) {
        try bind(value.checkedSQLiteValue(), by: name)
    }

    /// Binds every column of a row to the parameter of the same name (`c` → `:c`).
    ///
    /// - Parameter row: The values, by column name.
    /// - Throws: `SQLiteError` when the statement lacks a parameter for a column.
    public func bind(_ row: SQLiteRow) throws(SQLiteError) {
        for (column, value) in row { try bind(value, by: ":" + column) }
    }

    /// Runs the statement once per row of parameters: bind, run to completion, clear, reset.
    ///
    /// - Parameter rows: The parameters for each run.
    /// - Throws: `SQLiteError` from the first run that fails.
    public func execute(_ rows: [SQLiteRow]) throws(SQLiteError) {
        for row in rows {
            try bind(row)
            while try step() {}
            try clearBindings()
            try reset()
        }
    }

    /// The current row's columns and values, or `nil` when the statement returns no columns.
    /// A column SQLite cannot name (out of memory) gets an empty name rather than trapping.
    public func currentRow() -> SQLiteRow? {
        let count = columnCount()
        guard count > 0 else { return nil }
        var row = SQLiteRow()
        row.reserveCapacity(count)
        for index in 0..<count {
            row.append(column: columnName(at: index) ?? "", value: columnValue(at: index))
        }
        return row
    }
}

extension StatementProtocol where Self: Statement {
    /// The SQL text, as the protocol's optional (DataLiteCore's type); `Statement/sql` itself
    /// is never `nil`.
    public var sql: String? { Optional(self.sql as String) }
}
