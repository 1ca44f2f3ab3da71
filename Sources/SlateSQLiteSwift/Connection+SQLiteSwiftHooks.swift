// SQLite.swift's hook closures: one closure per kind of event, replacing the previous one. The
// primary spelling is an observer (`Connection.add(observer:)`, `Connection.add(trace:)`): any
// number of them, held weakly. Both forms share the same C hooks, so they can be mixed.

extension Connection {
    /// Sets (or, with `nil`, removes) a closure that receives the SQL of each statement as it
    /// starts, with its bound values inlined (SQLite.swift's logging; the primary spelling is a
    /// trace observer, `add(trace:)`, which also receives the unexpanded SQL).
    ///
    /// ```swift
    /// #if DEBUG
    /// db.trace { print($0) }
    /// #endif
    /// ```
    ///
    /// - Parameter callback: Called with the expanded SQL; replaces any previous trace closure.
    public func trace(_ callback: ((String) -> Void)?) {
        connectionHooks?.traceCallback = callback
    }

    /// Sets (or, with `nil`, removes) a closure called for each row inserted, updated or deleted
    /// in a rowid table (SQLite.swift's spelling; the primary is an observer's
    /// `connection(_:didUpdate:)`, registered with `add(observer:)`).
    ///
    /// The closure runs inside SQLite: it must not change this connection. It may run read-only
    /// queries; anything else throws `SQLITE_MISUSE`.
    ///
    /// - Parameter callback: Called with the operation, the database name, the table name and the
    ///   rowid; replaces any previous update closure.
    public func updateHook(
        _ callback: ((_ operation: Operation, _ db: String, _ table: String, _ rowid: Int64) -> Void)?
    ) {
        guard let callback else {
            connectionHooks?.updateCallback = nil
            return
        }
        connectionHooks?.updateCallback = { (action: SQLiteAction) in
            callback(action.operation, action.database, action.table, action.rowID)
        }
    }

    /// Sets (or, with `nil`, removes) a closure called before each commit; throwing vetoes it
    /// (SQLite.swift's spelling; the primary is an observer's `connectionWillCommit(_:)`).
    ///
    /// A vetoed commit is rolled back, and the COMMIT (or the statement that was committing in
    /// autocommit mode) throws an `SQLiteError` with code `SQLITE_CONSTRAINT_COMMITHOOK` whose
    /// message carries the thrown error's description. The closure cannot use this connection:
    /// any use throws `SQLITE_MISUSE` there (a statement run during a COMMIT would commit the
    /// transaction being committed and call the hook again).
    ///
    /// - Parameter callback: Called before each commit; replaces any previous commit closure.
    public func commitHook(_ callback: (() throws -> Void)?) {
        connectionHooks?.commitCallback = callback
    }

    /// Sets (or, with `nil`, removes) a closure called after each rollback (SQLite.swift's
    /// spelling; the primary is an observer's `connectionDidRollback(_:)`).
    /// It may run read-only queries on this connection; anything else throws `SQLITE_MISUSE`.
    ///
    /// - Parameter callback: Called after each rollback; replaces any previous rollback closure.
    public func rollbackHook(_ callback: (() -> Void)?) {
        connectionHooks?.rollbackCallback = callback
    }
}

extension Connection {
    /// The kind of row change passed to `Connection/updateHook(_:)` (SQLite.swift's `Operation`;
    /// observers receive an `SQLiteAction`, which also carries the database, table and rowid).
    public enum Operation: String, Hashable, Sendable, CaseIterable {
        /// `INSERT`.
        case insert = "INSERT"
        /// `UPDATE`.
        case update = "UPDATE"
        /// `DELETE`.
        case delete = "DELETE"
    }
}

extension SQLiteAction {
    /// The kind of change as SQLite.swift's `Connection/Operation` (the primary is the case
    /// itself: `if case .insert = action`).
    public var operation: Connection.Operation {
        switch self {
        case .insert: .insert
        case .update: .update
        case .delete: .delete
        }
    }
}
