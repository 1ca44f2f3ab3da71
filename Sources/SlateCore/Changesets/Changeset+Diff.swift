extension Changeset {
    /// What ``Connection/diff(from:to:tables:)`` found: the changeset that turns the tables of one
    /// database into those of another, the columns its values belong to, and what it could not
    /// compare.
    ///
    /// ```swift
    /// let diff = try db.diff(from: "main", to: "replica")
    /// for omission in diff.omissions { print("not compared:", omission) }
    /// try Data(diff.changeset.data).write(to: url)
    /// ```
    public struct Diff: Hashable, Sendable {
        /// A part of the databases that a diff leaves out, because the session extension cannot
        /// carry it. Each is reported rather than silently treated as equal.
        public enum Omission: Hashable, Sendable, CustomStringConvertible {
            /// A table without a primary key: the session extension identifies rows by primary
            /// key and ignores such tables, so their rows were not compared.
            case tableWithoutPrimaryKey(String)
            /// A virtual table (FTS, R*Tree, …): not compared itself. Its rows live in its shadow
            /// tables, ordinary tables that are compared like any other.
            case virtualTable(String)
            /// Rows whose primary key holds a `NULL` (possible in a table whose key is not an
            /// `INTEGER PRIMARY KEY` and that is not `WITHOUT ROWID`): the session extension
            /// ignores them. `count` adds up both databases' such rows.
            case rowsWithNullPrimaryKey(table: String, count: Int)

            /// The omission in words, for warnings.
            public var description: String {
                switch self {
                case .tableWithoutPrimaryKey(let table):
                    return "the table \(table) has no primary key: the session extension ignores it, so its rows were not compared"
                case .virtualTable(let table):
                    return "\(table) is a virtual table: it is not compared itself (its rows live in its shadow tables, "
                        + "compared like any other table when they are included)"
                case .rowsWithNullPrimaryKey(let table, let count):
                    return "\(count) row\(count == 1 ? "" : "s") of \(table) have a NULL in the primary key: "
                        + "the session extension ignores them, so they were not compared"
                }
            }
        }

        /// The changes that turn the source's compared tables into the target's: a changeset
        /// (with old values, so it can be inverted and its conflicts detected).
        public let changeset: Changeset
        /// The compared tables (those with a primary key), in name order.
        public let tables: [String]
        /// Each compared table's columns, in the order of a change's values: a changeset carries
        /// values by position only. Keyed by the table's name as in ``tables``; pass it to
        /// ``Connection/apply(_:tables:columns:)`` to refuse a table whose columns are in
        /// another order.
        public let columns: [String: [String]]
        /// What was left out, in table order; empty when everything was compared.
        public let omissions: [Omission]

        /// Creates a diff's result, for tests.
        ///
        /// - Parameters:
        ///   - changeset: The changes from the source to the target.
        ///   - tables: The compared tables.
        ///   - columns: Each compared table's columns, in order.
        ///   - omissions: What was left out.
        public init(changeset: Changeset, tables: [String], columns: [String: [String]], omissions: [Omission]) {
            self.changeset = changeset
            self.tables = tables
            self.columns = columns
            self.omissions = omissions
        }
    }
}
