/// The conflict resolution of `INSERT OR …`.
public enum OnConflict: String, Sendable {
    /// `INSERT OR REPLACE`: delete the conflicting rows, then insert.
    case replace = "REPLACE"
    /// `INSERT OR ROLLBACK`: roll back the transaction.
    case rollback = "ROLLBACK"
    /// `INSERT OR ABORT`: undo the statement (the default behaviour).
    case abort = "ABORT"
    /// `INSERT OR FAIL`: stop, keeping the statement's earlier changes.
    case fail = "FAIL"
    /// `INSERT OR IGNORE`: skip the conflicting row.
    case ignore = "IGNORE"
}
