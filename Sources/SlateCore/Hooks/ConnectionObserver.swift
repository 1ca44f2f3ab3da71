/// An observer of a connection's row changes, commits and rollbacks.
///
/// Register with ``Connection/add(observer:)``. Connections hold observers weakly and call every
/// registered one, in registration order. The callbacks run inside SQLite, on the thread using the
/// connection: they must not change the connection that calls them (SQLite forbids it). They may
/// run read-only queries, except in ``connectionWillCommit(_:)``; anything else throws
/// `SQLITE_MISUSE`.
///
/// ```swift
/// final class AuditLog: ConnectionObserver {
///     func connection(_ connection: Connection, didUpdate action: SQLiteAction) { … }
///     func connectionWillCommit(_ connection: Connection) throws {
///         guard isConsistent else { throw AuditError.inconsistent }  // vetoes the commit
///     }
/// }
/// ```
public protocol ConnectionObserver: AnyObject {
    /// Called for each row inserted, updated or deleted in a rowid table.
    ///
    /// - Parameters:
    ///   - connection: The connection that changed the row.
    ///   - action: What changed: the kind of change, the database, the table and the rowid.
    func connection(_ connection: Connection, didUpdate action: SQLiteAction)

    /// Called before a transaction commits. Throwing vetoes the commit: the transaction is rolled
    /// back and the statement that was committing fails with an ``SQLiteError``
    /// (`SQLITE_CONSTRAINT_COMMITHOOK`) whose message carries the thrown error's description.
    ///
    /// - Parameter connection: The connection that is committing.
    /// - Throws: Any error, to veto the commit.
    func connectionWillCommit(_ connection: Connection) throws

    /// Called after a transaction was rolled back (explicitly, or after a vetoed commit).
    ///
    /// - Parameter connection: The connection that rolled back.
    func connectionDidRollback(_ connection: Connection)
}

extension ConnectionObserver {
    /// Does nothing: implement it to observe row changes.
    ///
    /// - Parameters:
    ///   - connection: The connection that changed the row.
    ///   - action: What changed.
    public func connection(_ connection: Connection, didUpdate action: SQLiteAction) {}

    /// Does nothing, so commits go through: implement it to observe or veto commits.
    ///
    /// - Parameter connection: The connection that is committing.
    /// - Throws: Never.
    public func connectionWillCommit(_ connection: Connection) throws {}

    /// Does nothing: implement it to observe rollbacks.
    ///
    /// - Parameter connection: The connection that rolled back.
    public func connectionDidRollback(_ connection: Connection) {}
}
