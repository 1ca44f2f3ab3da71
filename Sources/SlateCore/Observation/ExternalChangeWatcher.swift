import Dispatch
import Foundation

/// A queue or pool that can tell where its file is watched for other connections' commits.
protocol ExternalChangeSource: DatabaseWriter {
    /// How often to poll for commits made by other processes or connections, in seconds, or
    /// `nil` when nothing else can write the database (in memory) or the configuration says so.
    var externalChangePollInterval: Double? { get }
}

/// Notices commits that other processes (or other connections of this one) make to the
/// database file of a writer whose commits are observed, and tells the writer connection's
/// ``DatabaseChangeTracker``, which hands every observation a change to the whole database.
///
/// How: every `interval`, it runs `PRAGMA data_version` on the writer connection, in a writer
/// access of its own. SQLite changes that number, for one connection, exactly when another
/// connection committed since that connection last looked, so the writer's own commits never
/// trigger it (a reader's number would change with each of them, and every observation would
/// fetch twice). A poll waits behind a running write instead of competing with it, and polls do
/// not pile up behind a long one (the timer coalesces).
///
/// One watcher per tracker, started with the first observation and stopped with the last; the
/// idle cost is one short writer access per interval (see the Observation article).
final class ExternalChangeWatcher: @unchecked Sendable {
    // Safety: `lastVersion` is only touched on `queue`; `timer` is created in `init` and
    // cancelled in `stop()`, both thread-safe.
    private let queue = DispatchQueue(label: "Slate.ValueObservation.externalChanges")
    private let timer: any DispatchSourceTimer
    private weak var writer: (any DatabaseWriter)?
    private var lastVersion: Int64?

    /// Starts polling `writer` every `interval` seconds; `onChange` runs inside the poll's
    /// writer access, with the connection.
    /// `db` is the writer connection, inside the access that registers the first observation:
    /// the number is read now, so that a commit made before the first poll is not missed.
    init(writer: any DatabaseWriter, on db: Connection, interval: Double, onChange: @escaping @Sendable (Connection) -> Void) {
        self.writer = writer
        lastVersion = Self.dataVersion(db)
        timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Int(max(interval, 0.001) * 1_000_000_000)
        // A little leeway lets the system batch the wake-ups with others.
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler { [weak self] in self?.poll(onChange) }
        timer.resume()
    }

    /// Stops polling; a poll under way finishes.
    func stop() {
        timer.cancel()
    }

    private func poll(_ onChange: @Sendable (Connection) -> Void) {
        guard let writer else {
            timer.cancel()
            return
        }
        let previous = lastVersion
        let version: Int64? = try? writer.writeWithoutTransaction { db in
            // Inside a transaction of this process (a write or a script's BEGIN), the number
            // cannot move: skip this tick.
            guard db.isAutocommit, let version = Self.dataVersion(db) else { return nil }
            if let previous, previous != version { onChange(db) }
            return version
        }
        if let version { lastVersion = version }
    }

    /// `PRAGMA data_version`, on a statement of its own, finalized at once: a cached statement
    /// left open would keep the connection's read snapshot, and the number with it.
    static func dataVersion(_ db: Connection) -> Int64? {
        guard let handle = db.sqliteHandle else { return nil }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return nil
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int64(statement, 0)
    }
}
