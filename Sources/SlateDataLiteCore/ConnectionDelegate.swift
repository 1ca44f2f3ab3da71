/// An observer of a connection's changes, commits and rollbacks (DataLiteCore's delegate, given
/// the connection as a `ConnectionProtocol`; SlateCore's own is `ConnectionObserver`).
///
/// Register with `Connection/add(delegate:)`. Connections hold delegates weakly and call every
/// registered one, in registration order. The callbacks run inside SQLite, on the thread using the
/// connection: they must not change the connection that calls them (SQLite forbids it). They may
/// run read-only queries, except in `connectionWillCommit(_:)`; anything else throws
/// `SQLITE_MISUSE`.
///
/// ```swift
/// final class AuditLog: ConnectionDelegate {
///     func connection(_ connection: ConnectionProtocol, didUpdate action: SQLiteAction) { … }
///     func connectionWillCommit(_ connection: ConnectionProtocol) throws {
///         guard isConsistent else { throw AuditError.inconsistent }  // vetoes the commit
///     }
/// }
/// ```
public protocol ConnectionDelegate: AnyObject {
    /// Called for each row inserted, updated or deleted in a rowid table.
    ///
    /// - Parameters:
    ///   - connection: The connection that changed the row.
    ///   - action: What changed: the kind of change, the database, the table and the rowid.
    func connection(_ connection: ConnectionProtocol, didUpdate action: SQLiteAction)

    /// Called before a transaction commits. Throwing vetoes the commit: the transaction is rolled
    /// back and the statement that was committing fails with an `SQLiteError`
    /// (`SQLITE_CONSTRAINT_COMMITHOOK`) whose message carries the thrown error's description.
    ///
    /// - Parameter connection: The connection that is committing.
    /// - Throws: Any error, to veto the commit.
    func connectionWillCommit(_ connection: ConnectionProtocol) throws

    /// Called after a transaction was rolled back (explicitly, or after a vetoed commit).
    ///
    /// - Parameter connection: The connection that rolled back.
    func connectionDidRollback(_ connection: ConnectionProtocol)
}

extension ConnectionDelegate {
    /// Does nothing: override to observe row changes.
    ///
    /// - Parameters:
    ///   - connection: The connection that changed the row.
    ///   - action: What changed.
    public func connection(_ connection: ConnectionProtocol, didUpdate action: SQLiteAction) {}

    /// Does nothing, so commits go through: override to observe or veto commits.
    ///
    /// - Parameter connection: The connection that is committing.
    /// - Throws: Never.
    public func connectionWillCommit(_ connection: ConnectionProtocol) throws {}

    /// Does nothing: override to observe rollbacks.
    ///
    /// - Parameter connection: The connection that rolled back.
    public func connectionDidRollback(_ connection: ConnectionProtocol) {}
}

/// An observer of the SQL a connection runs (DataLiteCore's trace delegate, given the connection as
/// a `ConnectionProtocol`; SlateCore's own is `ConnectionTraceObserver`).
///
/// Register with `Connection/add(trace:)`; connections hold trace delegates weakly.
public protocol ConnectionTraceDelegate: AnyObject {
    /// A traced statement's SQL as written and with its bound values inlined (DataLiteCore's name).
    typealias Trace = (unexpandedSQL: String, expandedSQL: String)

    /// Called when a statement starts running.
    ///
    /// - Parameters:
    ///   - connection: The connection running the statement.
    ///   - trace: The statement's SQL as written (`unexpandedSQL`, or a `-- TRIGGER name` comment
    ///     when a trigger starts) and with its bound values inlined (`expandedSQL`).
    func connection(_ connection: ConnectionProtocol, trace: Trace)
}
