import Foundation

/// How far a WAL checkpoint goes (`SQLITE_CHECKPOINT_*`).
public enum CheckpointMode: String, Sendable, Hashable, CaseIterable {
    /// Copies what it can without waiting for readers or writers.
    case passive = "PASSIVE"
    /// Waits (up to the busy timeout) for the writer, then for readers of old snapshots, and
    /// copies the whole WAL.
    case full = "FULL"
    /// As ``full``, then waits for readers so that the next writer starts the WAL over.
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

/// What a checkpoint did.
public struct CheckpointResult: Sendable, Hashable {
    /// The number of frames in the WAL (0 after a `.truncate` or `.restart` that finished, and
    /// outside WAL mode).
    public var walFrameCount: Int
    /// The number of those frames now copied into the database file.
    public var checkpointedFrameCount: Int

    /// Whether a ``CheckpointMode/passive`` checkpoint found another connection checkpointing
    /// (it holds the checkpoint lock): it copied nothing, without waiting, and
    /// ``walFrameCount`` is then the number of frames the WAL file has room for, an upper bound.
    public var wasBlocked: Bool

    /// Creates a result, such as the one to compare a checkpoint's against.
    ///
    /// - Parameters:
    ///   - walFrameCount: The number of frames in the WAL.
    ///   - checkpointedFrameCount: The number of them copied into the database file.
    ///   - wasBlocked: Whether another connection's checkpoint kept a passive one from running.
    public init(walFrameCount: Int, checkpointedFrameCount: Int, wasBlocked: Bool = false) {
        self.walFrameCount = walFrameCount
        self.checkpointedFrameCount = checkpointedFrameCount
        self.wasBlocked = wasBlocked
    }
}

extension Connection {
    /// Runs a WAL checkpoint (`sqlite3_wal_checkpoint_v2`): copies frames from the write-ahead
    /// log into the database file.
    ///
    /// ```swift
    /// let result = try db.checkpoint(.truncate)
    /// ```
    ///
    /// - Parameters:
    ///   - mode: How far to go; ``CheckpointMode/passive`` by default.
    ///   - database: The schema to checkpoint (`"main"`, an attached name), or `nil` for all.
    /// - Returns: The WAL's frame count and how many were copied (both 0 outside WAL mode).
    /// - Throws: ``SQLiteError``: `SQLITE_BUSY` when a `.full`, `.restart` or `.truncate`
    ///   checkpoint could not finish within the busy timeout; `SQLITE_LOCKED` inside a transaction
    ///   that has written; `SQLITE_ERROR` for an unknown schema; `.misuse` on a closed connection.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode = .passive, database: String? = nil) throws(SQLiteError) -> CheckpointResult {
        let outcome = try runCheckpoint(mode, database: database)
        if mode == .passive, outcome.code & 0xFF == SQLITE_BUSY {
            // A passive checkpoint never waits: SQLite reports BUSY when another connection
            // holds the checkpoint lock, which is not a failure of this one (issue 21).
            return CheckpointResult(
                walFrameCount: walFileFrames(database: database), checkpointedFrameCount: 0, wasBlocked: true)
        }
        guard outcome.code == SQLITE_OK else {
            let error = SQLiteError(code: outcome.code, db: outcome.db)
            if outcome.code & 0xFF == SQLITE_BUSY {
                throw error.explained(
                    "the \(mode) checkpoint could not finish: a reader or writer held the WAL beyond the busy timeout")
            }
            throw error
        }
        return CheckpointResult(
            walFrameCount: max(outcome.log, 0), checkpointedFrameCount: max(outcome.checkpointed, 0))
    }

    /// Runs `sqlite3_wal_checkpoint_v2` and returns its code and raw counts (-1 outside WAL
    /// mode), for callers that treat `SQLITE_BUSY` as an outcome.
    package func runCheckpoint(_ mode: CheckpointMode, database: String?) throws(SQLiteError)
        -> (code: Int32, db: OpaquePointer, log: Int, checkpointed: Int)
    {
        let db = try checkedHandle()
        var log: Int32 = -1
        var checkpointed: Int32 = -1
        let code = sqlite3_wal_checkpoint_v2(db, database, mode.sqliteMode, &log, &checkpointed)
        return (code, db, Int(log), Int(checkpointed))
    }

    /// How many frames the WAL file of `database` has room for, from its size (0 when unknown).
    private func walFileFrames(database: String?) -> Int {
        guard let db = handle, let name = sqlite3_db_filename(db, database ?? "main") else { return 0 }
        let path = String(cString: name)
        guard !path.isEmpty,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal"),
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let pageSize = try? scalar(Int.self, "PRAGMA page_size"), pageSize > 0
        else { return 0 }
        return max(size - 32, 0) / (pageSize + 24)
    }
}
