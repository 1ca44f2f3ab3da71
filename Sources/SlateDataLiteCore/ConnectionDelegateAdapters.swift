// DataLiteCore's delegates ride on SlateCore's observers: each registered delegate gets an
// adapter, an observer that holds it weakly and hands it the connection as `ConnectionProtocol`.
// The connection's observer list holds adapters weakly too, so the adapters live in a
// per-connection table, keyed by their delegate, until the delegate is removed or released.

extension Connection {
    /// Registers a delegate for row changes, commits and rollbacks (DataLiteCore's delegate).
    ///
    /// The connection holds delegates weakly: a released delegate stops being called. Adding one
    /// twice has no effect. Does nothing once the connection is closed.
    ///
    /// - Parameter delegate: The delegate, called on the thread that uses the connection.
    public func add(delegate: any ConnectionDelegate) {
        let adapters = self[storage: DelegateAdapters.self]
        adapters.prune()
        let key = ObjectIdentifier(delegate)
        guard adapters.observers[key]?.delegate == nil else { return }
        let adapter = DelegateAdapter(delegate)
        adapters.observers[key] = adapter
        add(observer: adapter)
    }

    /// Unregisters a delegate; safe to call from the delegate's own callbacks.
    ///
    /// - Parameter delegate: The delegate to remove; nothing happens if it is not registered.
    public func remove(delegate: any ConnectionDelegate) {
        let adapters = self[storage: DelegateAdapters.self]
        guard let adapter = adapters.observers.removeValue(forKey: ObjectIdentifier(delegate)) else { return }
        remove(observer: adapter)
    }

    /// Registers a delegate that sees each statement's SQL as it starts (DataLiteCore's trace
    /// delegate). Held weakly, like `add(delegate:)`.
    ///
    /// - Parameter delegate: The trace delegate.
    public func add(trace delegate: any ConnectionTraceDelegate) {
        let adapters = self[storage: DelegateAdapters.self]
        adapters.prune()
        let key = ObjectIdentifier(delegate)
        guard adapters.tracers[key]?.delegate == nil else { return }
        let adapter = TraceDelegateAdapter(delegate)
        adapters.tracers[key] = adapter
        add(trace: adapter)
    }

    /// Unregisters a trace delegate; safe to call from its own callback.
    ///
    /// - Parameter delegate: The trace delegate to remove.
    public func remove(trace delegate: any ConnectionTraceDelegate) {
        let adapters = self[storage: DelegateAdapters.self]
        guard let adapter = adapters.tracers.removeValue(forKey: ObjectIdentifier(delegate)) else { return }
        remove(trace: adapter)
    }
}

/// The adapters of one connection's DataLiteCore delegates, by delegate.
final class DelegateAdapters: ConnectionStorageKey {
    static let slot = ConnectionStorageSlot()
    static func makeValue() -> DelegateAdapters { DelegateAdapters() }

    var observers: [ObjectIdentifier: DelegateAdapter] = [:]
    var tracers: [ObjectIdentifier: TraceDelegateAdapter] = [:]

    /// Drops the adapters of released delegates (whose identifiers may be reused).
    func prune() {
        observers = observers.filter { $0.value.delegate != nil }
        tracers = tracers.filter { $0.value.delegate != nil }
    }
}

/// A `ConnectionDelegate` seen as SlateCore's `ConnectionObserver`.
final class DelegateAdapter: ConnectionObserver {
    weak var delegate: (any ConnectionDelegate)?

    init(_ delegate: any ConnectionDelegate) { self.delegate = delegate }

    func connection(_ connection: Connection, didUpdate action: SQLiteAction) {
        delegate?.connection(connection, didUpdate: action)
    }

    func connectionWillCommit(_ connection: Connection) throws {
        try delegate?.connectionWillCommit(connection)
    }

    func connectionDidRollback(_ connection: Connection) {
        delegate?.connectionDidRollback(connection)
    }
}

/// A `ConnectionTraceDelegate` seen as SlateCore's `ConnectionTraceObserver`.
final class TraceDelegateAdapter: ConnectionTraceObserver {
    weak var delegate: (any ConnectionTraceDelegate)?

    init(_ delegate: any ConnectionTraceDelegate) { self.delegate = delegate }

    func connection(_ connection: Connection, trace: (unexpandedSQL: String, expandedSQL: String)) {
        delegate?.connection(connection, trace: trace)
    }
}
