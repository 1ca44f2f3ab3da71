/// The live sessions of one `sqlite3` handle, kept in ``ConnectionHandle/contexts``: SQLite requires
/// a session to be deleted before its connection closes, so closing the connection deletes them
/// first, and they report the closed connection from then on.
final class SessionRegistry: ConnectionCloseObserver {
    /// A session, held weakly: the registry must not keep a session alive.
    private struct Entry {
        weak var session: Session?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The registry of a connection, created on first use.
    ///
    /// - Parameter connection: An open connection.
    /// - Returns: Its registry.
    static func of(_ connection: Connection) -> SessionRegistry {
        let key = ObjectIdentifier(SessionRegistry.self)
        if let existing = connection.connectionHandle.contexts[key] as? SessionRegistry { return existing }
        let created = SessionRegistry()
        connection.connectionHandle.contexts[key] = created
        return created
    }

    /// Starts tracking a session.
    ///
    /// - Parameter session: A session whose handle is open.
    func add(_ session: Session) {
        entries[ObjectIdentifier(session)] = Entry(session: session)
    }

    /// Stops tracking a session, deleted or released.
    ///
    /// - Parameter id: The session's identity.
    func remove(_ id: ObjectIdentifier) {
        entries[id] = nil
    }

    func connectionWillClose(_ db: OpaquePointer) {
        let sessions = entries.values.compactMap(\.session)
        entries.removeAll()
        for session in sessions { session.deleteHandle(connectionClosing: true) }
    }
}
