extension Connection {
    /// Journal modes (`PRAGMA journal_mode`).
    ///
    /// The raw value is SQLite's keyword in uppercase (`"WAL"`), and ``init(rawValue:)`` reads any
    /// case, since SQLite answers `PRAGMA journal_mode` in lowercase (as DataLiteCore does).
    public enum JournalMode: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible,
        SQLiteRepresentable
    {
        /// The default rollback journal, deleted after each transaction.
        case delete
        /// A rollback journal truncated to zero length after each transaction.
        case truncate
        /// A rollback journal whose header is zeroed after each transaction.
        case persist
        /// A rollback journal kept in memory.
        case memory
        /// Write-ahead logging: readers do not block the writer.
        case wal
        /// No journal: no atomic commit or rollback.
        case off

        /// The mode's keyword, in uppercase: `"DELETE"`, `"WAL"`, ….
        public var rawValue: String {
            switch self {
            case .delete: "DELETE"
            case .truncate: "TRUNCATE"
            case .persist: "PERSIST"
            case .memory: "MEMORY"
            case .wal: "WAL"
            case .off: "OFF"
            }
        }

        /// The mode named by a keyword in any case (`"wal"`, `"WAL"`), or `nil` for another word.
        ///
        /// - Parameter rawValue: The keyword.
        public init?(rawValue: String) {
            let upper = rawValue.uppercased()
            guard let mode = Self.allCases.first(where: { $0.rawValue == upper }) else { return nil }
            self = mode
        }

        /// The keyword, in uppercase (`"WAL"`).
        public var description: String { rawValue }

        /// Reads SQLite's answer, whatever its case.
        public init?(_ value: SQLiteValue) {
            guard case .text(let text) = value else { return nil }
            self.init(rawValue: text)
        }

        /// The keyword as text, for `PRAGMA journal_mode = …`.
        public var sqliteValue: SQLiteValue { .text(rawValue) }
    }

    /// Synchronization levels (`PRAGMA synchronous`).
    public enum Synchronous: Int32, Hashable, Sendable, CaseIterable, SQLiteRepresentable {
        /// No syncs: fastest, unsafe on power loss.
        case off = 0
        /// Syncs at critical moments; safe with WAL.
        case normal = 1
        /// Syncs after each transaction (the default).
        case full = 2
        /// Also syncs the directory after deleting the journal.
        case extra = 3
    }

    // MARK: Generic pragmas

    /// Reads a PRAGMA.
    ///
    /// - Parameter pragma: The pragma's name; it is validated, never spliced into SQL unchecked.
    /// - Returns: The first column of the pragma's first row, or `nil` when it returns no row or NULL.
    /// - Throws: ``SQLiteError`` for an invalid name, a failure, or a value that does not convert to `T`.
    public func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T? {
        // The row view keeps its statement alive until the value is read.
        let cursor = try prepare(sql: "PRAGMA \(try pragma.sql())").cursor()
        guard let row = try cursor.next() else { return nil }
        return try row.get(0, as: T?.self)
    }

    /// Sets a PRAGMA and checks that the value took effect.
    ///
    /// - Parameters:
    ///   - pragma: The pragma's name; it is validated, never spliced into SQL unchecked.
    ///   - value: The value, written as an SQL literal.
    /// - Throws: ``SQLiteError`` for an invalid name or value, a failure, or when SQLite kept another
    ///   value (such as `journal_mode = wal` on an in-memory database, or `foreign_keys` inside a
    ///   transaction).
    public func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError) {
        let name = try pragma.sql()
        let requested = value.sqliteValue
        let literal: String
        switch requested {
        case .int, .text: literal = requested.sqliteLiteral
        case .real(let number) where number.isFinite: literal = requested.sqliteLiteral
        default:
            throw SQLiteError.misuse("PRAGMA \(pragma) cannot be set to \(requested.sqliteLiteral)")
        }
        // A row view keeps its statement alive, so temporary statements are safe to read.
        var actual = try prepare(sql: "PRAGMA \(name) = \(literal)").cursor().next()?[0]
        if actual == nil {
            // Some pragmas report nothing when set: read the value back.
            actual = try prepare(sql: "PRAGMA \(name)").cursor().next()?[0]
        }
        guard let actual, !Self.same(actual, requested) else { return }
        // Only compare values of the same kind: `synchronous = 'normal'` reads back as 1.
        switch (actual, requested) {
        case (.int, .int), (.text, .text), (.real, .real), (.int, .real), (.real, .int):
            throw SQLiteError.error(
                "PRAGMA \(pragma) = \(literal) did not take effect: SQLite kept \(actual.sqliteLiteral)")
        default:
            return
        }
    }

    private static func same(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a.lowercased() == b.lowercased()
        case (.int(let a), .real(let b)), (.real(let b), .int(let a)): Double(a) == b
        default: lhs == rhs
        }
    }

    // MARK: Typed pragmas
    //
    // The primary spelling of each known pragma is a throwing get/set pair. DataLiteCore's and
    // SQLite.swift's properties (`db.journalMode = .wal`) forward to these and record failures in
    // `lastPropertyError` (Compatibility/DataLiteCore/Connection+PragmaProperties.swift).

    /// Reads how long SQLite waits for a lock before failing with `SQLITE_BUSY`, in seconds.
    public func getBusyTimeout() throws(SQLiteError) -> Double {
        Double(try get(pragma: .busyTimeout) ?? Int64(0)) / 1000
    }

    /// Sets how long SQLite waits for a lock before failing with `SQLITE_BUSY`.
    ///
    /// SQLite counts the timeout in `Int32` milliseconds: a longer one waits SQLite's longest,
    /// `Int32.max` milliseconds (about 24.8 days).
    ///
    /// - Parameter seconds: The timeout in seconds (0 fails at once); it replaces any busy handler.
    /// - Throws: ``SQLiteError`` for a negative or non-finite value, or a closed connection.
    public func setBusyTimeout(_ seconds: Double) throws(SQLiteError) {
        let milliseconds = try Self.busyTimeoutMilliseconds(seconds)
        let db = try checkedHandle()
        let code = sqlite3_busy_timeout(db, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
    }

    /// A busy timeout in SQLite's unit, `Int32` milliseconds, clamped to the longest SQLite takes.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE`) for a negative or non-finite number of seconds.
    static func busyTimeoutMilliseconds(_ seconds: Double) throws(SQLiteError) -> Int32 {
        guard seconds.isFinite, seconds >= 0 else {
            throw SQLiteError.misuse("the busy timeout must be a finite number of seconds ≥ 0, not \(seconds)")
        }
        // Compared as a Double: converting a huge value to an integer first would trap.
        let milliseconds = (seconds * 1000).rounded()
        return milliseconds < Double(Int32.max) ? Int32(milliseconds) : Int32.max
    }

    /// Reads `PRAGMA application_id`.
    public func getApplicationID() throws(SQLiteError) -> Int32 { try get(pragma: .applicationID) ?? 0 }
    /// Sets `PRAGMA application_id`.
    public func setApplicationID(_ value: Int32) throws(SQLiteError) { try set(pragma: .applicationID, value: value) }
    /// Reads `PRAGMA foreign_keys`.
    public func getForeignKeys() throws(SQLiteError) -> Bool { try get(pragma: .foreignKeys) ?? false }
    /// Sets `PRAGMA foreign_keys` (it cannot change inside a transaction; that is reported).
    public func setForeignKeys(_ value: Bool) throws(SQLiteError) { try set(pragma: .foreignKeys, value: value) }
    /// Reads `PRAGMA journal_mode`.
    public func getJournalMode() throws(SQLiteError) -> JournalMode { try get(pragma: .journalMode) ?? .delete }
    /// Sets `PRAGMA journal_mode`, reporting a mode the database cannot take (WAL in memory).
    ///
    /// - Parameter value: The mode.
    /// - Returns: The mode now in effect, which is `value` (SQLite.swift's form returns it too).
    /// - Throws: ``SQLiteError`` when SQLite kept another mode, or on failure.
    @discardableResult
    public func setJournalMode(_ value: JournalMode) throws(SQLiteError) -> JournalMode {
        try set(pragma: .journalMode, value: value.rawValue)
        return value
    }

    /// Asks for a journal mode and returns the one SQLite reports, without treating a refusal
    /// (WAL in memory, on a network file system) as an error: for callers that fall back.
    package func requestJournalMode(_ value: JournalMode) throws(SQLiteError) -> JournalMode {
        let cursor = try prepare(sql: "PRAGMA journal_mode = \(value.rawValue)").cursor()
        if let row = try cursor.next(), let mode = try row.get(0, as: JournalMode?.self) { return mode }
        return try getJournalMode()
    }

    /// Reads `PRAGMA wal_autocheckpoint`: the WAL size, in pages, that triggers an automatic
    /// checkpoint (0 when automatic checkpoints are off).
    public func getWALAutoCheckpoint() throws(SQLiteError) -> Int {
        Int(try get(pragma: .walAutoCheckpoint) ?? Int64(0))
    }

    /// Sets `PRAGMA wal_autocheckpoint`.
    ///
    /// - Parameter pages: The WAL size in pages that triggers an automatic checkpoint; 0 or less
    ///   turns automatic checkpoints off (SQLite then reports 0).
    /// - Throws: ``SQLiteError`` on failure.
    public func setWALAutoCheckpoint(_ pages: Int) throws(SQLiteError) {
        // SQLite stores a non-positive value as "off" and reads it back as 0: ask for 0, so the
        // check that the value took effect compares like with like.
        try set(pragma: .walAutoCheckpoint, value: Int64(max(pages, 0)))
    }
    /// Reads `PRAGMA synchronous`.
    public func getSynchronous() throws(SQLiteError) -> Synchronous { try get(pragma: .synchronous) ?? .full }
    /// Sets `PRAGMA synchronous`.
    public func setSynchronous(_ value: Synchronous) throws(SQLiteError) { try set(pragma: .synchronous, value: value.rawValue) }
    /// Reads `PRAGMA user_version`.
    public func getUserVersion() throws(SQLiteError) -> Int32 { try get(pragma: .userVersion) ?? 0 }
    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ value: Int32) throws(SQLiteError) { try set(pragma: .userVersion, value: value) }
}
