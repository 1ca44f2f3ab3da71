/// The `sqlite3` handle of one connection, and the objects that must live exactly as long as
/// it stays open.
///
/// A ``Connection`` and every ``Statement`` it compiled share this object: a statement keeps
/// the handle open (and its functions, collations and hooks working) for as long as it lives,
/// but it does not keep the `Connection` object alive. That matters because the connection
/// caches statements: if a statement held its connection, every connection that ever cached
/// one would hold itself and never be freed, with its file, locks and WAL left open.
///
/// The handle closes when the last of its owners lets go of it, or at once, for everyone, when
/// ``Connection/close()`` is called.
@usableFromInline
package final class ConnectionHandle {
    /// The `sqlite3` handle, or `nil` once closed.
    ///
    /// Every `step()` and `reset()` reads it to refuse work after ``Connection/close()``. Its
    /// exclusivity is not checked at run time: the check (`swift_beginAccess`) cost more than the
    /// read on those hot paths, and a connection and its statements are used by one thread at a
    /// time, so accesses cannot overlap.
    @usableFromInline @exclusivity(unchecked)
    package private(set) var db: OpaquePointer?

    /// The connection object, while it lives: weak, because the connection owns this object
    /// (through its statements too).
    package weak var connection: Connection?

    /// Objects tied to the open handle rather than to the `Connection` object: the context of
    /// SQLite's hooks, interrupt handles, what the handle is known to support. Each one that is a
    /// ``ConnectionCloseObserver`` is told before the handle closes.
    package var contexts: [ObjectIdentifier: AnyObject] = [:]

    init(db: OpaquePointer) {
        self.db = db
    }

    deinit {
        close()
    }

    /// Closes the handle: tells the close observers (while the handle is still open, so that
    /// they can unregister their callbacks), then closes it. Calling it again does nothing.
    ///
    /// `sqlite3_close_v2` leaves the handle open until statements still alive are finalized;
    /// they refuse to step once ``db`` is `nil`.
    func close() {
        guard let db else { return }
        for case let observer as any ConnectionCloseObserver in contexts.values {
            observer.connectionWillClose(db)
        }
        self.db = nil
        sqlite3_close_v2(db)
        contexts.removeAll()
    }
}
