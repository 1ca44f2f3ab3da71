/// Evolves a database schema through named migrations, applied in order, once each, each in
/// its own transaction, and recorded in the database.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// try migrator.registerMigration("create authors") { db in
///     try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// try migrator.registerMigration("create books") { db in
///     try db.execute(sql: """
///         CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
///                            authorId INTEGER NOT NULL REFERENCES author(id))
///         """)
/// }
/// try migrator.migrate(queueOrPool)
/// ```
///
/// - Each migration runs in an immediate transaction that also records it in
///   `slate_migrations`: it is applied completely or not at all, and a failing migration leaves
///   the ones before it applied.
/// - By default a migration runs with foreign-key enforcement off, then `PRAGMA
///   foreign_key_check` runs before its commit: a violation throws a ``SQLiteError`` naming the
///   table and row, and rolls that migration back (see ``ForeignKeyChecks``).
/// - ``migrate(_:)`` runs under the writer's
///   `DatabaseWriter.barrierWriteWithoutTransaction(_:)`: no read of a ``DatabasePool`` sees a
///   migration half done.
/// - A database that records migrations this migrator does not know (written by a newer version
///   of the app) is refused with an error, instead of being migrated against a schema the app does
///   not understand; ``hasBeenSuperseded(in:)`` tells before trying.
/// - A database migrated by GRDB (`grdb_migrations`) is read as if its records were Slate's.
public struct DatabaseMigrator: Sendable {
    private var migrations: [Migration] = []

    /// During development, erases the database and migrates it again from scratch when the
    /// migrations it recorded no longer build the schema it has (a migration was edited), or when
    /// it records migrations this migrator does not know. `false` by default.
    ///
    /// The check applies the registered migrations that the database records, in order, to a
    /// private temporary database, and compares both schemas (the SQL of every table, index, view
    /// and trigger). Migrations must therefore run on a bare connection: one that relies on a
    /// function or collation installed on the app's connections cannot be checked. A database
    /// that records no migration is never erased.
    ///
    /// - Warning: This deletes data. Never ship it turned on.
    public var eraseDatabaseOnSchemaChange = false

    /// Creates a migrator with no migration.
    public init() {}

    /// The identifiers of the registered migrations, in the order they apply.
    public var registeredMigrations: [String] { migrations.map(\.identifier) }

    /// Adds a migration after those already registered.
    ///
    /// - Parameters:
    ///   - identifier: The migration's name, recorded in the database once it is applied. Never
    ///     rename a migration that shipped: the database would apply it again.
    ///   - foreignKeyChecks: How foreign keys are checked; ``ForeignKeyChecks/deferred`` by default.
    ///   - migrate: The schema and data changes. It runs inside the migration's transaction and
    ///     must neither commit nor roll back.
    /// - Throws: ``SQLiteError`` of category `.misuse` when a migration with this identifier is
    ///   already registered.
    public mutating func registerMigration(
        _ identifier: String,
        foreignKeyChecks: ForeignKeyChecks = .deferred,
        migrate: @escaping @Sendable (Connection) throws -> Void
    ) throws(SQLiteError) {
        guard !migrations.contains(where: { $0.identifier == identifier }) else {
            throw SQLiteError.misuse("a migration named \(SQLiteValue.quoteIdentifier(identifier)) is already registered; each migration needs its own name")
        }
        migrations.append(Migration(identifier: identifier, foreignKeyChecks: foreignKeyChecks, body: migrate))
    }

    /// Applies every registered migration the database has not applied yet, in order.
    ///
    /// - Parameter writer: The database, a ``DatabaseQueue`` or a ``DatabasePool``.
    /// - Throws: The error of the first migration that fails (it is rolled back; those before it
    ///   stay applied), a ``SQLiteError`` when the database records migrations this migrator does
    ///   not know, or the writer's own error (closed, busy).
    public func migrate(_ writer: some DatabaseWriter) throws {
        guard let last = migrations.last else {
            // Nothing to apply, but a newer database is still refused.
            try writer.barrierWriteWithoutTransaction { db in try refuseUnknownMigrations(db) }
            return
        }
        try migrate(writer, upTo: last.identifier)
    }

    /// Applies the registered migrations up to and including `targetIdentifier` that the
    /// database has not applied yet, in order.
    ///
    /// - Parameters:
    ///   - writer: The database, a ``DatabaseQueue`` or a ``DatabasePool``.
    ///   - targetIdentifier: The last migration to apply.
    /// - Throws: ``SQLiteError`` of category `.misuse` when no migration has this identifier; a
    ///   ``SQLiteError`` when the database has already applied a migration registered after it
    ///   (it cannot go back) or records migrations this migrator does not know; the error of the
    ///   first migration that fails.
    public func migrate(_ writer: some DatabaseWriter, upTo targetIdentifier: String) throws {
        guard let target = migrations.firstIndex(where: { $0.identifier == targetIdentifier }) else {
            throw SQLiteError.misuse("no migration named \(SQLiteValue.quoteIdentifier(targetIdentifier)) is registered (registered: \(list(registeredMigrations)))")
        }
        try writer.barrierWriteWithoutTransaction { db in try migrate(db, upTo: target) }
    }

    private func migrate(_ db: Connection, upTo target: Int) throws {
        guard db.isAutocommit else {
            throw SQLiteError.misuse("migrations cannot run inside a transaction: each runs in its own")
        }
        if eraseDatabaseOnSchemaChange, try needsErase(db) {
            try withoutForeignKeys(db) { try DatabaseEraser.erase(db) }
        }
        try refuseUnknownMigrations(db)
        let applied = try MigrationsTable.appliedIdentifiers(db)
        let beyond = migrations[(target + 1)...].map(\.identifier).filter(applied.contains)
        guard beyond.isEmpty else {
            throw SQLiteError.error("the database is already migrated beyond \(SQLiteValue.quoteIdentifier(migrations[target].identifier)): it has applied \(list(beyond))")
        }
        for migration in migrations[...target] where !applied.contains(migration.identifier) {
            try migration.run(db)
        }
    }

    private func refuseUnknownMigrations(_ db: Connection) throws(SQLiteError) {
        let unknown = try unknownMigrations(db)
        guard unknown.isEmpty else {
            throw SQLiteError.error("the database has applied migrations this app does not know (\(list(unknown))): it was migrated by a newer version of the app, and is not migrated further")
        }
    }

    private func unknownMigrations(_ db: Connection) throws(SQLiteError) -> [String] {
        let known = Set(registeredMigrations)
        return try MigrationsTable.appliedIdentifiers(db).subtracting(known).sorted()
    }

    /// Whether the database records a migration this migrator does not know, or its schema differs
    /// from what its recorded migrations build on a fresh database.
    private func needsErase(_ db: Connection) throws -> Bool {
        let applied = try MigrationsTable.appliedIdentifiers(db)
        if applied.isEmpty { return false }
        if try !unknownMigrations(db).isEmpty { return true }
        // A temporary file rather than memory: migrations may move a lot of data.
        let witness = try Connection(.temporary)
        defer { witness.close() }
        try witness.setForeignKeys(try db.getForeignKeys())
        for migration in migrations where applied.contains(migration.identifier) {
            try migration.run(witness)
        }
        return try SchemaFingerprint(witness) != SchemaFingerprint(db)
    }

    private func withoutForeignKeys<T>(_ db: Connection, _ body: () throws -> T) throws -> T {
        let enabled = try db.getForeignKeys()
        if enabled { try db.setForeignKeys(false) }
        defer { if enabled { try? db.setForeignKeys(true) } }
        return try body()
    }

    private func list(_ identifiers: [String]) -> String {
        identifiers.isEmpty ? "none" : identifiers.map { SQLiteValue.quoteIdentifier($0) }.joined(separator: ", ")
    }

    // MARK: - Reading the state of a database

    /// The identifiers of the registered migrations the database has applied, in registration
    /// order.
    ///
    /// - Parameter db: A connection to the database.
    /// - Returns: The applied migrations this migrator knows.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func appliedMigrations(_ db: Connection) throws(SQLiteError) -> [String] {
        let applied = try MigrationsTable.appliedIdentifiers(db)
        return registeredMigrations.filter(applied.contains)
    }

    /// The registered migrations that are completed: applied, and every migration registered
    /// before them too (the longest applied prefix of ``registeredMigrations``).
    ///
    /// - Parameter db: A connection to the database.
    /// - Returns: The completed migrations, in registration order.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func completedMigrations(_ db: Connection) throws(SQLiteError) -> [String] {
        let applied = try MigrationsTable.appliedIdentifiers(db)
        return Array(registeredMigrations.prefix(while: applied.contains))
    }

    /// Whether every registered migration is completed (also `true` when none is registered).
    ///
    /// - Parameter db: A connection to the database.
    /// - Returns: Whether ``migrate(_:)`` has nothing left to apply.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func hasCompletedMigrations(_ db: Connection) throws(SQLiteError) -> Bool {
        try completedMigrations(db).count == migrations.count
    }

    /// Whether the database has applied migrations this migrator does not know: it was migrated
    /// by a newer version of the app, and ``migrate(_:)`` refuses it.
    ///
    /// - Parameter db: A connection to the database.
    /// - Returns: Whether the database records an unregistered migration.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func hasBeenSuperseded(_ db: Connection) throws(SQLiteError) -> Bool {
        try !unknownMigrations(db).isEmpty
    }

    /// ``appliedMigrations(_:)`` read through a queue or pool.
    ///
    /// - Parameter reader: The database.
    /// - Returns: The applied migrations this migrator knows, in registration order.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func appliedMigrations(in reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in try appliedMigrations(db) }
    }

    /// ``completedMigrations(_:)`` read through a queue or pool.
    ///
    /// - Parameter reader: The database.
    /// - Returns: The completed migrations, in registration order.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func completedMigrations(in reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in try completedMigrations(db) }
    }

    /// ``hasCompletedMigrations(_:)`` read through a queue or pool.
    ///
    /// - Parameter reader: The database.
    /// - Returns: Whether every registered migration is completed.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func hasCompletedMigrations(in reader: some DatabaseReader) throws -> Bool {
        try reader.read { db in try hasCompletedMigrations(db) }
    }

    /// ``hasBeenSuperseded(_:)`` read through a queue or pool.
    ///
    /// - Parameter reader: The database.
    /// - Returns: Whether the database records an unregistered migration.
    /// - Throws: ``SQLiteError`` when the records cannot be read.
    public func hasBeenSuperseded(in reader: some DatabaseReader) throws -> Bool {
        try reader.read { db in try hasBeenSuperseded(db) }
    }
}
