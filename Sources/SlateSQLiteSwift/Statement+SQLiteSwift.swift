// SQLite.swift's statement API: variadic binding, run, scalar and iteration over untyped values.
// The primary spellings are `bind(_:at:)` / `bind(_:by:)` per parameter, `step()` / `reset()` /
// `executeToCompletion()`, and a `Cursor` (`cursor()`) to read rows.

extension Statement: Sequence, IteratorProtocol {
    /// Starts a `for row in statement` loop from the first row, keeping the bound values
    /// (SQLite.swift resets here too): a second loop reads every row again, even after an
    /// earlier loop stopped early.
    ///
    /// - Returns: The statement, reset.
    public func makeIterator() -> Statement {
        resetHandle()
        return self
    }

    /// Binds values to the statement's parameters, in order (SQLite.swift; the primary binds one
    /// parameter at a time with `bind(_:at:)`).
    ///
    /// - Parameter values: One value per parameter; `nil` binds NULL.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` when the number of values does not match the parameters.
    @discardableResult
    public func bind(_ values: (any SQLiteBindable)?...) throws(SQLiteError) -> Statement {
        try bind(values)
    }

    /// Binds an array of values to the statement's parameters, in order.
    ///
    /// - Parameter values: One value per parameter; `nil` binds NULL.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` when the number of values does not match the parameters.
    @discardableResult
    public func bind(_ values: [(any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        try bindAll(values)
        return self
    }

    /// Binds values to named parameters (keys such as `":email"`; bare names are tried with `:`,
    /// `@` and `$`).
    ///
    /// - Parameter values: Values by parameter name; `nil` binds NULL.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` when a name matches no parameter.
    @discardableResult
    public func bind(_ values: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        try bindAll(values)
        return self
    }

    /// Binds the values (if any), then runs the statement to completion (SQLite.swift; the
    /// primary is `executeToCompletion()`).
    ///
    /// - Parameter bindings: Values for the statement's parameters; none keeps the current ones.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` on failure.
    @discardableResult
    public func run(_ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> Statement {
        try run(bindings)
    }

    /// Binds an array of values (if not empty), then runs the statement to completion.
    ///
    /// - Parameter bindings: Values for the statement's parameters.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` on failure.
    @discardableResult
    public func run(_ bindings: [(any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        if !bindings.isEmpty { try bindAll(bindings) }
        try executeToCompletion()
        return self
    }

    /// Binds named values, then runs the statement to completion.
    ///
    /// - Parameter bindings: Values by parameter name.
    /// - Returns: The statement, for chaining.
    /// - Throws: `SQLiteError` on failure.
    @discardableResult
    public func run(_ bindings: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        try bindAll(bindings)
        try executeToCompletion()
        return self
    }

    /// Binds the values (if any), runs the statement and returns the first column of its first row
    /// (SQLite.swift; the primary reads it typed through `cursor()`).
    ///
    /// - Parameter bindings: Values for the statement's parameters; none keeps the current ones.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> (any SQLiteBindable)? {
        try scalar(bindings)
    }

    /// Binds an array of values (if not empty), runs the statement and returns the first column of
    /// its first row.
    ///
    /// - Parameter bindings: Values for the statement's parameters.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ bindings: [(any SQLiteBindable)?]) throws(SQLiteError) -> (any SQLiteBindable)? {
        if !bindings.isEmpty { try bindAll(bindings) }
        resetHandle()
        defer { resetHandle() }
        guard try step() else { return nil }
        return columnValue(at: 0).binding
    }

    /// Binds named values, runs the statement and returns the first column of its first row.
    ///
    /// - Parameter bindings: Values by parameter name.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ bindings: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> (any SQLiteBindable)? {
        try bindAll(bindings)
        return try scalar([(any SQLiteBindable)?]())
    }

    /// Steps to the next row and returns its values, throwing on failure (SQLite.swift; the
    /// primary, `cursor()`, reads columns in place, typed).
    ///
    /// - Returns: The row's values (`Int64`, `Double`, `String`, `Blob` or `nil`), or `nil` when
    ///   the statement is done, and again on every later call until `reset()` (SQLite would
    ///   restart the statement).
    /// - Throws: `SQLiteError` on failure.
    public func failableNext() throws(SQLiteError) -> [(any SQLiteBindable)?]? {
        guard try advance() else { return nil }
        return (0..<columnCount()).map { columnValue(at: $0).binding }
    }

    /// Steps to the next row for `for row in statement`. An error ends the loop and is kept in
    /// `iterationError`; use `failableNext()` to have it thrown.
    public func next() -> [(any SQLiteBindable)?]? {
        do {
            iterationError = nil
            return try failableNext()
        } catch {
            iterationError = error
            return nil
        }
    }
}

extension Statement {
    /// The current row's columns, read by 0-based index with the type asked for (SQLite.swift's
    /// `statement.row`, its `Cursor`): `statement.row[0] as String`. The primary ways to read
    /// a row are `columnValue(at:)` and `cursor()`.
    public var row: CurrentRow { CurrentRow(statement: self) }

    /// The current row of a `Statement`, read by column index (SQLite.swift's `Cursor`).
    ///
    /// Each subscript converts the column as SQLite does (`sqlite3_column_*`): NULL reads as 0,
    /// `""` or an empty blob; ask for `Binding?` to see NULL and the stored type.
    public struct CurrentRow {
        let statement: Statement

        /// The column as a `Double`.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> Double { sqlite3_column_double(statement.handle, Int32(clamping: index)) }

        /// The column as an `Int64`.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> Int64 { sqlite3_column_int64(statement.handle, Int32(clamping: index)) }

        /// The column as an `Int`.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> Int { Int(truncatingIfNeeded: sqlite3_column_int64(statement.handle, Int32(clamping: index))) }

        /// The column as a `Bool` (non-zero is `true`).
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> Bool { sqlite3_column_int64(statement.handle, Int32(clamping: index)) != 0 }

        /// The column as text.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> String {
            guard let text = sqlite3_column_text(statement.handle, Int32(clamping: index)) else { return "" }
            return String(cString: text)
        }

        /// The column as a `Blob`.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> Blob {
            let handle = statement.handle
            let column = Int32(clamping: index)
            guard let bytes = sqlite3_column_blob(handle, column) else { return Blob(bytes: []) }
            return Blob(bytes: bytes, length: Int(sqlite3_column_bytes(handle, column)))
        }

        /// The column's value in its stored type (`Int64`, `Double`, `String`, `Blob`), or `nil`
        /// for NULL.
        ///
        /// - Parameter index: The 0-based column.
        public subscript(index: Int) -> (any SQLiteBindable)? {
            statement.columnValue(at: Int32(clamping: index)).binding
        }
    }
}
