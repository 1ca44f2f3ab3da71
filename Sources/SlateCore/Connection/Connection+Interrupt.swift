import Foundation

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
