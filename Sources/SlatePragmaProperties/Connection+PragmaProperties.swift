// The pragma properties that SQLite.swift and DataLiteCore both spell as plain properties. They
// live in one module that both compatibility modules re-export, so that a file importing both
// sees one declaration, not two ambiguous ones. A property cannot throw: each forwards to its
// primary, throwing pair (`getJournalMode()` / `setJournalMode(_:)`, …) and records a failure in
// `lastPropertyError` where those libraries trapped or ignored it.

@_exported import SlateCore

extension Connection {
    /// How long SQLite waits for a lock before failing with `SQLITE_BUSY`, in seconds (the
    /// property of SQLite.swift and DataLiteCore for `getBusyTimeout()` and
    /// `setBusyTimeout(_:)`, the primary spellings, which throw).
    ///
    /// A failure is recorded in `lastPropertyError`.
    public var busyTimeout: Double {
        get { reading(0) { () throws(SQLiteError) in try getBusyTimeout() } }
        set { writing { () throws(SQLiteError) in try setBusyTimeout(newValue) } }
    }

    /// `PRAGMA user_version`, for schema migrations (the property of SQLite.swift and
    /// DataLiteCore for `getUserVersion()` and `setUserVersion(_:)`, the primary spellings).
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

    /// `PRAGMA foreign_keys` (the property of SQLite.swift and DataLiteCore for
    /// `getForeignKeys()` and `setForeignKeys(_:)`, the primary spellings). A failure is recorded
    /// in `lastPropertyError`.
    public var foreignKeys: Bool {
        get { reading(false) { () throws(SQLiteError) in try getForeignKeys() } }
        set { writing { () throws(SQLiteError) in try setForeignKeys(newValue) } }
    }

    /// `PRAGMA journal_mode` (the property of SQLite.swift and DataLiteCore for
    /// `getJournalMode()` and `setJournalMode(_:)`, the primary spellings). A failure, such as
    /// WAL on an in-memory database, is recorded in `lastPropertyError`.
    public var journalMode: JournalMode {
        get { reading(.delete) { () throws(SQLiteError) in try getJournalMode() } }
        set { writing { () throws(SQLiteError) in try setJournalMode(newValue) } }
    }

    /// `PRAGMA synchronous` (the property of SQLite.swift and DataLiteCore for
    /// `getSynchronous()` and `setSynchronous(_:)`, the primary spellings). A failure is recorded
    /// in `lastPropertyError`.
    public var synchronous: Synchronous {
        get { reading(.full) { () throws(SQLiteError) in try getSynchronous() } }
        set { writing { () throws(SQLiteError) in try setSynchronous(newValue) } }
    }
}
