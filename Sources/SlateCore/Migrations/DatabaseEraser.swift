/// Drops everything a database holds, for ``DatabaseMigrator/eraseDatabaseOnSchemaChange``.
///
/// Dropping objects, rather than replacing the file or copying an empty database over it,
/// works the same on a rollback journal and in WAL, through any VFS, on encrypted databases,
/// and on SQLite versions that lack `SQLITE_DBCONFIG_RESET_DATABASE` (SQLCipher 3.4 is SQLite
/// 3.15). The caller turns foreign-key enforcement off first, so tables drop in any order.
enum DatabaseEraser {
    /// Drops every view, trigger and table (their indexes go with them) and resets
    /// `user_version`, in one transaction.
    static func erase(_ db: Connection) throws {
        try db.transaction(.immediate) {
            for type in ["trigger", "view"] {
                for name in try names(of: type, db) {
                    try db.exec("DROP \(type.uppercased()) IF EXISTS \(SQLiteValue.quoteIdentifier(name))")
                }
            }
            // Virtual tables first: dropping one drops its shadow tables, which cannot be dropped
            // on their own while it exists.
            for name in try names(of: "table", db, virtual: true) {
                try db.exec("DROP TABLE IF EXISTS \(SQLiteValue.quoteIdentifier(name))")
            }
            for name in try names(of: "table", db) {
                try db.exec("DROP TABLE IF EXISTS \(SQLiteValue.quoteIdentifier(name))")
            }
            // An AUTOINCREMENT table leaves sqlite_sequence behind, which SQLite does not let go.
            if try MigrationsTable.exists("sqlite_sequence", db) { try db.exec("DELETE FROM sqlite_sequence") }
            try db.exec("PRAGMA user_version = 0")
        }
    }

    private static func names(of type: String, _ db: Connection, virtual: Bool = false) throws(SQLiteError) -> [String] {
        let filter = virtual ? " AND sql LIKE 'CREATE VIRTUAL TABLE%'" : ""
        let statement = try db.prepare(
            sql: """
                SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'\(filter)
                """)
        try statement.bind(type, at: 1)
        var names: [String] = []
        while try statement.step() {
            if let name: String = statement.columnValue(at: 0, as: String.self) { names.append(name) }
        }
        try statement.reset()
        return names
    }
}
