/// A shared database that lends connections for reading: ``DatabaseQueue`` or ``DatabasePool``.
///
/// Code that only reads, such as a ``ValueObservation`` fetch, takes a `DatabaseReader`, so it
/// works with either type.
public protocol DatabaseReader: AnyObject, Sendable {
    /// Runs `body` in a read-only, deferred transaction: every query in it sees one snapshot of
    /// the database, even while other connections or processes write.
    ///
    /// - Parameter body: The reads. The connection must not be used once `body` returns.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``SQLiteError``; a write attempted inside fails with
    ///   `SQLITE_READONLY`.
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs ``read(_:)`` on the database's own threads, never blocking Swift's cooperative pool.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError` when the task is
    ///   cancelled.
    func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Runs an async read whose closure returns a ``Statement``, such as `db.run(…)` as its only
    /// expression, and discards the statement (it cannot outlive the read). A default
    /// implementation calls the generic async read.
    ///
    /// - Parameter body: The reads.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    func read<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws

    /// Closes every connection. Later accesses throw ``SQLiteError`` of category `.misuse`.
    ///
    /// - Throws: ``SQLiteError`` when a connection cannot be closed.
    func close() throws
}
