// SQLite.swift's error type for typed row reads, thrown by this module's `Row.get(_:)`
// (Row+SQLiteSwift.swift), which shadows Slate's own under `import SlateSQLiteSwift`. Slate's own
// reads (`import Slate`) throw `SQLiteError` with the same facts in its message (code
// `SQLITE_RANGE` for a missing column, `SQLITE_MISUSE` for an ambiguous one, `SQLITE_MISMATCH`
// for a NULL read as a non-optional value).

import Slate
import SlateCore

/// SQLite.swift's errors for reading a typed row: a missing, ambiguous or unexpectedly `NULL`
/// column, or a `*` for a table the query does not select from.
///
/// `try row.get(column)` throws it in a file that imports `SlateSQLiteSwift`, as SQLite.swift
/// does; `noSuchTable` is declared but not thrown. Slate's own `get` (under `import Slate`)
/// throws `SQLiteError` in these places instead.
///
/// ```swift
/// do {
///     _ = try row.get(SQLExpression<String>("nickname"))
/// } catch QueryError.noSuchColumn(let name, let columns) {
///     print(name, columns)          // "nickname" ["\"users\".\"email\"", "\"users\".\"id\""]
/// }
/// ```
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
