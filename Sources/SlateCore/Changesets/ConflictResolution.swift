/// What to do with a ``ChangesetConflict``: the answer of the conflict handler of
/// ``Connection/apply(_:tables:columns:onConflict:)``.
public enum ConflictResolution: String, Hashable, Sendable, CaseIterable {
    /// Skip this change and go on (`SQLITE_CHANGESET_OMIT`); for a foreign key conflict, commit
    /// anyway.
    case omit
    /// Apply the change over what is there (`SQLITE_CHANGESET_REPLACE`): overwrite the row of a
    /// ``ChangesetConflict/Kind/data`` conflict, replace the existing row of a
    /// ``ChangesetConflict/Kind/conflict``. Invalid for other kinds
    /// (``ChangesetConflict/Kind/allowsReplace``): the apply then fails with `SQLITE_MISUSE`.
    case replace
    /// Stop, roll back every change applied so far, and throw (`SQLITE_CHANGESET_ABORT`).
    case abort
}
