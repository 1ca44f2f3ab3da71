// SQLite.swift's error type for typed row reads. Slate's own reads (`row.get(column)`) throw
// `SQLiteError` with the same facts in its message, so that every Slate error is one type with
// an SQLite result code; `QueryError` exists so SQLite.swift code that names it (declares,
// throws or matches it) compiles. A `catch QueryError.noSuchColumn` around a Slate read does not
// match: the read throws `SQLiteError` (code `SQLITE_RANGE` for a missing or ambiguous column,
// `SQLITE_MISMATCH` for a NULL read as a non-optional value).

import Slate
import SlateCore

/// SQLite.swift's errors for reading a typed row: a missing, ambiguous or unexpectedly `NULL`
/// column, or a `*` for a table the query does not select from.
///
/// Slate does not throw it: its reads throw `SQLiteError` in these places, keeping Slate's
/// guarantee that every error is an `SQLiteError` with a result code (`SQLITE_RANGE` for a
/// missing or ambiguous column, `SQLITE_MISMATCH` for a `NULL` read as a non-optional value),
/// and a message naming the column and the candidates. Code that catches
/// `QueryError.noSuchColumn` should catch `SQLiteError` instead.
public enum QueryError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A `table[*]` selection names a table the query does not select from.
    case noSuchTable(name: String)
    /// The row has no column of this name; `columns` are the names it has.
    case noSuchColumn(name: String, columns: [String])
    /// The unqualified name matches several columns (after a join); `similar` are their names.
    case ambiguousColumn(name: String, similar: [String])
    /// A non-optional expression read a `NULL`.
    case unexpectedNullValue(name: String)

    /// SQLite.swift's wording of the error.
    public var description: String {
        switch self {
        case .noSuchTable(let name): "No such table: \(name)"
        case .noSuchColumn(let name, let columns): "No such column `\(name)` in columns \(columns)"
        case .ambiguousColumn(let name, let similar): "Ambiguous column `\(name)` (please disambiguate: \(similar))"
        case .unexpectedNullValue(let name): "Unexpected null value for column `\(name)`"
        }
    }
}
