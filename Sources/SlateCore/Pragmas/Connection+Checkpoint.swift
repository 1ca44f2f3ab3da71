/// How far a WAL checkpoint goes (`SQLITE_CHECKPOINT_*`).
public enum CheckpointMode: Sendable, Hashable, CaseIterable {
    /// Copies what it can without waiting for readers or writers.
    case passive
    /// Waits (up to the busy timeout) for the writer, then for readers of old snapshots, and
    /// copies the whole WAL.
    case full
    /// As ``full``, then waits for readers so that the next writer starts the WAL over.
    case restart
    /// As ``restart``, then truncates the WAL file to zero bytes.
    case truncate

    var rawValue: Int32 {
        switch self {
        case .passive: SQLITE_CHECKPOINT_PASSIVE
        case .full: SQLITE_CHECKPOINT_FULL
        case .restart: SQLITE_CHECKPOINT_RESTART
        case .truncate: SQLITE_CHECKPOINT_TRUNCATE
        }
    }
}

/// What a checkpoint did.
public struct CheckpointResult: Sendable, Hashable {
    /// The number of frames in the WAL (0 after a `.truncate` or `.restart` that finished).
    public var walFrameCount: Int
    /// The number of those frames now copied into the database file.
    public var checkpointedFrameCount: Int
}

extension Connection {
    /// Runs a WAL checkpoint on the main database (`sqlite3_wal_checkpoint_v2`).
    ///
    /// - Parameter mode: How far to go.
    /// - Returns: The WAL's frame count and how many were copied.
    /// - Throws: ``SQLiteError``: `SQLITE_BUSY` when a `.full`, `.restart` or `.truncate`
    ///   checkpoint could not finish within the busy timeout; `SQLITE_LOCKED` inside a transaction
    ///   that has written; `.misuse` on a closed connection.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode = .passive) throws(SQLiteError) -> CheckpointResult {
        let db = try checkedHandle()
        var logFrames: Int32 = 0
        var copiedFrames: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(db, nil, mode.rawValue, &logFrames, &copiedFrames)
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, db: db)
            if code == SQLITE_BUSY {
                throw SQLiteError(
                    code: error.code.rawValue,
                    message: "the \(mode) checkpoint could not finish: a reader or writer held the WAL beyond the busy timeout (\(error.message))")
            }
            throw error
        }
        // Not in WAL mode, SQLite reports -1 for both.
        return CheckpointResult(walFrameCount: Int(max(logFrames, 0)), checkpointedFrameCount: Int(max(copiedFrames, 0)))
    }
}
