/// A shared database that also lends its writer connection: ``DatabaseQueue`` or
/// ``DatabasePool``.
///
/// ``DatabaseMigrator`` and ``ValueObservation`` take a `DatabaseWriter`, so they work with
/// either type.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in an immediate transaction on the writer connection: committed when it
    /// returns, rolled back when it throws, retried as a whole when the database is busy.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` that ended the transaction.
    @discardableResult
    func write<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs ``write(_:)`` on the database's own threads, never blocking Swift's cooperative pool.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Runs `body` on the writer connection outside any transaction; `body` manages its own.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``SQLiteError`` when `body` leaves a transaction open
    ///   (it is rolled back).
    @discardableResult
    func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` on the writer connection once no read is running, and lets no read start
    /// until it returns (a ``DatabaseQueue`` has no concurrent reads, so it is a plain write).
    ///
    /// - Parameter body: The work, outside any transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``SQLiteError``.
    @discardableResult
    func barrierWriteWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs ``writeWithoutTransaction(_:)`` on the database's own threads, never blocking
    /// Swift's cooperative pool.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Runs ``barrierWriteWithoutTransaction(_:)`` on the database's own threads, never
    /// blocking Swift's cooperative pool.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    func barrierWriteWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Runs an async write transaction whose closure returns a ``Statement``, such as
    /// `db.run("INSERT …")` as its only expression, and discards the statement (it cannot
    /// outlive the write). A default implementation calls the generic async write.
    ///
    /// - Parameter body: The writes.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    func write<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws

    /// Runs an async write outside a transaction whose closure returns a ``Statement``, and
    /// discards the statement. A default implementation calls the generic form.
    ///
    /// - Parameter body: The work.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    func writeWithoutTransaction<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws

    /// Runs an async barrier write whose closure returns a ``Statement``, and discards the
    /// statement. A default implementation calls the generic form.
    ///
    /// - Parameter body: The work.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    func barrierWriteWithoutTransaction<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws
}
