/// The main schema of a database as text, for ``DatabaseMigrator/eraseDatabaseOnSchemaChange``
/// to compare two databases: every table, index, view and trigger with the SQL that created it.
///
/// SQLite keeps each object's CREATE statement as it was written (and rewrites it the same way
/// for `ALTER TABLE`), so the same migrations produce the same text. SQLite's own objects
/// (`sqlite_sequence`, automatic indexes) and the migration records are left out: they do not
/// describe what the app's migrations built.
struct SchemaFingerprint: Equatable {
    let objects: [String]

    init(_ db: Connection) throws(SQLiteError) {
        let statement = try db.prepare(
            sql: """
                SELECT type, name, tbl_name, sql FROM sqlite_master
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT IN (?, ?)
                ORDER BY type, name
                """)
        try statement.bind(MigrationsTable.name, at: 1)
        try statement.bind(MigrationsTable.grdbName, at: 2)
        var objects: [String] = []
        while try statement.step() {
            let columns: [String] = (0..<4).map { (column: Int32) -> String in statement.columnValue(at: column, as: String.self) ?? "NULL" }
            objects.append(columns.joined(separator: "\t"))
        }
        try statement.reset()
        self.objects = objects
    }
}
