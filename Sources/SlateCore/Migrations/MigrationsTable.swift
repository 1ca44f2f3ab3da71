/// The table where ``DatabaseMigrator`` records the migrations it applied:
/// `slate_migrations(identifier TEXT NOT NULL PRIMARY KEY)`.
///
/// A database migrated by GRDB records its migrations in `grdb_migrations`, with the same shape.
/// While `slate_migrations` does not exist, Slate reads `grdb_migrations`, and the first migration
/// Slate applies copies its rows into `slate_migrations` (leaving `grdb_migrations` untouched), so
/// an app that moves from GRDB and keeps its migration names does not run them twice.
enum MigrationsTable {
    static let name = "slate_migrations"
    static let grdbName = "grdb_migrations"

    /// The identifiers of every migration recorded in the database, registered or not.
    static func appliedIdentifiers(_ db: Connection) throws(SQLiteError) -> Set<String> {
        let source: String
        if try exists(name, db) {
            source = name
        } else if try exists(grdbName, db) {
            source = grdbName
        } else {
            return []
        }
        let statement = try db.prepare(sql: "SELECT identifier FROM \(source)")
        var identifiers: Set<String> = []
        while try statement.step() {
            if let identifier: String = statement.columnValue(at: 0, as: String.self) { identifiers.insert(identifier) }
        }
        try statement.reset()
        return identifiers
    }

    /// Creates the table (adopting GRDB's records) when it does not exist yet.
    static func prepare(_ db: Connection) throws(SQLiteError) {
        guard try !exists(name, db) else { return }
        try db.exec("CREATE TABLE \(name) (identifier TEXT NOT NULL PRIMARY KEY)")
        if try exists(grdbName, db) {
            try db.exec("INSERT OR IGNORE INTO \(name) (identifier) SELECT identifier FROM \(grdbName) WHERE identifier IS NOT NULL")
        }
    }

    /// Records one applied migration.
    static func record(_ identifier: String, _ db: Connection) throws(SQLiteError) {
        let statement = try db.prepare(sql: "INSERT INTO \(name) (identifier) VALUES (?)")
        try statement.bind(identifier, at: 1)
        try statement.step()
        try statement.reset()
    }

    /// Whether the main schema has a table with this name.
    static func exists(_ table: String, _ db: Connection) throws(SQLiteError) -> Bool {
        try db.scalar(Int.self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", table) == 1
    }
}
