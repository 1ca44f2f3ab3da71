extension DatabaseMigrator {
    /// How a migration treats foreign keys while it runs.
    public enum ForeignKeyChecks: Sendable, Hashable {
        /// The migration runs with foreign-key enforcement turned off, so it can rebuild tables
        /// in any order (SQLite's recipe for schema changes that `ALTER TABLE` cannot make);
        /// `PRAGMA foreign_key_check` then runs before the commit, and a violation throws and
        /// rolls the migration back. The default.
        case deferred

        /// The migration runs with the connection's own `PRAGMA foreign_keys` setting: each
        /// statement is checked as it runs (when enforcement is on), and no whole-database check
        /// follows. Faster on large databases, for migrations that never break a reference midway.
        case immediate
    }
}
