// Observers of changes, commits, rollbacks and traced SQL, and the busy handler. SQLite.swift's
// hook closures (`trace`, `updateHook`, `commitHook`, `rollbackHook`) are in SlateSQLiteSwift and
// DataLiteCore's delegates in SlateDataLiteCore; all share one set of C hooks per connection.

extension Connection {
    /// This connection's hook listeners, created on first use; `nil` once closed.
    ///
    /// They live with the SQLite handle, not with this object: a statement that outlives the
    /// connection object can still fire the hooks, whose context must then still exist.
    /// The hooks object, only if something created it already (no allocation otherwise).
    package var existingConnectionHooks: ConnectionHooks? {
        connectionHandle.contexts[ObjectIdentifier(ConnectionHooks.self)] as? ConnectionHooks
    }

    package var connectionHooks: ConnectionHooks? {
        let key = ObjectIdentifier(ConnectionHooks.self)
        if let existing = connectionHandle.contexts[key] as? ConnectionHooks { return existing }
        guard let handle else { return nil }
        let created = ConnectionHooks(connection: self, handle: connectionHandle, db: handle)
        connectionHandle.contexts[key] = created
        return created
    }

    // MARK: Observers

    /// Registers an observer of row changes, commits and rollbacks.
    ///
    /// The connection holds observers weakly: a released observer stops being called. Several
    /// observers may be registered; adding one twice has no effect. SQLite's hooks are installed
    /// while at least one observer listens. Does nothing once the connection is closed.
    ///
    /// ```swift
    /// let log = AuditLog()
    /// db.add(observer: log)
    /// try db.run("INSERT INTO users (name) VALUES ('Ada')")  // log sees .insert(db: "main", table: "users", rowID: 1)
    /// ```
    ///
    /// - Parameter observer: The observer, called on the thread that uses the connection.
    public func add(observer: any ConnectionObserver) {
        connectionHooks?.add(delegate: observer)
    }

    /// Unregisters an observer; safe to call from the observer's own callbacks.
    ///
    /// - Parameter observer: The observer to remove; nothing happens if it is not registered.
    public func remove(observer: any ConnectionObserver) {
        connectionHooks?.remove(delegate: observer)
    }

    /// Registers an observer that sees each statement's SQL as it starts (`sqlite3_trace_v2`).
    ///
    /// Held weakly, like ``add(observer:)``. Does nothing once the connection is closed.
    ///
    /// - Parameter observer: The trace observer.
    public func add(trace observer: any ConnectionTraceObserver) {
        connectionHooks?.add(trace: observer)
    }

    /// Unregisters a trace observer; safe to call from its own callback.
    ///
    /// - Parameter observer: The trace observer to remove.
    public func remove(trace observer: any ConnectionTraceObserver) {
        connectionHooks?.remove(trace: observer)
    }

    // MARK: Progress

    /// Sets (or, with `nil`, removes) a progress handler (`sqlite3_progress_handler`): a
    /// closure SQLite calls every `instructions` virtual-machine instructions of a running
    /// statement, to show progress or to stop a long query.
    ///
    /// SQLite keeps one progress handler per connection. Slate never takes the slot for itself
    /// (the async accesses of a ``DatabaseQueue`` or ``DatabasePool`` cancel with
    /// `sqlite3_interrupt`), so a handler set here, or through the C API, keeps working during
    /// and after them. The closure cannot use this connection: any use throws `SQLITE_MISUSE`.
    ///
    /// ```swift
    /// db.progressHandler(every: 10_000) { shouldStop() }
    /// ```
    ///
    /// - Parameters:
    ///   - instructions: How many virtual-machine instructions apart the calls are (at least 1).
    ///   - callback: Returns `true` to interrupt the running statement (`SQLITE_INTERRUPT`).
    public func progressHandler(every instructions: Int32 = 1000, _ callback: (() -> Bool)?) {
        guard let hooks = connectionHooks else { return }
        hooks.progressPeriod = max(instructions, 1)
        hooks.progressCallback = callback
    }

    // MARK: Authorizer

    /// Sets (or, with `nil`, removes) an authorizer (`sqlite3_set_authorizer`): a closure SQLite
    /// asks about every action of each statement it compiles, to refuse some (a column an
    /// untrusted query may not read, DDL, `ATTACH`) or to read NULL in place of a column.
    ///
    /// Set it with this method rather than through the C API: Slate compiles the statements of
    /// a ``ValueObservation`` once more with an authorizer of its own, to learn what they read
    /// and write, and puts this one back afterwards (one installed in C would be lost), asking it
    /// during that compile too. Setting it expires the connection's compiled statements, so
    /// cached ones are compiled again under it when they next run. It is asked about Slate's own
    /// statements as well (`BEGIN`, `COMMIT`, `SAVEPOINT`, `PRAGMA schema_version`): refusing
    /// those makes the accesses that need them throw. The closure cannot use this connection: any
    /// use throws `SQLITE_MISUSE`.
    ///
    /// ```swift
    /// db.authorizer { request in
    ///     request.action == SQLITE_READ && request.second == "password" ? .deny : .allow
    /// }
    /// ```
    ///
    /// - Parameter callback: Says whether a statement may do what the request describes.
    public func authorizer(_ callback: ((AuthorizerRequest) -> AuthorizerDecision)?) {
        connectionHooks?.authorizerCallback = callback
    }

    // MARK: Busy databases

    /// Sets (or, with `nil`, removes) a closure that decides whether to retry when the database
    /// is locked by another connection.
    ///
    /// SQLite keeps one busy handler per connection: setting a closure replaces the busy timeout,
    /// setting one with ``setBusyTimeout(_:)`` replaces the closure, and removing the closure
    /// leaves neither. The closure cannot use this connection: any use throws `SQLITE_MISUSE`.
    ///
    /// ```swift
    /// db.busyHandler { tries in tries < 3 }  // fail with SQLITE_BUSY after 3 retries
    /// ```
    ///
    /// - Parameter callback: Called with the number of times it was already called for the same
    ///   lock (0 the first time); return `true` to retry, `false` to fail with `SQLITE_BUSY`.
    public func busyHandler(_ callback: ((_ tries: Int) -> Bool)?) {
        connectionHooks?.busyCallback = callback
    }
}
