/// An object kept in ``ConnectionHandle/contexts`` that must act while the `sqlite3` handle is
/// still open, just before it closes (on ``Connection/close()``, or when the connection object
/// and its last statement are released): unregistering C callbacks whose context is about to be
/// released, or invalidating a handle shared with other threads.
package protocol ConnectionCloseObserver: AnyObject {
    /// Called once, before `sqlite3_close_v2`.
    ///
    /// - Parameter db: The `sqlite3` handle that is closing.
    func connectionWillClose(_ db: OpaquePointer)
}
