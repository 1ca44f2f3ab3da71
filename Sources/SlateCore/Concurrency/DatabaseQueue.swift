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
///
/// Accesses are not reentrant: calling the queue from inside one of its own closures throws
/// ``SQLiteError`` of category `.misuse` — except a `read(_:)` inside a `write(_:)`, which
/// runs on the same connection and sees the write's changes so far.
public final class DatabaseQueue: DatabaseWriter, @unchecked Sendable {
    /// How the queue opened its connection.
    public let configuration: Configuration
    /// The database file's path, or `nil` in memory.
    public let path: String?

    // Safety: `database` serializes every use of the connection on its dispatch queue;
    // `registry` is thread-safe.
    private let database: SerializedDatabase
    private let registry = AccessRegistry()

    /// Opens a queue on a database file, creating it if needed.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - configuration: How to open and use the connection.
    /// - Throws: ``SQLiteError`` when the database cannot be opened or prepared, or for a
    ///   negative or non-finite busy timeout.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws(SQLiteError) {
        try self.init(location: .file(path: path), path: path, configuration: configuration)
    }

    /// Opens a queue on a new in-memory database, which lives as long as the queue.
    ///
    /// - Parameter configuration: How to open and use the connection.
    /// - Throws: ``SQLiteError`` when the connection cannot be prepared.
    public convenience init(configuration: Configuration = Configuration()) throws(SQLiteError) {
        try self.init(location: .inMemory, path: nil, configuration: configuration)
    }

    /// Opens a queue on any ``Connection/Location``: a file, memory, a temporary database, or a
    /// URI (for a VFS or URI parameters).
    ///
    /// - Parameters:
    ///   - location: Where the database lives.
    ///   - configuration: How to open and use the connection.
    /// - Throws: ``SQLiteError`` when the database cannot be opened or prepared.
    public convenience init(location: Connection.Location, configuration: Configuration = Configuration()) throws(SQLiteError) {
        let path: String? = if case .file(let path) = location { path } else { nil }
        try self.init(location: location, path: path, configuration: configuration)
    }

    private init(location: Connection.Location, path: String?, configuration: Configuration) throws(SQLiteError) {
        _ = try Connection.busyTimeoutMilliseconds(configuration.busyTimeout)  // refused before any file is created
        self.configuration = configuration
        self.path = path
        database = SerializedDatabase(
            label: "Slate.DatabaseQueue",
            closedError: SQLiteError.misuse("the DatabaseQueue is closed"),
            open: { () throws(SQLiteError) -> Connection in
                try configuration.openConnection(location, readonly: configuration.readonly)
            },
            setUp: { db in
                try configuration.prepare(db)
                if let mode = configuration.journalMode, !configuration.readonly {
                    // As in DatabasePool: a journal-mode change does not wait on the busy handler.
                    try configuration.retry.run { _ in
                        if try db.getJournalMode() != mode { try db.setJournalMode(mode) }
                    }
                }
            })
        // Opened now, so that a file that cannot be opened is reported here.
        try DatabaseAccess.sqliteErrors { try database.dispatchQueue.sync { try database.withConnection { _ in } } }
    }

    // MARK: Synchronous accesses

    /// Runs `body` with exclusive use of the connection, outside any transaction.
    ///
    /// - Parameter body: The work; it must not let the connection escape.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError``: `.misuse` inside another access, once
    ///   closed, or when `body` left a transaction open (it is rolled back).
    @discardableResult
    public func inDatabase<T>(_ body: (Connection) throws -> T) throws -> T {
        try access(.writing, "inDatabase") { db in
            try DatabaseAccess.withoutTransaction(db, access: "inDatabase", body)
        }
    }

    /// Runs `body` in a read-only, deferred transaction: every query sees one snapshot.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; a write attempted inside fails with `SQLITE_READONLY`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        if registry.currentRole == .writing, let db = database.lentConnection() {
            return try DatabaseAccess.nestedRead(db, body)
        }
        return try access(.reading, "read") { db in try DatabaseAccess.read(db, queryOnly: true, body) }
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it
    /// throws, and retried as a whole (per the configuration's ``RetryPolicy``) when the
    /// database is busy.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` that ended the transaction.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try access(.writing, "write") { db in
            try DatabaseAccess.write(db, retry: configuration.retry, cancellation: nil, body)
        }
    }

    /// Runs `body` on the connection outside any transaction; the same as ``inDatabase(_:)``.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` when `body` left a transaction open.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try access(.writing, "writeWithoutTransaction") { db in
            try DatabaseAccess.withoutTransaction(db, access: "writeWithoutTransaction", body)
        }
    }

    /// A queue runs no concurrent reads, so this is `writeWithoutTransaction(_:)`.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` when `body` left a transaction open.
    @discardableResult
    public func barrierWriteWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try access(.writing, "barrierWriteWithoutTransaction") { db in
            try DatabaseAccess.withoutTransaction(db, access: "barrierWriteWithoutTransaction", body)
        }
    }

    /// Closes the connection once the running access (if any) returns. Later accesses throw
    /// ``SQLiteError`` of category `.misuse`; closing again does nothing.
    ///
    /// - Throws: ``SQLiteError`` `.misuse` when called from inside an access of this queue.
    public func close() throws {
        guard registry.currentRole == nil else {
            throw SQLiteError.misuse("DatabaseQueue.close() was called inside an access to the same queue")
        }
        database.dispatchQueue.sync { database.close() }
    }

    private func access<T>(_ role: AccessRegistry.Role, _ name: String, _ body: (Connection) throws -> T) throws -> T {
        if registry.currentRole != nil {
            throw SQLiteError.misuse(
                "DatabaseQueue.\(name) was called inside another access to the same queue: database accesses are not reentrant (use the connection you were given)")
        }
        return try database.dispatchQueue.sync {
            try registry.run(role) { try database.withConnection(body) }
        }
    }

    // MARK: Asynchronous accesses

    /// Runs ``read(_:)`` on the queue's own dispatch queue, never blocking Swift's cooperative
    /// pool.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError` when the task is
    ///   cancelled (before the read starts, or while it runs: its statement is interrupted).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncAccess(.reading) { db, _ in try DatabaseAccess.read(db, queryOnly: true, body) }
    }

    /// Runs ``write(_:)`` on the queue's own dispatch queue, never blocking Swift's cooperative
    /// pool. A task cancelled before the transaction commits rolls it back.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let retry = configuration.retry
        return try await asyncAccess(.writing) { db, cancellation in
            try DatabaseAccess.write(db, retry: retry, cancellation: cancellation, body)
        }
    }

    /// Runs ``writeWithoutTransaction(_:)`` on the queue's own dispatch queue.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncAccess(.writing) { db, _ in
            try DatabaseAccess.withoutTransaction(db, access: "writeWithoutTransaction", body)
        }
    }

    /// Runs ``barrierWriteWithoutTransaction(_:)`` on the queue's own dispatch queue.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func barrierWriteWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await writeWithoutTransaction(body)
    }

    private func asyncAccess<T: Sendable>(
        _ role: AccessRegistry.Role, _ body: @escaping @Sendable (Connection, AccessCancellation) throws -> T
    ) async throws -> T {
        let database = database
        let registry = registry
        return try await DatabaseAccess.async(on: database.dispatchQueue) { cancellation in
            try registry.run(role) {
                try database.withConnection { db in try cancellation.run(db) { try body(db, cancellation) } }
            }
        }
    }
}

extension DatabaseQueue: AccessRegistryOwner {
    var accessRegistry: AccessRegistry { registry }
}

extension DatabaseQueue: ExternalChangeSource {
    var externalChangePollInterval: Double? { path == nil ? nil : configuration.crossProcessPollInterval }
}
