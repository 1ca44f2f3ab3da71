/// The `sqlite3_value` of a column of the statement's current row, for reading its type and its
/// value with one column lookup.
///
/// Each `sqlite3_column_*` call locates the column and runs SQLite's API-exit checks; reading a
/// number with `sqlite3_column_type` then `sqlite3_column_int64` pays that twice, which callgrind
/// shows as the largest cost of a typed read. The value object answers both for the price of one
/// lookup (`sqlite3_value_type` and `sqlite3_value_int64` are a few instructions each).
///
/// SQLite calls this value "unprotected": no connection mutex is held while it is read. That is
/// sound here because a connection and its statements are used by one thread at a time
/// (``Connection`` is not `Sendable`), which is all the mutex would guarantee. The value is only
/// read, never kept: it is valid until the statement steps, resets or is finalized, and is used
/// before any of those can happen.
///
/// - Parameters:
///   - statement: The `sqlite3_stmt` handle, positioned on a row.
///   - index: The 0-based column index.
/// - Returns: The column's value, or `nil` if SQLite returns none.
@inlinable
@inline(__always)
func sqliteColumnValue(_ statement: OpaquePointer, _ index: Int32) -> OpaquePointer? {
    sqlite3_column_value(statement, index)
}
