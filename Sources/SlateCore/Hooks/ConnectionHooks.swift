/// The listeners of one connection's SQLite hooks, and the C callbacks that reach them.
///
/// One instance per connection lives in its ``ConnectionHandle/contexts`` (with the SQLite
/// handle, not the `Connection` object) and is the context pointer of every C hook, so it
/// outlives anything SQLite can call. Each C hook is installed
/// only while at least one delegate or closure listens, and uninstalled when the last one goes
/// (or before the connection closes). Callbacks iterate over a snapshot of the listeners, so a
/// delegate may add or remove delegates, itself included, while it is being called.
package final class ConnectionHooks: ConnectionCloseObserver {
    /// A weakly held ``ConnectionObserver``.
    struct WeakDelegate {
        weak var value: (any ConnectionObserver)?
    }

    /// A weakly held ``ConnectionTraceObserver``.
    struct WeakTraceDelegate {
        weak var value: (any ConnectionTraceObserver)?
    }

    /// The connection passed to delegates; weak because the connection owns this object (and
    /// `nil` once the connection object is released while a statement still runs).
    private weak var connection: Connection?
    /// The handle the hooks are installed on; `nil` once the connection closed.
    private var db: OpaquePointer?
    /// The handle's owner object, which refuses what SQLite forbids while a hook runs (it owns
    /// this object).
    private unowned let handle: ConnectionHandle

    private(set) var delegates: [WeakDelegate] = []
    private(set) var traceDelegates: [WeakTraceDelegate] = []
    /// Slate's own listeners (``ConnectionActivityObserver``), held strongly.
    private(set) var activityObservers: [any ConnectionActivityObserver] = []

    /// The single update closure (SlateSQLiteSwift's `updateHook`).
    package var updateCallback: ((SQLiteAction) -> Void)? { didSet { refresh() } }
    /// The single commit closure (SlateSQLiteSwift's `commitHook`).
    package var commitCallback: (() throws -> Void)? { didSet { refresh() } }
    /// The single rollback closure (SlateSQLiteSwift's `rollbackHook`).
    package var rollbackCallback: (() -> Void)? { didSet { refresh() } }
    /// The single trace closure (SlateSQLiteSwift's `trace`), given the expanded SQL.
    package var traceCallback: ((String) -> Void)? { didSet { refresh() } }
    /// The busy closure. Unlike the other hooks it is (re)installed every time it is set, because
    /// `sqlite3_busy_timeout` (`busyTimeout`) silently replaces it in C.
    var busyCallback: ((Int) -> Bool)? {
        didSet {
            guard let db else { return }
            if busyCallback != nil {
                busyInstalled = true
                sqlite3_busy_handler(
                    db,
                    { context, tries in
                        guard let context else { return 0 }
                        return Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().shouldRetry(tries: tries)
                    }, Unmanaged.passUnretained(self).toOpaque())
            } else if busyInstalled {
                busyInstalled = false
                sqlite3_busy_handler(db, nil, nil)
            }
        }
    }

    /// Set while a queue's or pool's `write`, a migration, or `Connection.transaction` or
    /// `savepoint` owns the connection's transaction: the commit hook then vetoes every commit
    /// but the one the access issues itself (``accessIsCommitting``), so that a COMMIT run inside
    /// the closure, or a statement that autocommits after a ROLLBACK run there, cannot make part
    /// of the access durable; and the rollback hook counts rollbacks (``rollbackCount``), so
    /// that the access learns that its transaction ended, whatever the closure opened afterwards.
    var guardsTransaction = false { didSet { refresh() } }
    /// Set while the guarding access commits its own transaction.
    var accessIsCommitting = false
    /// How many transactions rolled back while the rollback hook was installed: a guarding
    /// access compares it before and after its closure (issue 30: a closure that ran `ROLLBACK;
    /// BEGIN; …` left a transaction open, which the access then committed as its own). While
    /// the guard is on, every end of a transaction but the access's own commit is a rollback:
    /// the commit hook vetoes the others.
    private(set) var rollbackCount: UInt64 = 0

    /// The user's progress handler (``Connection/progressHandler(every:_:)``) and how many
    /// virtual-machine instructions apart it runs.
    ///
    /// Only this handler ever installs SQLite's one progress handler slot: an async access
    /// cancels with `sqlite3_interrupt` and its checks between statements, never through the
    /// slot, so a handler installed with `sqlite3_progress_handler` itself (in
    /// `prepareDatabase`) stays in place (issue 30: an access that borrowed the slot removed it).
    var progressCallback: (() -> Bool)? { didSet { refreshProgress() } }
    var progressPeriod: Int32 = 1000 { didSet { refreshProgress() } }
    /// The period the C handler is installed with (0: none).
    private var installedProgressPeriod: Int32 = 0

    /// The user's authorizer (``Connection/authorizer(_:)``). SQLite keeps one authorizer per
    /// connection and cannot give it back, so Slate's own use of the slot (compiling an
    /// observation's statements again to learn their footprint) calls this closure too, and puts
    /// it back afterwards (``installAuthorizer()``): one installed through the C API would be lost.
    var authorizerCallback: ((AuthorizerRequest) -> AuthorizerDecision)? { didSet { installAuthorizer() } }

    private var updateInstalled = false
    private var commitInstalled = false
    private var rollbackInstalled = false
    /// The `sqlite3_trace_v2` mask installed (0: none).
    private var traceMask: UInt32 = 0
    private var busyInstalled = false

    init(connection: Connection, handle: ConnectionHandle, db: OpaquePointer) {
        self.connection = connection
        self.handle = handle
        self.db = db
    }

    // MARK: Listeners

    func add(delegate: any ConnectionObserver) {
        compact()
        guard !delegates.contains(where: { $0.value === delegate }) else { return }
        delegates.append(WeakDelegate(value: delegate))
        refresh()
    }

    func remove(delegate: any ConnectionObserver) {
        delegates.removeAll { $0.value == nil || $0.value === delegate }
        refresh()
    }

    /// Registers one of Slate's own activity observers; adding it twice has no effect.
    package func add(activity observer: any ConnectionActivityObserver) {
        guard !activityObservers.contains(where: { $0 === observer }) else { return }
        activityObservers.append(observer)
        refresh()
    }

    /// Unregisters an activity observer; safe to call from its own callbacks.
    package func remove(activity observer: any ConnectionActivityObserver) {
        activityObservers.removeAll { $0 === observer }
        refresh()
    }

    func add(trace delegate: any ConnectionTraceObserver) {
        compact()
        guard !traceDelegates.contains(where: { $0.value === delegate }) else { return }
        traceDelegates.append(WeakTraceDelegate(value: delegate))
        refresh()
    }

    func remove(trace delegate: any ConnectionTraceObserver) {
        traceDelegates.removeAll { $0.value == nil || $0.value === delegate }
        refresh()
    }

    /// Drops released delegates, and uninstalls hooks nobody listens to any more.
    private func compact() {
        let before = delegates.count + traceDelegates.count
        delegates.removeAll { $0.value == nil }
        traceDelegates.removeAll { $0.value == nil }
        if delegates.count + traceDelegates.count != before { refresh() }
    }

    /// The live delegates, in registration order; released ones are dropped on the way.
    private func liveDelegates() -> [any ConnectionObserver] {
        let live = delegates.compactMap(\.value)
        if live.count != delegates.count { compact() }
        return live
    }

    private func liveTraceDelegates() -> [any ConnectionTraceObserver] {
        let live = traceDelegates.compactMap(\.value)
        if live.count != traceDelegates.count { compact() }
        return live
    }

    // MARK: Installing the C hooks

    /// Installs each C hook that has a listener and uninstalls each one that has none.
    private func refresh() {
        guard let db else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let hasDelegates = !delegates.isEmpty || !activityObservers.isEmpty

        let wantsUpdate = hasDelegates || updateCallback != nil
        if wantsUpdate != updateInstalled {
            updateInstalled = wantsUpdate
            if wantsUpdate {
                sqlite3_update_hook(
                    db,
                    { context, operation, database, table, rowid in
                        guard let context else { return }
                        Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
                            .didUpdate(operation: operation, database: database, table: table, rowid: rowid)
                    }, context)
            } else {
                sqlite3_update_hook(db, nil, nil)
            }
        }

        let wantsCommit = hasDelegates || commitCallback != nil || guardsTransaction
        if wantsCommit != commitInstalled {
            commitInstalled = wantsCommit
            if wantsCommit {
                sqlite3_commit_hook(
                    db,
                    { context in
                        guard let context else { return 0 }
                        return Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().willCommit()
                    }, context)
            } else {
                sqlite3_commit_hook(db, nil, nil)
            }
        }

        let wantsRollback = hasDelegates || rollbackCallback != nil || guardsTransaction
        if wantsRollback != rollbackInstalled {
            rollbackInstalled = wantsRollback
            if wantsRollback {
                sqlite3_rollback_hook(
                    db,
                    { context in
                        guard let context else { return }
                        Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().didRollback()
                    }, context)
            } else {
                sqlite3_rollback_hook(db, nil, nil)
            }
        }

        var mask: UInt32 = 0
        if !traceDelegates.isEmpty || traceCallback != nil || !activityObservers.isEmpty {
            mask |= UInt32(SQLITE_TRACE_STMT)
        }
        // Statement ends tell activity observers that a commit is complete (the commit hook runs
        // before it is durable and visible to other connections).
        if !activityObservers.isEmpty { mask |= UInt32(SQLITE_TRACE_PROFILE) }
        if mask != traceMask {
            traceMask = mask
            if mask != 0 {
                sqlite3_trace_v2(
                    db, mask,
                    { event, context, statement, text in
                        guard let context, let statement else { return 0 }
                        let hooks = Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
                        // Slate's own schema version reads are nobody's statements.
                        if hooks.handle.recycledStatements.isVersionStatement(OpaquePointer(statement)) { return 0 }
                        if event == UInt32(SQLITE_TRACE_PROFILE) {
                            hooks.didFinish(statement: OpaquePointer(statement))
                        } else {
                            hooks.didStart(statement: OpaquePointer(statement), text: text?.assumingMemoryBound(to: CChar.self))
                        }
                        return 0
                    }, context)
            } else {
                sqlite3_trace_v2(db, 0, nil, nil)
            }
        }

    }

    /// Installs the user's authorizer in SQLite's slot, or empties the slot when there is none.
    /// Called when it is set, and after anything of Slate's borrowed the slot.
    func installAuthorizer() {
        guard let db else { return }
        guard authorizerCallback != nil else {
            sqlite3_set_authorizer(db, nil, nil)
            return
        }
        sqlite3_set_authorizer(
            db,
            { context, action, first, second, database, trigger in
                guard let context else { return SQLITE_OK }
                return Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
                    .authorize(action: action, first, second, database, trigger)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Asks the user's authorizer about one action of a statement being compiled; `SQLITE_OK`
    /// when there is none. The closure runs inside `sqlite3_prepare`, so it may not use the
    /// connection.
    func authorize(
        action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
        _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
    ) -> Int32 {
        guard let authorizerCallback else { return SQLITE_OK }
        let request = AuthorizerRequest(
            action: action, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) },
            database: database.map { String(cString: $0) }, trigger: trigger.map { String(cString: $0) })
        return handle.refusingUse({ authorizerCallback(request) }, readsAllowed: false).code
    }

    /// Installs the C progress handler at the user's period while the user's handler is set,
    /// and removes it when it is unset.
    private func refreshProgress() {
        guard let db else { return }
        let period: Int32 = progressCallback == nil ? 0 : max(progressPeriod, 1)
        guard period != installedProgressPeriod else { return }
        installedProgressPeriod = period
        if period == 0 {
            sqlite3_progress_handler(db, 0, nil, nil)
        } else {
            sqlite3_progress_handler(
                db, period,
                { context in
                    guard let context else { return 0 }
                    return Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().progress()
                }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// The C progress handler: non-zero interrupts the running statement.
    private func progress() -> Int32 {
        guard let progressCallback else { return 0 }
        return handle.refusingUse({ progressCallback() }, readsAllowed: false) ? 1 : 0
    }

    package func connectionWillClose(_ db: OpaquePointer) {
        delegates.removeAll()
        traceDelegates.removeAll()
        activityObservers.removeAll()
        updateCallback = nil
        commitCallback = nil
        rollbackCallback = nil
        traceCallback = nil
        busyCallback = nil  // uninstalls the busy handler while the handle is still open
        progressCallback = nil
        // A handle closed with statements still alive closes later, and rolls back then: no
        // hook may point at this object by that time.
        guardsTransaction = false
        refresh()  // uninstalls every other hook
        CommitVetoMessages.clear(for: db)
        self.db = nil
    }

    // MARK: Callbacks from SQLite

    private func didUpdate(
        operation: Int32, database: UnsafePointer<CChar>?, table: UnsafePointer<CChar>?, rowid: Int64
    ) {
        handle.refusingUse(
            { notifyUpdate(operation: operation, database: database, table: table, rowid: rowid) },
            readsAllowed: true)
    }

    private func notifyUpdate(
        operation: Int32, database: UnsafePointer<CChar>?, table: UnsafePointer<CChar>?, rowid: Int64
    ) {
        let databaseName = database.map { String(cString: $0) } ?? "main"
        let tableName = table.map { String(cString: $0) } ?? ""
        let action: SQLiteAction
        switch operation {
        case SQLITE_INSERT: action = .insert(db: databaseName, table: tableName, rowID: rowid)
        case SQLITE_UPDATE: action = .update(db: databaseName, table: tableName, rowID: rowid)
        case SQLITE_DELETE: action = .delete(db: databaseName, table: tableName, rowID: rowid)
        default: return
        }
        for observer in activityObservers { observer.connectionDidChange(action) }
        let listeners = liveDelegates()
        if let connection, !listeners.isEmpty {
            for delegate in listeners { delegate.connection(connection, didUpdate: action) }
        }
        updateCallback?(action)
    }

    /// Asks every listener whether to commit; returns non-zero (rollback) at the first veto, after
    /// recording its reason for the error the committing call will throw.
    ///
    /// The listeners cannot use the connection meanwhile (see
    /// ``ConnectionHandle/refusingUse(_:readsAllowed:)``).
    private func willCommit() -> Int32 {
        handle.refusingUse({ askToCommit() }, readsAllowed: false)
    }

    private func askToCommit() -> Int32 {
        guard let db else { return 0 }
        CommitVetoMessages.clear(for: db)
        if guardsTransaction && !accessIsCommitting {
            CommitVetoMessages.record(
                "a database access commits its transaction itself, when its closure returns: a COMMIT run inside the "
                    + "closure, or a write after a ROLLBACK run there, is refused and everything the access wrote is rolled back",
                for: db)
            return 1
        }
        for observer in activityObservers { observer.connectionWillCommit() }
        if let connection {
            for delegate in liveDelegates() {
                do {
                    try delegate.connectionWillCommit(connection)
                } catch {
                    CommitVetoMessages.record("commit vetoed by \(type(of: delegate)): \(error)", for: db)
                    return 1
                }
            }
        }
        if let commitCallback {
            do {
                try commitCallback()
            } catch {
                CommitVetoMessages.record("commit vetoed by the commit hook: \(error)", for: db)
                return 1
            }
        }
        return 0
    }

    private func didRollback() {
        rollbackCount &+= 1
        handle.refusingUse({ notifyRollback() }, readsAllowed: true)
    }

    private func notifyRollback() {
        for observer in activityObservers { observer.connectionDidRollback() }
        if let connection {
            for delegate in liveDelegates() { delegate.connectionDidRollback(connection) }
        }
        rollbackCallback?()
    }

    private func didStart(statement: OpaquePointer, text: UnsafePointer<CChar>?) {
        for observer in activityObservers { observer.connectionStatementDidStart(statement) }
        // Expanding the SQL costs an allocation per statement: only when someone reads it.
        guard !traceDelegates.isEmpty || traceCallback != nil else { return }
        let unexpanded = text.map { String(cString: $0) } ?? String(cString: sqlite3_sql(statement))
        let expanded: String
        if unexpanded.hasPrefix("--") {
            expanded = unexpanded  // a trigger starting: there is no statement text to expand
        } else if let text = slate_expanded_sql(statement) {
            expanded = String(cString: text)
            sqlite3_free(text)
        } else {
            expanded = unexpanded
        }
        let listeners = liveTraceDelegates()
        if let connection {
            for delegate in listeners { delegate.connection(connection, trace: (unexpanded, expanded)) }
        }
        traceCallback?(expanded)
    }

    /// Tells the activity observers that a ``BlobHandle`` wrote into `table`.
    func didWriteBlob(database: String, table: String) {
        for observer in activityObservers { observer.connectionDidWriteBlob(database: database, table: table) }
    }

    /// Tells the activity observers that a ``BlobHandle`` closed.
    func didCloseBlob() {
        for observer in activityObservers { observer.connectionDidCloseBlob() }
    }

    private func didFinish(statement: OpaquePointer) {
        for observer in activityObservers { observer.connectionStatementDidFinish(statement) }
    }

    private func shouldRetry(tries: Int32) -> Int32 {
        guard let busyCallback else { return 0 }
        return handle.refusingUse({ busyCallback(Int(tries)) }, readsAllowed: false) ? 1 : 0
    }
}
