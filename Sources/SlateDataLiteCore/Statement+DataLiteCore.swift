// DataLiteCore's row-map calls on a statement: the current row as an `SQLiteRow`, and running a
// statement once per row of named parameters. The primary reads are `Cursor` and `RowView`.

extension Statement {
    /// The value of a column of the current row, converted to the type the caller asks for
    /// (DataLiteCore's `let name: String? = statement.columnValue(at: 0)`): SlateCore's
    /// `columnValue(at:as:)`, which reads the column without an
    /// intermediate `SQLiteValue`.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The value, or `nil` when the column is NULL or does not convert exactly.
    @inlinable
    public func columnValue<T: SQLiteRepresentable>(at index: Int32) -> T? {
        columnValue(at: index, as: T.self)
    }

    /// Binds every column of a row to the parameter of the same name (`c` → `:c`).
    ///
    /// - Parameter row: The values, by column name.
    /// - Throws: `SQLiteError` when the statement lacks a parameter for a column.
    public func bind(_ row: SQLiteRow) throws(SQLiteError) {
        for (column, value) in row {
            try bind(value, by: column)
        }
    }

    /// The current row as a column → value map, or `nil` when the statement has no columns.
    ///
    /// Columns with the same name are all kept, in order.
    public func currentRow() -> SQLiteRow? {
        let count = columnCount()
        guard count > 0 else { return nil }
        var row = SQLiteRow()
        for index in 0..<count {
            row.append(column: columnName(at: index) ?? "", value: columnValue(at: index))
        }
        return row
    }

    /// Runs the statement once per row of parameters: bind, run to completion, clear, reset.
    ///
    /// - Parameter rows: The parameters for each run; a column `c` binds parameter `:c`.
    /// - Throws: `SQLiteError` at the first failure; earlier rows stay applied.
    public func execute(_ rows: [SQLiteRow]) throws(SQLiteError) {
        if isStepping { throw runningError() }
        resetHandle()
        for row in rows {
            try bind(row)
            defer {
                resetHandle()
                sqlite3_clear_bindings(handle)
            }
            while try step() {}
        }
    }
}
