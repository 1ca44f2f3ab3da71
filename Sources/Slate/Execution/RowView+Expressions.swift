// Typed access to a row read in place: `try row.get(email)` on the rows of `db.cursor(query)`.
// SQLite.swift's trapping subscript, `row[email]`, forwards here from
// Sources/SlateSQLiteSwift/Row+SQLiteSwift.swift.

extension RowView {
    /// Reads a column that is never `NULL`.
    ///
    /// ```swift
    /// let cursor = try db.cursor(users)
    /// while let user = try cursor.next() {
    ///     let email: String = try user.get(email)
    /// }
    /// ```
    ///
    /// - Parameter column: The column expression, namespaced or not, as the query selected it.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` for an ambiguous or missing column, a `NULL`, or a value that
    ///   does not convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V>) throws -> V {
        let index = try statement.columnIndex(forKey: column.template)
        return try Self.convert(try get(index, as: V.StoredForm.self), column: column.template)
    }

    /// Reads a column that may be `NULL`.
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value, or `nil` for `NULL`.
    /// - Throws: `SQLiteError` for an ambiguous or missing column or a value that does not
    ///   convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V?>) throws -> V? {
        let index = try statement.columnIndex(forKey: column.template)
        guard let stored = try get(index, as: V.StoredForm?.self) else { return nil }
        return try Self.convert(stored, column: column.template)
    }

    /// The stored form converted to the value type.
    @inlinable
    static func convert<V: Value>(_ stored: V.StoredForm, column: String) throws -> V {
        let value = try V.fromStoredForm(stored)
        // `ValueType` is `Self` for every value but a non-final class's subclasses.
        if let value = value as? V { return value }
        throw Row.wrongTypeError(value, as: V.self, column: column)
    }
}
