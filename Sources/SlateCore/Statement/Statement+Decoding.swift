// What Slate's Codable decoder needs to decode a cursor's rows in place from the statement.

extension Statement {
    /// The `sqlite3_stmt` handle, for reading the current row's columns without a ``RowView``
    /// per row. Valid as long as the statement is alive: keep a reference to the statement.
    package var sqliteHandle: OpaquePointer { handle }
}
