/// One registered migration: its identifier, how it treats foreign keys, and its work.
struct Migration: Sendable {
    let identifier: String
    let foreignKeyChecks: DatabaseMigrator.ForeignKeyChecks
    let body: @Sendable (Connection) throws -> Void

    /// Runs the migration in its own immediate transaction and records it, all or nothing.
    ///
    /// The record table is created inside the same transaction, so a first migration that fails
    /// leaves the database exactly as it was.
    func run(_ db: Connection) throws {
        // `PRAGMA foreign_keys` is a no-op inside a transaction, so it is switched around it.
        let disableForeignKeys = try foreignKeyChecks == .deferred && db.getForeignKeys()
        if disableForeignKeys { try db.setForeignKeys(false) }
        defer {
            // Restoring can only fail on a closed connection, which the caller has already heard of.
            if disableForeignKeys { try? db.setForeignKeys(true) }
        }
        try db.atomicTransaction(.immediate, access: "migration \(SQLiteValue.quoteIdentifier(identifier))") {
            // Read under the write lock (the transaction is immediate): another process or
            // connection that migrated the same file since the caller looked has already applied it.
            guard try !MigrationsTable.appliedIdentifiers(db).contains(identifier) else { return }
            try MigrationsTable.prepare(db)
            try body(db)
            try MigrationsTable.record(identifier, db)
            if foreignKeyChecks == .deferred { try checkForeignKeys(db) }
        }
    }

    /// Throws when `PRAGMA foreign_key_check` reports a row whose parent is missing.
    private func checkForeignKeys(_ db: Connection) throws(SQLiteError) {
        let check = try db.prepare(sql: "PRAGMA foreign_key_check")
        var violations: [String] = []
        while try check.step() {
            let table: String = check.columnValue(at: 0, as: String.self) ?? "?"
            let parent: String = check.columnValue(at: 2, as: String.self) ?? "?"
            let row: String
            if let rowid: Int64 = check.columnValue(at: 1, as: Int64.self) {
                row = "row \(rowid) of table \(SQLiteValue.quoteIdentifier(table))"
            } else {
                row = "a row of table \(SQLiteValue.quoteIdentifier(table))"  // WITHOUT ROWID tables have no rowid
            }
            violations.append("\(row) refers to a missing row of \(SQLiteValue.quoteIdentifier(parent))")
            if violations.count == 4 { break }
        }
        try check.reset()
        guard let first = violations.first else { return }
        let more = violations.count > 1 ? " (and more: \(violations.dropFirst().joined(separator: "; ")))" : ""
        throw SQLiteError(
            code: SQLITE_CONSTRAINT_FOREIGNKEY,
            details: "migration \(SQLiteValue.quoteIdentifier(identifier)) violates a foreign key: \(first)\(more); it was rolled back",
            sql: "PRAGMA foreign_key_check")
    }
}
