// SQLite.swift's way to read a column: `row[email]`, which traps on a missing, ambiguous or
// mistyped column, as SQLite.swift documents. The primary spelling, `try row.get(email)`, throws
// an `SQLiteError` instead (Sources/Slate/Execution/Row+Expressions.swift and RowView+Expressions.swift).

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
