// DataLiteCore's pragma property that SQLite.swift lacks. The five both libraries spell
// (`busyTimeout`, `userVersion`, `foreignKeys`, `journalMode`, `synchronous`) are in
// SlatePragmaProperties, which this module re-exports. A property cannot throw, so this one
// forwards to its primary, throwing pair and records a failure in `lastPropertyError`.

extension Connection {
    /// `PRAGMA application_id` (DataLiteCore's property for `getApplicationID()` and
    /// `setApplicationID(_:)`, the primary spellings). A failure is recorded in
    /// `lastPropertyError`.
    public var applicationID: Int32 {
        get { reading(0) { () throws(SQLiteError) in try getApplicationID() } }
        set { writing { () throws(SQLiteError) in try setApplicationID(newValue) } }
    }
}
