// Delegates for changes, commits, rollbacks and traced SQL (the primary spelling, DataLiteCore's),
// and the busy handler. SQLite.swift's hook closures (`trace`, `updateHook`, `commitHook`,
// `rollbackHook`) are in Compatibility/SQLiteSwift; both forms share one set of C hooks per
// connection.

extension Connection {
    /// This connection's hook listeners, created on first use; `nil` once closed.
    ///
    /// They live with the SQLite handle, not with this object: a statement that outlives the
    /// connection object can still fire the hooks, whose context must then still exist.
    /// The hooks object, only if something created it already (no allocation otherwise).
    var existingConnectionHooks: ConnectionHooks? {
        connectionHandle.contexts[ObjectIdentifier(ConnectionHooks.self)] as? ConnectionHooks
    }

    var connectionHooks: ConnectionHooks? {
        let key = ObjectIdentifier(ConnectionHooks.self)
        if let existing = connectionHandle.contexts[key] as? ConnectionHooks { return existing }
        guard let handle else { return nil }
        let created = ConnectionHooks(connection: self, handle: connectionHandle, db: handle)
        connectionHandle.contexts[key] = created
        return created
    }

    // MARK: Delegates

    /// Registers a delegate for row changes, commits and rollbacks.
    ///
    /// The connection holds delegates weakly: a released delegate stops being called. Several
    /// delegates may be registered; adding one twice has no effect. SQLite's hooks are installed
    /// while at least one delegate (or hook closure) listens. Does nothing once the connection
    /// is closed.
    ///
    /// ```swift
    /// let log = AuditLog()
    /// db.add(delegate: log)
    /// try db.run("INSERT INTO users (name) VALUES ('Ada')")  // log sees .insert(db: "main", table: "users", rowID: 1)
    /// ```
    ///
    /// - Parameter delegate: The delegate, called on the thread that uses the connection.
    public func add(delegate: any ConnectionDelegate) {
        connectionHooks?.add(delegate: delegate)
    }

    /// Unregisters a delegate; safe to call from the delegate's own callbacks.
    ///
    /// - Parameter delegate: The delegate to remove; nothing happens if it is not registered.
    public func remove(delegate: any ConnectionDelegate) {
        connectionHooks?.remove(delegate: delegate)
    }

    /// Registers a delegate that sees each statement's SQL as it starts (`sqlite3_trace_v2`).
    ///
    /// Held weakly, like ``add(delegate:)``. Does nothing once the connection is closed.
    ///
    /// - Parameter delegate: The trace delegate.
    public func add(trace delegate: any ConnectionTraceDelegate) {
        connectionHooks?.add(trace: delegate)
    }

    /// Unregisters a trace delegate; safe to call from the delegate's own callback.
    ///
    /// - Parameter delegate: The trace delegate to remove.
    public func remove(trace delegate: any ConnectionTraceDelegate) {
        connectionHooks?.remove(trace: delegate)
    }

    // MARK: Progress

    /// Sets (or, with `nil`, removes) a progress handler (`sqlite3_progress_handler`): a
    /// closure SQLite calls every `instructions` virtual-machine instructions of a running
    /// statement, to show progress or to stop a long query.
    ///
    /// Install it with this method rather than through the C API: the async accesses of a
    /// ``DatabaseQueue`` or ``DatabasePool`` check their task's cancellation from the same C
    /// handler, and keep a handler set here working during and after them (one installed in C
    /// would be replaced). The closure cannot use this connection: any use throws
    /// `SQLITE_MISUSE`.
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
