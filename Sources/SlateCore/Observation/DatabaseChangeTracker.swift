import Foundation

/// Watches one writer connection's transactions and tells every registered observation what each
/// committed transaction changed, once the commit is complete.
///
/// One tracker per connection, kept in the handle's contexts and registered as a
/// ``ConnectionActivityObserver``, so user hooks, delegates and any number of observations
/// coexist. Why not notify from the commit hook: it runs before the commit is durable and visible,
/// so a pool reader started from it could read the old snapshot and miss the change for good.
/// Instead the tracker notes that a commit is under way, and notifies when a statement finishes
/// (or the next one starts) with the connection back in autocommit mode: the COMMIT statement
/// (or the autocommitting statement) has then returned and the change is visible to every new read.
/// A rollback forgets the transaction's changes.
///
/// The transaction state is touched only on the writer's thread (inside SQLite's callbacks or a
/// writer access); the list of observers is guarded by `lock`, so an observation can be cancelled
/// from any thread without waiting for the writer.
final class DatabaseChangeTracker: ConnectionActivityObserver, ConnectionCloseObserver, @unchecked Sendable {
    /// Called with each committed transaction's changes, or with `nil` when the connection closes.
    typealias Callback = @Sendable (DatabaseChanges?) -> Void

    private let db: OpaquePointer
    private let lock = NSLock()
    private var observers: [Int: Callback] = [:]
    private var nextToken = 0
    private var isInstalled = false

    /// Polls for other processes' commits while observations are registered (writer thread).
    private var watcher: ExternalChangeWatcher?

    // Writer-thread state of the current transaction.
    private var commitPending = false
    private var changedTables: [String: Bool] = [:]
    /// The SQL of each writing statement of the transaction.
    private var statementSQL = StatementTexts()

    private init(db: OpaquePointer) {
        self.db = db
    }

    /// The tracker of `connection`, created and hooked up on first use; `nil` once closed.
    /// Call inside an access to the connection.
    static func tracker(on connection: Connection) -> DatabaseChangeTracker? {
        let key = ObjectIdentifier(DatabaseChangeTracker.self)
        guard let handle = connection.handle else { return nil }
        let tracker: DatabaseChangeTracker
        if let existing = connection.connectionHandle.contexts[key] as? DatabaseChangeTracker {
            tracker = existing
        } else {
            tracker = DatabaseChangeTracker(db: handle)
            connection.connectionHandle.contexts[key] = tracker
        }
        return tracker
    }

    /// Whether the linked SQLite reports a statement's end (`SQLITE_TRACE_PROFILE`) when
    /// `sqlite3_step` finishes it, which the tracker relies on to learn that a commit completed.
    /// Old versions (SQLite 3.15, as in Debian's SQLCipher) report it only when the statement is
    /// reset, which a cached statement may not be until its next use: probed once, on a private
    /// in-memory connection.
    static let reportsStatementEndsOnStep: Bool = probeStatementEnds()

    private static func probeStatementEnds() -> Bool {
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            return false
        }
        defer { sqlite3_close_v2(db) }
        final class Flag { var fired = false }
        let flag = Flag()
        sqlite3_trace_v2(
            db, UInt32(SQLITE_TRACE_PROFILE),
            { _, context, _, _ in
                context.map { Unmanaged<Flag>.fromOpaque($0).takeUnretainedValue().fired = true }
                return 0
            }, Unmanaged.passUnretained(flag).toOpaque())
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "CREATE TABLE probe (x)", -1, &statement, nil) == SQLITE_OK else { return false }
        let code = sqlite3_step(statement)
        let firedOnStep = flag.fired
        sqlite3_finalize(statement)
        sqlite3_trace_v2(db, 0, nil, nil)
        return withExtendedLifetime(flag) { code == SQLITE_DONE && firedOnStep }
    }

    /// Registers `callback` and makes sure the hooks are installed. Call inside a writer access.
    func register(on connection: Connection, _ callback: @escaping Callback) -> Int {
        let token = lock.withLock {
            nextToken += 1
            observers[nextToken] = callback
            return nextToken
        }
        if !isInstalled {
            isInstalled = true
            resetTransaction()
            connection.connectionHooks?.add(activity: self)
        }
        return token
    }

    /// Starts watching for commits of other processes to `writer`'s file, unless already
    /// watching or `writer` says there is nothing to watch. Call inside a writer access.
    func watchExternalChanges(of writer: any DatabaseWriter, on db: Connection) {
        guard watcher == nil, let source = writer as? any ExternalChangeSource,
            let interval = source.externalChangePollInterval
        else { return }
        watcher = ExternalChangeWatcher(writer: writer, on: db, interval: interval) { [weak self] _ in
            self?.deliverExternalChange()
        }
    }

    /// Whether a watcher polls for other connections' commits (for tests).
    var isWatchingExternalChanges: Bool { watcher != nil }

    /// Tells every observer that another connection committed: anything may have changed.
    /// Called inside the watcher's writer access.
    private func deliverExternalChange() {
        let callbacks = lock.withLock { Array(observers.values) }
        for callback in callbacks { callback(DatabaseChanges(external: true)) }
    }

    /// Stops calling the callback registered under `token`; any thread.
    func unregister(_ token: Int) {
        lock.withLock { _ = observers.removeValue(forKey: token) }
    }

    /// Removes the hooks when no observation is left. Call inside a writer access.
    func uninstallIfUnused(from connection: Connection) {
        guard isInstalled, lock.withLock({ observers.isEmpty }) else { return }
        isInstalled = false
        watcher?.stop()
        watcher = nil
        connection.connectionHooks?.remove(activity: self)
        resetTransaction()
    }

    /// Whether SQLite's hooks currently feed this tracker (for tests).
    var hasInstalledHooks: Bool { isInstalled }

    private func resetTransaction() {
        commitPending = false
        changedTables.removeAll(keepingCapacity: true)
        statementSQL.removeAll()
    }

    // MARK: ConnectionActivityObserver

    func connectionDidChange(_ action: SQLiteAction) {
        let key = DatabaseRegion.key(database: action.database, table: action.table)
        let rows: Bool
        if case .update = action { rows = false } else { rows = true }
        if changedTables[key] != true { changedTables[key] = rows || (changedTables[key] ?? false) }
    }

    func connectionWillCommit() {
        commitPending = true
    }

    func connectionDidWriteBlob(database: String, table: String) {
        // Which bytes changed is unknown to the statements: the whole table.
        changedTables[DatabaseRegion.key(database: database, table: table)] = true
    }

    func connectionDidCloseBlob() {
        // A blob handle opened in autocommit mode commits when it closes, with no statement
        // finishing afterwards to deliver the commit.
        if commitPending { deliverIfCommitted() }
    }

    func connectionDidRollback() {
        resetTransaction()
    }

    func connectionStatementDidStart(_ statement: OpaquePointer) {
        // A statement reset before it finished commits in the reset, after its end was
        // reported: the next statement to start delivers that commit.
        if commitPending { deliverIfCommitted() }
    }

    func connectionStatementDidFinish(_ statement: OpaquePointer) {
        let inTransaction = sqlite3_get_autocommit(db) == 0
        // Only statements that ran inside a transaction, or that committed one, can have written
        // something a commit publishes: a PRAGMA run outside any transaction is not "read-only"
        // for SQLite, yet changes no table.
        if inTransaction || commitPending, sqlite3_stmt_readonly(statement) == 0 {
            statementSQL.record(statement)
        }
        if commitPending {
            deliverIfCommitted()
        } else if !inTransaction, changedTables.isEmpty {
            // A transaction ended without committing anything (a read, an empty one): forget
            // what it ran. Rows the update hook saw stay, for an autocommit statement reset
            // before it finished, whose commit comes after this.
            resetTransaction()
        }
    }

    func connectionWillClose(_ db: OpaquePointer) {
        watcher?.stop()
        watcher = nil
        let callbacks = lock.withLock {
            defer { observers.removeAll() }
            return Array(observers.values)
        }
        for callback in callbacks { callback(nil) }
    }

    /// Once a commit is under way and the connection is back in autocommit mode, the commit is
    /// complete: hand its changes to every observer. Changes recorded with no commit pending stay
    /// for the commit that will include them (an autocommit statement commits after it finished
    /// only when it was reset early).
    private func deliverIfCommitted() {
        guard commitPending, sqlite3_get_autocommit(db) != 0 else { return }
        let changes = DatabaseChanges(statements: statementSQL.all, tables: changedTables)
        resetTransaction()
        guard !changes.isEmpty else { return }
        let callbacks = lock.withLock { Array(observers.values) }
        for callback in callbacks { callback(changes) }
    }
}
