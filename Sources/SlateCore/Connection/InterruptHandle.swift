import Foundation

/// A `Sendable` way to interrupt a connection's running query from another thread or task,
/// without sharing the (non-`Sendable`) connection itself.
///
/// ```swift
/// let handle = db.interruptHandle
/// DispatchQueue.global().asyncAfter(deadline: .now() + 5) { handle.interrupt() }
/// do {
///     try db.execute(sql: longReport)
/// } catch where error.category == .interrupted {
///     print("cancelled")
/// }
/// ```
///
/// The handle stays safe to use after the connection closes: ``interrupt()`` then does nothing.
public final class InterruptHandle: @unchecked Sendable, ConnectionCloseObserver {
    // @unchecked: `db` is only read or written while holding `lock`, and the connection
    // invalidates the handle (under the lock) before it closes the `sqlite3` handle, so
    // `sqlite3_interrupt` never sees a closed handle.
    private let lock = NSLock()
    private var db: OpaquePointer?

    /// - Parameter db: The open handle to interrupt, or `nil` for a connection already closed.
    init(db: OpaquePointer?) {
        self.db = db
    }

    /// Interrupts whatever the connection is running: the running statement (and any started
    /// before it finishes) fails with `SQLITE_INTERRUPT`, category ``SQLiteError/Category/interrupted``.
    ///
    /// Interrupting an idle connection has no lasting effect; interrupting after the connection
    /// closed does nothing.
    public func interrupt() {
        lock.withLock {
            guard let db else { return }
            sqlite3_interrupt(db)
        }
    }

    /// Whether the connection is still open, so that ``interrupt()`` can reach it.
    public var isConnectionOpen: Bool {
        lock.withLock { db != nil }
    }

    package func connectionWillClose(_ db: OpaquePointer) {
        lock.withLock { self.db = nil }
    }
}

extension Connection {
    /// A `Sendable` handle that interrupts this connection from any thread (see ``InterruptHandle``).
    ///
    /// Every call returns the same handle. On a closed connection the handle does nothing.
    public var interruptHandle: InterruptHandle {
        let key = ObjectIdentifier(InterruptHandle.self)
        if let existing = connectionHandle.contexts[key] as? InterruptHandle { return existing }
        // A closed connection gets a handle that was never valid and that close() need not reach.
        guard let handle else { return InterruptHandle(db: nil) }
        let created = InterruptHandle(db: handle)
        connectionHandle.contexts[key] = created
        return created
    }
}
