extension Statement {
    /// How many times SQLite has recompiled the statement because the schema changed
    /// (`SQLITE_STMTSTATUS_REPREPARE`). A result layout computed for the statement stays valid
    /// while this count is unchanged, so a layer above can reuse it without re-reading the
    /// column names on every run. `nil` on SQLite before 3.20, which does not count: callers
    /// must then assume the statement may have been recompiled.
    package var reprepareCount: Int32? {
        guard SQLiteFeature.reprepareCount.isAvailable else { return nil }
        return sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
    }
}
