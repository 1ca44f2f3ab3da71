/// The current row of a ``QueryCursor``, read in place with typed expressions.
///
/// Its values are those of the row the statement is on: they change when the cursor steps. Copy
/// it into a `Row` with ``snapshot()``; see `Row` for when to use which row type.
public struct QueryRowView {
    /// The row as SlateCore sees it, for reading by index or by name.
    public let view: RowView
    @usableFromInline let columns: QueryCursorColumns

    @inlinable
    init(view: RowView, columns: QueryCursorColumns) {
        self.view = view
        self.columns = columns
    }

    /// Reads a column that is never `NULL`.
    ///
    /// - Parameter column: The column expression, as for ``SlateCore/Row/get(_:)-(SQLExpression<V>)``.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` for an ambiguous or missing column, a `NULL`, or a value that
    ///   does not convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V>) throws -> V {
        let index = try columns.index(of: column.template)
        return try Self.convert(try view.get(index, as: V.StoredForm.self), column: column.template)
    }

    /// Reads a column that may be `NULL`.
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value, or `nil` for `NULL`.
    /// - Throws: `SQLiteError` for an ambiguous or missing column or a value that does not
    ///   convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V?>) throws -> V? {
        let index = try columns.index(of: column.template)
        guard let stored = try view.get(index, as: V.StoredForm?.self) else { return nil }
        return try Self.convert(stored, column: column.template)
    }

    /// Copies the row, with the query's layout, so it can outlive the step.
    public func snapshot() -> Row {
        let layout = columns.layout
        return Row(layout: layout, values: (0..<Int32(layout.names.count)).map { view[$0] })
    }

    /// The stored form converted to the value type.
    @inlinable
    static func convert<V: Value>(_ stored: V.StoredForm, column: String) throws -> V {
        let value = try V.fromStoredForm(stored)
        // `ValueType` is `Self` for every value but a non-final class's subclasses.
        if let value = value as? V { return value }
        throw SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \(column): \(V.self).fromDatatypeValue returned a \(type(of: value)), not a \(V.self)")
    }
}
