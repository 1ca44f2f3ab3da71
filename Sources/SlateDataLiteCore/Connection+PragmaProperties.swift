// DataLiteCore's pragma properties (all six). A property cannot throw, so each forwards to its
// primary, throwing form (`getJournalMode()` / `setJournalMode(_:)`, …) and records a failure in
// `lastPropertyError` instead of trapping as DataLiteCore's `try!` did.

extension Connection {
    /// How long SQLite waits for a lock before failing with `SQLITE_BUSY`, in seconds
    /// (DataLiteCore's property for `getBusyTimeout()` and
    /// `setBusyTimeout(_:)`, the primary spellings, which throw).
    ///
    /// A failure is recorded in `lastPropertyError`.
    public var busyTimeout: Double {
        get { reading(0) { () throws(SQLiteError) in try getBusyTimeout() } }
        set { writing { () throws(SQLiteError) in try setBusyTimeout(newValue) } }
    }

    /// `PRAGMA application_id` (DataLiteCore's property for `getApplicationID()` and
    /// `setApplicationID(_:)`, the primary spellings). A failure is recorded in
    /// `lastPropertyError`.
    public var applicationID: Int32 {
        get { reading(0) { () throws(SQLiteError) in try getApplicationID() } }
        set { writing { () throws(SQLiteError) in try setApplicationID(newValue) } }
    }

    /// `PRAGMA foreign_keys` (DataLiteCore's property for `getForeignKeys()` and
    /// `setForeignKeys(_:)`, the primary spellings). A failure is recorded in
    /// `lastPropertyError`.
    public var foreignKeys: Bool {
        get { reading(false) { () throws(SQLiteError) in try getForeignKeys() } }
        set { writing { () throws(SQLiteError) in try setForeignKeys(newValue) } }
    }

    /// `PRAGMA journal_mode` (DataLiteCore's property for `getJournalMode()` and
    /// `setJournalMode(_:)`, the primary spellings). A failure, such as WAL on an in-memory
    /// database, is recorded in `lastPropertyError`.
    public var journalMode: JournalMode {
        get { reading(.delete) { () throws(SQLiteError) in try getJournalMode() } }
        set { writing { () throws(SQLiteError) in try setJournalMode(newValue) } }
    }

    /// `PRAGMA synchronous` (DataLiteCore's property for `getSynchronous()` and
    /// `setSynchronous(_:)`, the primary spellings). A failure is recorded in
    /// `lastPropertyError`.
    public var synchronous: Synchronous {
        get { reading(.full) { () throws(SQLiteError) in try getSynchronous() } }
        set { writing { () throws(SQLiteError) in try setSynchronous(newValue) } }
    }

    /// `PRAGMA user_version`, for schema migrations (DataLiteCore's property
    /// for `getUserVersion()` and `setUserVersion(_:)`, the primary spellings).
    ///
    /// ```swift
    /// if db.userVersion == 0 {
    ///     // first migration
    ///     db.userVersion = 1
    /// }
    /// ```
    ///
    /// A failure is recorded in `lastPropertyError`.
    public var userVersion: Int32 {
        get { reading(0) { () throws(SQLiteError) in try getUserVersion() } }
        set { writing { () throws(SQLiteError) in try setUserVersion(newValue) } }
    }
}
