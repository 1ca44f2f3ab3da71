/// A package-level listener of one connection's activity, for Slate's own machinery
/// (``ValueObservation``): row changes, commits, rollbacks, and statements starting and finishing.
///
/// Unlike delegates and hook closures, these observers are held strongly and are never the user's
/// single-slot hooks: several coexist with the user's delegates and closures on one connection.
/// Registered with `ConnectionHooks.add(activity:)` on the thread that uses the connection; the
/// callbacks run inside SQLite on that thread and must not use the connection.
package protocol ConnectionActivityObserver: AnyObject {
    /// A row was inserted, updated or deleted (`sqlite3_update_hook`).
    func connectionDidChange(_ action: SQLiteAction)
    /// A transaction is about to commit (`sqlite3_commit_hook`); it may still fail or be vetoed.
    func connectionWillCommit()
    /// A transaction was rolled back (`sqlite3_rollback_hook`).
    func connectionDidRollback()
    /// A statement starts running (`SQLITE_TRACE_STMT`).
    func connectionStatementDidStart(_ statement: OpaquePointer)
    /// A statement finished running (`SQLITE_TRACE_PROFILE`): any commit it made is complete.
    func connectionStatementDidFinish(_ statement: OpaquePointer)
    /// A ``BlobHandle`` wrote into a value of `table` (`sqlite3_blob_write` runs no statement
    /// and fires no hook).
    func connectionDidWriteBlob(database: String, table: String)
    /// A ``BlobHandle`` closed: in autocommit mode, its writes were committed now.
    func connectionDidCloseBlob()
}

extension ConnectionActivityObserver {
    package func connectionDidChange(_ action: SQLiteAction) {}
    package func connectionWillCommit() {}
    package func connectionDidRollback() {}
    package func connectionStatementDidStart(_ statement: OpaquePointer) {}
    package func connectionStatementDidFinish(_ statement: OpaquePointer) {}
    package func connectionDidWriteBlob(database: String, table: String) {}
    package func connectionDidCloseBlob() {}
}
