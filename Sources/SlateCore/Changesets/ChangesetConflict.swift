/// A change that could not be applied as it stands, given to the conflict handler of
/// ``Connection/apply(_:tables:columns:onConflict:)``, which answers with a ``ConflictResolution``.
public struct ChangesetConflict: Hashable, Sendable {
    /// Why the change conflicts (SQLite's `SQLITE_CHANGESET_*` codes).
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// An update or delete found its row, but the row's values are not the change's old
        /// values (`SQLITE_CHANGESET_DATA`): someone else changed it. ``ConflictResolution/replace``
        /// applies the change anyway.
        case data
        /// An update or delete found no row with its primary key (`SQLITE_CHANGESET_NOTFOUND`).
        /// It can only be omitted, or the whole apply aborted.
        case notFound
        /// An insert found a row with its primary key already there (`SQLITE_CHANGESET_CONFLICT`).
        /// ``ConflictResolution/replace`` overwrites that row.
        case conflict
        /// The change breaks a constraint — `UNIQUE`, `CHECK` or `NOT NULL`
        /// (`SQLITE_CHANGESET_CONSTRAINT`). It can only be omitted, or the apply aborted.
        case constraint
        /// Once every change was applied, foreign keys are violated
        /// (`SQLITE_CHANGESET_FOREIGN_KEY`, only with `PRAGMA foreign_keys = ON`).
        /// ``ConflictResolution/omit`` commits anyway; ``ConflictResolution/abort`` rolls back.
        case foreignKey

        init?(code: Int32) {
            switch code {
            case SessionExtension.conflictData: self = .data
            case SessionExtension.conflictNotFound: self = .notFound
            case SessionExtension.conflictConflict: self = .conflict
            case SessionExtension.conflictConstraint: self = .constraint
            case SessionExtension.conflictForeignKey: self = .foreignKey
            default: return nil
            }
        }

        /// Whether ``ConflictResolution/replace`` is a valid answer: for ``data`` and ``conflict``.
        public var allowsReplace: Bool { self == .data || self == .conflict }

        /// `"data"`, `"notFound"`, `"conflict"`, `"constraint"` or `"foreignKey"`.
        public var description: String { rawValue }
    }

    /// Why the change conflicts.
    public let kind: Kind
    /// The change that conflicts; `nil` for ``Kind/foreignKey``, which concerns the whole apply.
    public let change: Changeset.Change?
    /// The row already in the database, for ``Kind/data`` and ``Kind/conflict``; `nil` otherwise.
    public let conflictingRow: [SQLiteValue]?
    /// How many foreign key constraints are violated, for ``Kind/foreignKey``; 0 otherwise.
    public let foreignKeyViolations: Int

    /// Creates a conflict, for tests of conflict handlers.
    ///
    /// - Parameters:
    ///   - kind: Why the change conflicts.
    ///   - change: The change, or `nil` for ``Kind/foreignKey``.
    ///   - conflictingRow: The row in the database, for ``Kind/data`` and ``Kind/conflict``.
    ///   - foreignKeyViolations: The count of violated foreign keys, for ``Kind/foreignKey``.
    public init(kind: Kind, change: Changeset.Change?, conflictingRow: [SQLiteValue]? = nil, foreignKeyViolations: Int = 0) {
        self.kind = kind
        self.change = change
        self.conflictingRow = conflictingRow
        self.foreignKeyViolations = foreignKeyViolations
    }

    /// The table of the change, or `nil` for ``Kind/foreignKey``.
    public var table: String? { change?.table }
}
