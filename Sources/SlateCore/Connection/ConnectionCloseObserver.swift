/// An object kept in ``Connection/retainedContexts`` that must act while the `sqlite3` handle is
/// still open, just before ``Connection/close()`` closes it: unregistering C callbacks whose
/// context is about to be released, or invalidating a handle shared with other threads.
package protocol ConnectionCloseObserver: AnyObject {
    /// Called once, before `sqlite3_close_v2`.
    ///
    /// - Parameter db: The `sqlite3` handle that is closing.
    func connectionWillClose(_ db: OpaquePointer)
}
