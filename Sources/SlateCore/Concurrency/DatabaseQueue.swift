import Dispatch
import Foundation

/// One database connection that many threads and tasks can share: every access is serialized.
///
/// `Connection` is not `Sendable`, so Swift 6 stops you from sharing one by mistake. A
/// `DatabaseQueue` is the sanctioned way to share it: it owns the connection and lends it to one
/// closure at a time, from any thread or task.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.sqlite")
/// try queue.write { db in
///     try db.run("INSERT INTO users (name) VALUES (?)", "Ada")
/// }
/// let count = try await queue.read { db in
///     try db.scalar(Int.self, "SELECT count(*) FROM users") ?? 0
/// }
/// ```
public final class DatabaseQueue: DatabaseWriter, @unchecked Sendable {
    // Safety: `connection` is only touched while `lock` is held.
    private let connection: Connection
    private let lock = NSLock()
    private let retry: RetryPolicy

    /// Opens a queue on a database.
    ///
    /// - Parameters:
    ///   - location: Where the database lives.
    ///   - busyTimeout: How long to wait for locks held by other processes, in seconds; beyond
    ///     SQLite's longest (about 24.8 days), it waits that longest.
    ///   - retry: How `write(_:)` retries a transaction that fails because the database is busy.
    /// - Throws: ``SQLiteError`` when the database cannot be opened, or for a negative or
    ///   non-finite busy timeout.
    public init(location: Connection.Location = .inMemory, busyTimeout: Double = 5, retry: RetryPolicy = .standard) throws(SQLiteError) {
        _ = try Connection.busyTimeoutMilliseconds(busyTimeout)   // refused before any file is created
        connection = try Connection(location)
        try connection.setBusyTimeout(busyTimeout)
        self.retry = retry
    }

    /// Opens a queue on a database file, creating it if needed.
    ///
    /// - Parameter path: The database file.
    /// - Throws: ``SQLiteError`` when the database cannot be opened.
    public convenience init(path: String) throws(SQLiteError) {
        try self.init(location: .file(path: path))
    }

    /// Runs `body` with exclusive use of the connection, outside any transaction.
    ///
    /// - Parameter body: The work; it must not let the connection escape.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func inDatabase<T>(_ body: (Connection) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(connection)
    }

    /// Runs `body` in a read-only view of the database (`PRAGMA query_only` while it runs).
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; a write attempted inside fails with `SQLITE_READONLY`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try inDatabase { db in
            try db.exec("PRAGMA query_only = 1")
            defer { try? db.exec("PRAGMA query_only = 0") }
            return try body(db)
        }
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it
    /// throws, and retried as a whole (per the queue's ``RetryPolicy``) when the database is busy.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` that ended the transaction.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try inDatabase { db in try db.transaction(.immediate, retry: retry) { try body(db) } }
    }

    /// Runs `body` on the connection outside any transaction; the same as ``inDatabase(_:)``.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try inDatabase(body)
    }

    /// A queue runs no concurrent reads, so this is ``writeWithoutTransaction(_:)``.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func barrierWriteWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try inDatabase(body)
    }

    /// Closes the connection.
    ///
    /// - Throws: ``SQLiteError`` when it cannot be closed.
    public func close() throws {
        inDatabase { db in db.close() }
    }

    /// Runs ``read(_:)`` off the caller's thread.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await Self.detached { try self.read(body) }
    }

    /// Runs ``write(_:)`` off the caller's thread.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await Self.detached { try self.write(body) }
    }

    /// Runs blocking database work on a dispatch queue, so it never blocks Swift's cooperative pool.
    static func detached<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
