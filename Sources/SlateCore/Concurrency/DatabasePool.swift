import Dispatch
import Foundation

/// A WAL-mode database shared by many threads and tasks: one writer at a time, and several
/// readers that run concurrently with each other and with the writer.
///
/// ```swift
/// let pool = try DatabasePool(path: "app.sqlite", maximumReaders: 4)
/// try pool.write { db in try db.run("INSERT INTO events (name) VALUES (?)", "launch") }
/// let events = try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM events") }
/// ```
///
/// Readers see the database as of the moment their read began (WAL snapshots); the writer is
/// never blocked by them.
public final class DatabasePool: DatabaseWriter, @unchecked Sendable {
    // Safety: `writer` is only touched while `writerLock` is held; `idleReaders` and
    // `readerCount` only while `readersLock` is held; a reader connection is used by one
    // closure at a time because it is removed from `idleReaders` while lent.
    private let writer: Connection
    private let writerLock = NSLock()
    private let readersLock = NSCondition()
    private var idleReaders: [Connection] = []
    private var readerCount = 0
    private let path: String
    private let busyTimeout: Double
    private let retry: RetryPolicy

    /// The largest number of reader connections the pool opens.
    public let maximumReaders: Int

    /// Opens a pool on a database file, creating it if needed and switching it to WAL mode.
    ///
    /// - Parameters:
    ///   - path: The database file (a pool needs a file: WAL does not apply to memory).
    ///   - maximumReaders: The most reads that run at once.
    ///   - busyTimeout: How long connections wait for locks, in seconds; beyond SQLite's longest
    ///     (about 24.8 days), they wait that longest.
    ///   - retry: How `write(_:)` retries a transaction that fails because the database is busy.
    /// - Throws: ``SQLiteError`` when the database cannot be opened or cannot use WAL.
    public init(path: String, maximumReaders: Int = 4, busyTimeout: Double = 5, retry: RetryPolicy = .standard) throws(SQLiteError) {
        guard maximumReaders > 0 else { throw SQLiteError.misuse("a DatabasePool needs at least one reader") }
        _ = try Connection.busyTimeoutMilliseconds(busyTimeout)   // refused before any file is created
        writer = try Connection(.file(path: path))
        try writer.setBusyTimeout(busyTimeout)
        try writer.setJournalMode(.wal)
        self.path = path
        self.maximumReaders = maximumReaders
        self.busyTimeout = busyTimeout
        self.retry = retry
    }

    /// Runs `body` in an immediate transaction on the single writer connection: committed when
    /// it returns, rolled back when it throws, retried as a whole when the database is busy.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` that ended the transaction.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        return try writer.transaction(.immediate, retry: retry) { try body(writer) }
    }

    /// Runs `body` on a read-only connection inside a deferred transaction, so every query in it
    /// sees the same snapshot. Reads run concurrently, up to ``maximumReaders`` at once.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; a write attempted inside fails with `SQLITE_READONLY`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try reader.transaction(.deferred) { try body(reader) }
    }

    /// Runs `body` on the writer connection outside any transaction.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        return try body(writer)
    }

    /// Runs `body` on the writer connection while no read runs.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func barrierWriteWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        // Interim: waits for the writer only; the concurrency rework makes it wait for readers.
        try writeWithoutTransaction(body)
    }

    /// Closes every connection.
    ///
    /// - Throws: ``SQLiteError`` when a connection cannot be closed.
    public func close() throws {
        try writeWithoutTransaction { db in db.close() }
        readersLock.lock()
        defer { readersLock.unlock() }
        for reader in idleReaders { reader.close() }
    }

    /// Runs ``read(_:)`` off the caller's thread.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await DatabaseQueue.detached { try self.read(body) }
    }

    /// Runs ``write(_:)`` off the caller's thread.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await DatabaseQueue.detached { try self.write(body) }
    }

    private func checkOutReader() throws(SQLiteError) -> Connection {
        readersLock.lock()
        defer { readersLock.unlock() }
        while true {
            if let reader = idleReaders.popLast() { return reader }
            if readerCount < maximumReaders {
                readerCount += 1
                do {
                    let reader = try Connection(.file(path: path), readonly: true)
                    try reader.setBusyTimeout(busyTimeout)
                    return reader
                } catch {
                    readerCount -= 1
                    throw error
                }
            }
            readersLock.wait()
        }
    }

    private func checkIn(_ reader: Connection) {
        readersLock.lock()
        idleReaders.append(reader)
        readersLock.signal()
        readersLock.unlock()
    }
}
