// SQLite.swift 0.16's journal-mode and WAL spellings, as thin aliases over SlateCore's primary
// forms (`setJournalMode(_:)`, `setSynchronous(_:)`, `getWALAutoCheckpoint()`, `checkpoint(_:database:)`).
// `setJournalMode(_:)` itself shadows the primary under `import SlateSQLiteSwift`, returning the
// mode SQLite kept where the primary throws.

extension Connection {
    /// SQLite.swift's name for `CheckpointMode`.
    public typealias WALCheckpointMode = CheckpointMode

    /// Opens a database and sets its journal mode, as SQLite.swift's initializer does.
    ///
    /// The mode is left alone for databases that cannot take one (in memory, temporary, or
    /// opened read-only, including by a URI parameter); `JournalMode/wal` goes through
    /// `enableWAL()`, so it also sets `synchronous = NORMAL`. As with `setJournalMode(_:)`, a
    /// mode SQLite does not take leaves the one it kept, without an error.
    ///
    /// - Parameters:
    ///   - location: Where the database lives; in memory by default.
    ///   - readonly: Whether to open for reading only.
    ///   - journalMode: The mode to set after opening, or `nil` for none.
    /// - Throws: `SQLiteError` when the database cannot be opened or a pragma fails.
    public convenience init(_ location: Location = .inMemory, readonly: Bool = false, journalMode: JournalMode?)
        throws(SQLiteError)
    {
        try self.init(location, readonly: readonly)
        try applyInitialJournalMode(journalMode, location: location)
    }

    /// Opens a database file and sets its journal mode (SQLite.swift's initializer; the mode is
    /// applied as the `Location` form above applies it).
    ///
    /// - Parameters:
    ///   - filename: The file's path.
    ///   - readonly: Whether to open for reading only.
    ///   - journalMode: The mode to set after opening, or `nil` for none.
    /// - Throws: `SQLiteError` when the database cannot be opened or a pragma fails.
    public convenience init(_ filename: String, readonly: Bool = false, journalMode: JournalMode?) throws(SQLiteError) {
        try self.init(.file(path: filename), readonly: readonly, journalMode: journalMode)
    }

    private func applyInitialJournalMode(_ mode: JournalMode?, location: Location) throws(SQLiteError) {
        // The live read-only flag, not the parameter: a `mode=ro` URI opens read-only too.
        guard let mode, !readonly else { return }
        switch location {
        case .inMemory, .temporary: return
        case .file(let path), .uri(let path, _):
            guard !path.isEmpty, path != ":memory:" else { return }
        }
        if mode == .wal {
            try enableWAL()
        } else {
            try setJournalMode(mode)
        }
    }

    /// Sets `PRAGMA journal_mode` and returns the mode SQLite kept, as SQLite.swift does: an
    /// in-memory database asked for WAL keeps `memory`, and that is the answer, not an error.
    ///
    /// Slate's own `setJournalMode(_:)` (under `import Slate`) throws when SQLite keeps another
    /// mode than the one asked for.
    ///
    /// ```swift
    /// let kept = try db.setJournalMode(.wal)   // .memory for Connection(.inMemory)
    /// ```
    ///
    /// - Parameter mode: The mode to ask for.
    /// - Returns: The journal mode in effect afterwards.
    /// - Throws: `SQLiteError` when the pragma fails.
    @discardableResult
    public func setJournalMode(_ mode: JournalMode) throws(SQLiteError) -> JournalMode {
        try requestJournalMode(mode)
    }

    /// Turns on write-ahead logging with `synchronous = NORMAL`, its recommended pairing
    /// (SQLite.swift's method over `setJournalMode(_:)` and `setSynchronous(_:)`).
    ///
    /// Unlike `setJournalMode(_:)`, a database that cannot use WAL (in memory, on some network
    /// file systems) is not an error: the mode SQLite kept is returned and `synchronous` is left
    /// alone.
    ///
    /// - Returns: The journal mode in effect afterwards.
    /// - Throws: `SQLiteError` when a pragma fails.
    @discardableResult
    public func enableWAL() throws(SQLiteError) -> JournalMode {
        let mode = try requestJournalMode(.wal)
        if mode == .wal { try setSynchronous(.normal) }
        return mode
    }

    /// `PRAGMA wal_autocheckpoint`, in pages (SQLite.swift's property for
    /// `getWALAutoCheckpoint()` and `setWALAutoCheckpoint(_:)`, the primary spellings).
    /// A failure is recorded in `lastPropertyError`.
    public var walAutoCheckpoint: Int {
        get { reading(0) { () throws(SQLiteError) in try getWALAutoCheckpoint() } }
        set { writing { () throws(SQLiteError) in try setWALAutoCheckpoint(newValue) } }
    }

    /// Runs a WAL checkpoint (SQLite.swift's form of `checkpoint(_:database:)`).
    ///
    /// - Parameters:
    ///   - mode: How to treat other connections; passive by default.
    ///   - schema: The attached schema to checkpoint, or `nil` for all.
    /// - Returns: Whether it was kept from finishing, the frames in the WAL and the frames
    ///   copied (both -1 when the database is not in WAL mode).
    /// - Throws: `SQLiteError` for an unknown schema or a closed connection.
    @discardableResult
    public func walCheckpoint(mode: WALCheckpointMode = .passive, schema: String? = nil) throws(SQLiteError)
        -> (busy: Bool, log: Int, checkpointed: Int)
    {
        // SQLite.swift reports SQLITE_BUSY as an outcome, as `PRAGMA wal_checkpoint` does.
        let outcome = try runCheckpoint(mode, database: schema)
        guard outcome.code == SQLITE_OK || outcome.code & 0xFF == SQLITE_BUSY else {
            throw SQLiteError(code: outcome.code, db: outcome.db)
        }
        return (outcome.code != SQLITE_OK, outcome.log, outcome.checkpointed)
    }
}
