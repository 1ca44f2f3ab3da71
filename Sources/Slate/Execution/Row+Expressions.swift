// Typed access to SlateCore's `Row`: `try row.get(email)`, `try row.get(users[id])`.
// SQLite.swift's trapping subscript, `row[email]`, forwards here from
// Sources/SlateSQLiteSwift/Row+SQLiteSwift.swift.

extension Row {
    /// The index of the column an expression names.
    ///
    /// Rows of typed queries find columns by their SQL (`"users"."id"`, `count(*)`), and report an
    /// ambiguous unqualified name (`"id"` after a join) with the candidates. Rows of raw SQL find
    /// columns by name.
    ///
    /// - Parameter column: A column expression, namespaced or not.
    /// - Returns: The 0-based column index.
    /// - Throws: `SQLiteError` for an ambiguous or missing column.
    public func columnIndex(for column: some Expressible) throws(SQLiteError) -> Int {
        try columnIndex(template: column.expression.template)
    }

    /// ``columnIndex(for:)`` by the expression's SQL.
    @usableFromInline
    package func columnIndex(template: String) throws(SQLiteError) -> Int {
        try layout.index(forKey: template)
    }

    /// Reads a column that is never `NULL`.
    ///
    /// ```swift
    /// let email: String = try row.get(email)
    /// ```
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` for an ambiguous or missing column, a `NULL`, or a value that
    ///   does not convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable
    public func get<V: Value>(_ column: SQLExpression<V>) throws -> V {
        let index = try columnIndex(template: column.template)
        return try decode(V.self, at: index, column: column.template)
    }

    /// Reads a column that may be `NULL`.
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value, or `nil` for `NULL`.
    /// - Throws: `SQLiteError` for an ambiguous or missing column or a value that does not
    ///   convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable
    public func get<V: Value>(_ column: SQLExpression<V?>) throws -> V? {
        let index = try columnIndex(template: column.template)
        if self[index].isNull { return nil }  // `self[index]`: .null, not a trap, past the values
        return try decode(V.self, at: index, column: column.template)
    }

    /// Reads the value at `index` as `V`; a `NULL` is an `SQLITE_MISMATCH` error, so optional
    /// reads check for it first.
    @inlinable
    package func decode<V: Value>(_: V.Type, at index: Int, column: String) throws -> V {
        let stored = self[index]
        guard let storedValue = V.StoredForm(columnValue: stored) else { throw Self.readError(stored, as: V.self, column: column) }
        let value = try V.fromStoredForm(storedValue)
        // `ValueType` is `Self` for every value but a non-final class's subclasses.
        if let value = value as? V { return value }
        throw Self.wrongTypeError(value, as: V.self, column: column)
    }

    /// The error for a stored value that does not convert to `V`.
    @usableFromInline
    static func readError<V>(_ stored: SQLiteValue, as _: V.Type, column: String) -> SQLiteError {
        let hint = stored.isNull ? "; read it with an optional expression (SQLExpression<\(V.self)?>)" : ""
        return SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \(column) holds \(stored.sqliteLiteral.prefix(40)), which cannot be read as \(V.self)"
                + hint)
    }

    /// The error for a `fromDatatypeValue` that returned another type than `V`.
    @usableFromInline
    static func wrongTypeError<V>(_ value: Any, as _: V.Type, column: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \(column): \(V.self).fromDatatypeValue returned a \(Swift.type(of: value)), not a \(V.self)")
    }
}
