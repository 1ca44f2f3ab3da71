// `try await queue.write { db in try db.run("INSERT …") }` is how SQLite.swift users write a
// one-statement change: the closure's single expression makes its result the `Statement` that
// `run` returns. A statement is bound to its connection and is not `Sendable`, so it cannot leave
// the access, and the generic async accesses (whose result must be `Sendable`) refuse the
// closure. These overloads take exactly such closures, run them, and discard the statement, the
// way the synchronous accesses' `@discardableResult` lets a caller ignore it.
//
// They are generic over `S: Statement` rather than taking `Statement` itself: a closure of
// several statements and no `return` must still pick the general access, and only a generic
// result lets the type checker infer `Void` for it and rule this overload out (a concrete
// `Statement` result would be chosen, then fail with "missing return"). They are protocol
// requirements with these default implementations, so that `any DatabaseWriter` picks them too.

extension DatabaseReader {
    /// Runs a read whose closure returns a ``Statement`` (such as `db.run(…)` or `db.prepare(…)`
    /// as its only expression), and discards the statement: it belongs to the lent connection
    /// and cannot be used once the read ends.
    ///
    /// ```swift
    /// try await queue.read { db in try db.run("SELECT count(*) FROM users") }
    /// ```
    ///
    /// - Parameter body: The reads.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError` when the task is
    ///   cancelled.
    public func read<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws {
        try await read { (db: Connection) throws -> Void in _ = try body(db) }
    }
}

extension DatabaseWriter {
    /// Runs a write transaction whose closure returns a ``Statement`` (SQLite.swift's
    /// `db.run(…)` as its only expression), and discards the statement: it belongs to the lent
    /// connection and cannot be used once the write ends.
    ///
    /// ```swift
    /// try await queue.write { db in try db.run("INSERT INTO users (name) VALUES (?)", "Alice") }
    /// ```
    ///
    /// - Parameter body: The writes.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    public func write<S: Statement>(_ body: @escaping @Sendable (Connection) throws -> S) async throws {
        try await write { (db: Connection) throws -> Void in _ = try body(db) }
    }

    /// Runs `writeWithoutTransaction(_:)` with a closure that returns a ``Statement``, and
    /// discards the statement.
    ///
    /// - Parameter body: The work.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    public func writeWithoutTransaction<S: Statement>(
        _ body: @escaping @Sendable (Connection) throws -> S
    ) async throws {
        try await writeWithoutTransaction { (db: Connection) throws -> Void in _ = try body(db) }
    }

    /// Runs `barrierWriteWithoutTransaction(_:)` with a closure that returns a
    /// ``Statement``, and discards the statement.
    ///
    /// - Parameter body: The work.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    public func barrierWriteWithoutTransaction<S: Statement>(
        _ body: @escaping @Sendable (Connection) throws -> S
    ) async throws {
        try await barrierWriteWithoutTransaction { (db: Connection) throws -> Void in _ = try body(db) }
    }
}
