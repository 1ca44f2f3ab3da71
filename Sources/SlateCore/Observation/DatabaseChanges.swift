/// What one or more committed transactions on the writer connection changed, as the change
/// tracker saw it: the text of every statement that could write, and the tables whose rows the
/// update hook reported.
///
/// The statements are resolved into tables and columns later, on a connection the observer
/// owns (see ``StatementFootprint``): the tracker runs inside SQLite's callbacks, where compiling
/// SQL on the committing connection is not allowed.
struct DatabaseChanges: Sendable {
    /// The SQL of each statement that is not read-only, as written (with parameters).
    var statements: Set<String> = []
    /// `database.table` keys reported by the update hook; `true` when rows were inserted or
    /// deleted, `false` when they were only updated.
    var tables: [String: Bool] = [:]
    /// Whether another process or connection committed (``ExternalChangeWatcher``): what it
    /// changed is unknown, so it may be anything.
    var external = false

    var isEmpty: Bool { statements.isEmpty && tables.isEmpty && !external }

    mutating func formUnion(_ other: DatabaseChanges) {
        // The common case, one commit per fetch: no set to hash the statements into.
        if isEmpty { return self = other }
        external = external || other.external
        statements.formUnion(other.statements)
        for (key, rows) in other.tables { tables[key] = (tables[key] ?? false) || rows }
    }
}
