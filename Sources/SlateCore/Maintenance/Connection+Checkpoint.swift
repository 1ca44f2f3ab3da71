extension Connection {
    /// How a WAL checkpoint treats readers and writers (`sqlite3_wal_checkpoint_v2`'s modes).
    public enum CheckpointMode: String, Hashable, Sendable, CaseIterable {
        /// Copies as many frames as possible without waiting for readers or writers.
        case passive = "PASSIVE"
        /// Waits for writers, then copies every frame; blocks new writers meanwhile.
        case full = "FULL"
        /// As ``full``, then waits for readers so the next writer restarts the log.
        case restart = "RESTART"
        /// As ``restart``, then truncates the WAL file to zero bytes.
        case truncate = "TRUNCATE"

        /// SQLite's constant for the mode.
        var sqliteMode: Int32 {
            switch self {
            case .passive: SQLITE_CHECKPOINT_PASSIVE
            case .full: SQLITE_CHECKPOINT_FULL
            case .restart: SQLITE_CHECKPOINT_RESTART
            case .truncate: SQLITE_CHECKPOINT_TRUNCATE
            }
        }
    }

    /// What a WAL checkpoint did.
    public struct CheckpointResult: Hashable, Sendable {
        /// Whether another connection kept the checkpoint from finishing (`SQLITE_BUSY`).
        public var busy: Bool
        /// The number of frames in the WAL, or -1 when the database is not in WAL mode.
        public var log: Int
        /// The number of frames copied into the database, or -1 when it is not in WAL mode.
        public var checkpointed: Int
    }

    /// Runs a WAL checkpoint: copies frames from the write-ahead log into the database file.
    ///
    /// ```swift
    /// let result = try db.checkpoint(.truncate)
    /// if result.busy { /* a reader kept part of the log */ }
    /// ```
    ///
    /// - Parameters:
    ///   - mode: How to treat other connections; ``CheckpointMode/passive`` by default.
    ///   - database: The schema to checkpoint (`"main"`, an attached name), or `nil` for all.
    /// - Returns: The frame counts; a database not in WAL mode reports -1 for both.
    ///   A checkpoint that other connections kept from finishing is ``CheckpointResult/busy``,
    ///   not an error.
    /// - Throws: ``SQLiteError`` for an unknown schema or a closed connection.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode = .passive, database: String? = nil) throws(SQLiteError)
        -> CheckpointResult
    {
        let db = try checkedHandle()
        var log: Int32 = -1
        var checkpointed: Int32 = -1
        let code = sqlite3_wal_checkpoint_v2(db, database, mode.sqliteMode, &log, &checkpointed)
        // SQLITE_BUSY is an outcome of the other modes, as `PRAGMA wal_checkpoint` reports it.
        guard code == SQLITE_OK || code & 0xFF == SQLITE_BUSY else { throw SQLiteError(code: code, db: db) }
        return CheckpointResult(busy: code != SQLITE_OK, log: Int(log), checkpointed: Int(checkpointed))
    }
}
