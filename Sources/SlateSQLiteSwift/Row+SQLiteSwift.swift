// SQLite.swift's ways to read a column: `row[email]`, which traps on a missing, ambiguous or
// mistyped column, as SQLite.swift documents, and `try row.get(email)`, which throws its
// `QueryError`. The `get` here shadows Slate's own under `import SlateSQLiteSwift`; Slate's
// (Sources/Slate/Execution/Row+Expressions.swift and RowView+Expressions.swift) throws an
// `SQLiteError` instead.

import Slate
import SlateCore

extension Row {
    /// Reads a column that is never `NULL`, trapping on error as SQLite.swift documents
    /// (SQLite.swift's spelling; the primary, `get(_:)`, throws instead).
    ///
    /// - Parameter column: The column expression.
    @inlinable
    public subscript<V: Value>(column: SQLExpression<V>) -> V {
        do {
            return try get(column)
        } catch {
            // SQLite.swift's documented contract: a non-throwing subscript aborts on error.
            preconditionFailure("\(error)")
        }
    }

    /// Reads a column that may be `NULL`, trapping on error as SQLite.swift documents
    /// (SQLite.swift's spelling; the primary, `get(_:)`, throws instead).
    ///
    /// - Parameter column: The column expression.
    @inlinable
    public subscript<V: Value>(column: SQLExpression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension RowView {
    /// Reads a column that is never `NULL`, trapping on error as SQLite.swift's row subscripts
    /// do (SQLite.swift's spelling; the primary, `get(_:)`, throws instead).
    ///
    /// - Parameter column: The column expression.
    public subscript<V: Value>(column: SQLExpression<V>) -> V {
        do {
            return try get(column)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Reads a column that may be `NULL`, trapping on error as SQLite.swift's row subscripts
    /// do (SQLite.swift's spelling; the primary, `get(_:)`, throws instead).
    ///
    /// - Parameter column: The column expression.
    public subscript<V: Value>(column: SQLExpression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension Row {
    /// Reads a column that is never `NULL`, throwing SQLite.swift's `QueryError` for a
    /// missing or ambiguous column and for a `NULL` (SQLite.swift's `get(_:)`; under
    /// `import Slate`, Slate's own throws `SQLiteError` there).
    ///
    /// ```swift
    /// let email: String = try row.get(email)
    /// ```
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value.
    /// - Throws: `QueryError.noSuchColumn(name:columns:)`,
    ///   `QueryError.ambiguousColumn(name:similar:)` or `QueryError.unexpectedNullValue(name:)`;
    ///   `SQLiteError` for a value that does not convert to `V`.
    @inlinable
    public func get<V: Value>(_ column: SQLExpression<V>) throws -> V {
        let index = try sqliteSwiftColumnIndex(column.template)
        if self[index].isNull { throw QueryError.unexpectedNullValue(name: column.template) }
        return try decode(V.self, at: index, column: column.template)
    }

    /// Reads a column that may be `NULL`, throwing SQLite.swift's `QueryError` for a missing or
    /// ambiguous column (SQLite.swift's `get(_:)`; under `import Slate`, Slate's own throws
    /// `SQLiteError` there).
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value, or `nil` for `NULL`.
    /// - Throws: `QueryError.noSuchColumn(name:columns:)` or
    ///   `QueryError.ambiguousColumn(name:similar:)`; `SQLiteError` for a value that does not
    ///   convert to `V`.
    @inlinable
    public func get<V: Value>(_ column: SQLExpression<V?>) throws -> V? {
        let index = try sqliteSwiftColumnIndex(column.template)
        if self[index].isNull { return nil }
        return try decode(V.self, at: index, column: column.template)
    }

    /// The index of the column an expression's SQL names, or SQLite.swift's error: an
    /// unqualified name that several columns end with is ambiguous, any other miss lists the
    /// row's columns (their keys, sorted).
    @usableFromInline
    func sqliteSwiftColumnIndex(_ template: String) throws(QueryError) -> Int {
        do {
            return try columnIndex(template: template)
        } catch {
            let keys = layout.names.indices.map(layout.key(at:)).sorted()
            let similar = keys.filter { $0 != template && ColumnKeys.lastComponent(of: $0) == template }
            if similar.count > 1 { throw .ambiguousColumn(name: template, similar: similar) }
            throw .noSuchColumn(name: template, columns: keys)
        }
    }
}
