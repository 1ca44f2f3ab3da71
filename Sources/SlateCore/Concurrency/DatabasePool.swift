import Dispatch
import Foundation
#if os(Linux)
import Synchronization
#endif

/// A WAL-mode database shared by many threads and tasks: one writer at a time, and up to
/// ``Configuration/maximumReaderCount`` readers that run concurrently with each other and with
/// the writer.
///
/// ```swift
/// let pool = try DatabasePool(path: "app.sqlite")
/// try pool.write { db in try db.run("INSERT INTO events (name) VALUES (?)", "launch") }
/// let events = try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM events") }
/// ```
///
/// Each read sees the database as of the moment it began (a WAL snapshot); the writer is never
/// blocked by readers. The writer runs with `synchronous=NORMAL`, WAL's usual setting: a commit
/// survives a crash of the app, and a power loss may drop the last commits but never corrupts.
///
/// Accesses are not reentrant: calling the pool from inside one of its own closures throws
/// ``SQLiteError`` of category `.misuse`, at once — except a `read(_:)` inside a `write(_:)`
/// (or any writer access), which runs on the writer's connection, read-only, and sees the
/// write's changes so far.
public final class DatabasePool: DatabaseWriter, @unchecked Sendable {
    /// How the pool opens and uses its connections.
    public let configuration: Configuration
    /// The database file's path.
    public let path: String

    // Safety: `writer` serializes its accesses on its dispatch queue. The reader state below is
    // only touched while `state` is locked; a reader is used by the one access holding its lease.
    private let writer: SerializedDatabase
    private let registry = AccessRegistry()
    private let state = NSCondition()
    private var idleReaders: [SerializedDatabase]
    private var lentReaderCount = 0
    private var waiters: [ReaderWaiter] = []
    private var barrierIsRunning = false
    private var isClosed = false
    private let closedError: SQLiteError
    /// How many writer accesses are running or waiting for the writer (see ``yieldToWriter()``).
    private let writerDemand = WriterDemand()

    /// An access waiting for a reader (async ones, or sync ones through a semaphore).
    private struct ReaderWaiter {
        let ticket: WaiterTicket
        let deliver: (Result<SerializedDatabase, any Error>) -> Void
    }

    /// Identifies one waiting access, so that its task's cancellation can withdraw it.
    private final class WaiterTicket: @unchecked Sendable {
        // Safety: only touched while the pool's `state` is locked.
        var isCancelled = false
    }

    /// Opens a pool on a database file, creating it if needed and switching it to WAL mode.
    ///
    /// - Parameters:
    ///   - path: The database file (a pool needs a file: WAL does not apply in memory).
    ///   - configuration: How to open and use the connections. Its ``Configuration/journalMode``
    ///     must be `nil` or WAL.
    /// - Throws: ``SQLiteError`` when the database cannot be opened, prepared or put in WAL
    ///   mode, or for a configuration that cannot work.
    public init(path: String, configuration: Configuration = Configuration()) throws(SQLiteError) {
        guard configuration.maximumReaderCount > 0 else {
            throw SQLiteError.misuse("a DatabasePool needs a maximumReaderCount of at least 1")
        }
        if let mode = configuration.journalMode, mode != .wal {
            throw SQLiteError.misuse("a DatabasePool always uses journal_mode WAL, not \(mode)")
        }
        _ = try Connection.busyTimeoutMilliseconds(configuration.busyTimeout)  // refused before any file is created
        self.configuration = configuration
        self.path = path
        let closedError = SQLiteError.misuse("the DatabasePool at \(path) is closed")
        self.closedError = closedError
        let location = Connection.Location.file(path: path)
        writer = SerializedDatabase(
            label: "Slate.DatabasePool.writer", closedError: closedError,
            open: { () throws(SQLiteError) -> Connection in
                try configuration.openConnection(location, readonly: configuration.readonly)
            },
            setUp: { db in
                try configuration.prepare(db)
                guard !configuration.readonly else { return }
                // SQLite does not wait on its busy handler for a journal-mode change that meets
                // another connection's lock (two processes opening one file at once): a file
                // already in WAL is left alone, and the switch is retried under the policy.
                try configuration.retry.run { _ in
                    if try db.getJournalMode() != .wal { try db.setJournalMode(.wal) }
                }
                try db.setSynchronous(.normal)
            })
        idleReaders = (0..<configuration.maximumReaderCount).map { index in
            SerializedDatabase(
                label: "Slate.DatabasePool.reader.\(index + 1)", closedError: closedError,
                open: { () throws(SQLiteError) -> Connection in
                    try configuration.openConnection(location, readonly: true)
                },
                setUp: { db in try configuration.prepare(db) })
        }
        // The writer opens now: it creates the file and switches it to WAL before any reader.
        let writer = writer
        try DatabaseAccess.sqliteErrors { try writer.dispatchQueue.sync { try writer.withConnection { _ in } } }
    }

    // MARK: Synchronous accesses

    /// Runs `body` in an immediate transaction on the single writer connection: committed when
    /// it returns, rolled back when it throws, retried as a whole when the database is busy.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` that ended the transaction.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writerAccess("write") { db in
            try DatabaseAccess.write(db, retry: configuration.retry, cancellation: nil, body)
        }
    }

    /// Runs `body` on a read-only connection inside a deferred transaction, so every query in it
    /// sees the same snapshot. Reads run concurrently, up to
    /// ``Configuration/maximumReaderCount`` at once; inside a writer access, the read runs on the
    /// writer's connection instead.
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; a write attempted inside fails with `SQLITE_READONLY`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        switch registry.currentRole {
        case .writing?:
            guard let db = writer.lentConnection() else { throw closedError }
            return try DatabaseAccess.nestedRead(db, body)
        case .reading?:
            throw Self.reentrancyError("read")
        case nil:
            break
        }
        writerDemand.yieldIfWriting()
        let reader = try leaseReaderSync()
        defer { returnReader(reader) }
        return try reader.dispatchQueue.sync {
            try registry.run(.reading) {
                try reader.withConnection { db in try DatabaseAccess.read(db, queryOnly: false, body) }
            }
        }
    }

    /// Runs `body` on the writer connection outside any transaction.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` when `body` left a transaction open.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writerAccess("writeWithoutTransaction") { db in
            try DatabaseAccess.withoutTransaction(db, access: "writeWithoutTransaction", body)
        }
    }

    /// Runs `body` on the writer connection once every running read has returned, and lets no
    /// read start until it returns.
    ///
    /// - Parameter body: The work, outside any transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``SQLiteError``.
    @discardableResult
    public func barrierWriteWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writerAccess("barrierWriteWithoutTransaction") { db in
            try withBarrier {
                try DatabaseAccess.withoutTransaction(db, access: "barrierWriteWithoutTransaction", body)
            }
        }
    }

    /// Copies the WAL's pages into the database file (`sqlite3_wal_checkpoint_v2`), on the
    /// writer connection.
    ///
    /// ```swift
    /// let result = try pool.checkpoint(.truncate)   // the WAL file is now empty
    /// ```
    ///
    /// - Parameter mode: How far to go, and whether to wait for readers (``CheckpointMode``).
    /// - Returns: The WAL's size and how much of it was copied.
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) when a `.full`, `.restart` or `.truncate`
    ///   checkpoint could not finish within the busy timeout (a read held an old snapshot), or
    ///   `.misuse` inside an access or once closed.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode = .passive) throws -> CheckpointResult {
        try writerAccess("checkpoint") { db in try db.checkpoint(mode) }
    }

    /// Closes every connection, once the running accesses return. Later accesses throw
    /// ``SQLiteError`` of category `.misuse`; reads waiting for a connection throw it now.
    /// Closing again does nothing.
    ///
    /// - Throws: ``SQLiteError`` `.misuse` when called from inside an access of this pool.
    public func close() throws {
        guard registry.currentRole == nil else {
            throw SQLiteError.misuse("DatabasePool.close() was called inside an access to the same pool")
        }
        state.lock()
        let alreadyClosed = isClosed
        isClosed = true
        let abandoned = waiters
        waiters.removeAll()
        while lentReaderCount > 0 { state.wait() }
        let readers = idleReaders
        state.unlock()
        guard !alreadyClosed else { return }
        for waiter in abandoned { waiter.deliver(.failure(closedError)) }
        for reader in readers { reader.dispatchQueue.sync { reader.close() } }
        writer.dispatchQueue.sync { writer.close() }
    }

    // MARK: Asynchronous accesses

    /// Runs ``read(_:)`` on a reader's own dispatch queue, never blocking Swift's cooperative
    /// pool (waiting for a free reader included).
    ///
    /// - Parameter body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError` when the task is
    ///   cancelled (before the read starts, or while it runs: its statement is interrupted).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try Task.checkCancellation()
        // The reader this read is given is used, and returned, on the reader's own dispatch
        // queue, from the thread that hands it over: the task resumes only once the read is
        // over. Resuming the task first, to then dispatch the read, would keep the reader lent
        // to a task that waits for a cooperative thread, and blocking reads made from tasks can
        // hold all of them, waiting for that very reader (issue 21: a hang).
        let ticket = WaiterTicket()
        let cancellation = AccessCancellation()
        let registry = registry
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                enqueue(ticket) { [self] lease in
                    let reader: SerializedDatabase
                    switch lease {
                    case .failure(let error):
                        continuation.resume(throwing: error)
                        return
                    case .success(let leased):
                        reader = leased
                    }
                    reader.dispatchQueue.async { [self] in
                        let result = Result {
                            try registry.run(.reading) {
                                try reader.withConnection { db in
                                    try cancellation.run(db) { try DatabaseAccess.read(db, queryOnly: false, body) }
                                }
                            }
                        }
                        returnReader(reader)
                        continuation.resume(with: result)
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
            withdraw(ticket)
        }
    }

    /// Runs ``write(_:)`` on the writer's own dispatch queue, never blocking Swift's cooperative
    /// pool. A task cancelled before the transaction commits rolls it back.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let retry = configuration.retry
        return try await asyncWriterAccess { db, cancellation in
            try DatabaseAccess.write(db, retry: retry, cancellation: cancellation, body)
        }
    }

    /// Runs ``writeWithoutTransaction(_:)`` on the writer's own dispatch queue.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncWriterAccess { db, _ in
            try DatabaseAccess.withoutTransaction(db, access: "writeWithoutTransaction", body)
        }
    }

    /// Runs ``barrierWriteWithoutTransaction(_:)`` on the writer's own dispatch queue (which
    /// waits there, not on the cooperative pool, for the running reads).
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, a ``SQLiteError``, or `CancellationError`.
    @discardableResult
    public func barrierWriteWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncWriterAccess { [self] db, _ in
            try withBarrier {
                try DatabaseAccess.withoutTransaction(db, access: "barrierWriteWithoutTransaction", body)
            }
        }
    }

    /// Runs ``checkpoint(_:)`` on the writer's own dispatch queue.
    ///
    /// - Parameter mode: How far to go (``CheckpointMode``).
    /// - Returns: The WAL's size and how much of it was copied.
    /// - Throws: As ``checkpoint(_:)``, or `CancellationError`.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode = .passive) async throws -> CheckpointResult {
        try await asyncWriterAccess { db, _ in try db.checkpoint(mode) }
    }

    // MARK: The writer

    private func writerAccess<T>(_ name: String, _ body: (Connection) throws -> T) throws -> T {
        if registry.currentRole != nil { throw Self.reentrancyError(name) }
        writerDemand.increment()
        defer { writerDemand.decrement() }
        return try writer.dispatchQueue.sync {
            try registry.run(.writing) { try writer.withConnection(body) }
        }
    }

    private func asyncWriterAccess<T: Sendable>(
        _ body: @escaping @Sendable (Connection, AccessCancellation) throws -> T
    ) async throws -> T {
        let writer = writer
        let registry = registry
        let writerDemand = writerDemand
        writerDemand.increment()
        defer { writerDemand.decrement() }
        return try await DatabaseAccess.async(on: writer.dispatchQueue) { cancellation in
            try registry.run(.writing) {
                try writer.withConnection { db in try cancellation.run(db) { try body(db, cancellation) } }
            }
        }
    }

    private static func reentrancyError(_ name: String) -> SQLiteError {
        SQLiteError.misuse(
            "DatabasePool.\(name) was called inside another access to the same pool: database accesses are not reentrant (use the connection you were given; only a read inside a write is allowed)")
    }

    /// Runs `body` (on the writer) once no read runs, keeping new reads waiting meanwhile.
    private func withBarrier<T>(_ body: () throws -> T) throws -> T {
        state.lock()
        barrierIsRunning = true
        while lentReaderCount > 0 { state.wait() }
        state.unlock()
        defer {
            state.lock()
            barrierIsRunning = false
            let handoffs = assignIdleReaders()
            state.broadcast()
            state.unlock()
            for (waiter, reader) in handoffs { waiter.deliver(.success(reader)) }
        }
        return try body()
    }

    // MARK: State, for tests that wait for an event instead of sleeping

    /// How many reads wait for a reader.
    package var waitingReadCount: Int {
        state.lock()
        defer { state.unlock() }
        return waiters.count
    }

    /// Whether a barrier write holds new reads back (while it waits for running reads, and while
    /// it runs).
    package var isBarrierActive: Bool {
        state.lock()
        defer { state.unlock() }
        return barrierIsRunning
    }

    /// Whether ``close()`` has begun: it then waits for running reads to end.
    package var isClosing: Bool {
        state.lock()
        defer { state.unlock() }
        return isClosed
    }

    // MARK: Reader leases

    /// Takes a reader, waiting (on this thread) for one to be free.
    private func leaseReaderSync() throws -> SerializedDatabase {
        if let reader = takeIdleReader() { return reader }
        let semaphore = DispatchSemaphore(value: 0)
        let box = LeaseBox()
        enqueue(WaiterTicket()) { result in
            box.result = result
            semaphore.signal()
        }
        semaphore.wait()
        // The semaphore orders the write of `box.result` before this read.
        guard let result = box.result else { throw closedError }
        return try result.get()
    }

    /// A free reader, when one is idle and nobody waits before the caller: the common case,
    /// without the waiter, semaphore and closure that queueing needs.
    private func takeIdleReader() -> SerializedDatabase? {
        state.lock()
        defer { state.unlock() }
        guard !isClosed, !barrierIsRunning, waiters.isEmpty, let reader = idleReaders.popLast() else { return nil }
        lentReaderCount += 1
        return reader
    }

    /// Gives a free reader to `deliver` now, or queues it until one is returned.
    private func enqueue(_ ticket: WaiterTicket, _ deliver: @escaping (Result<SerializedDatabase, any Error>) -> Void) {
        state.lock()
        if isClosed {
            state.unlock()
            deliver(.failure(closedError))
            return
        }
        if ticket.isCancelled {
            state.unlock()
            deliver(.failure(CancellationError()))
            return
        }
        if !barrierIsRunning, waiters.isEmpty, let reader = idleReaders.popLast() {
            lentReaderCount += 1
            state.unlock()
            deliver(.success(reader))
            return
        }
        waiters.append(ReaderWaiter(ticket: ticket, deliver: deliver))
        state.unlock()
    }

    /// Withdraws a cancelled task's wait (it throws `CancellationError`).
    private func withdraw(_ ticket: WaiterTicket) {
        state.lock()
        ticket.isCancelled = true
        let index = waiters.firstIndex { $0.ticket === ticket }
        let waiter = index.map { waiters.remove(at: $0) }
        state.unlock()
        waiter?.deliver(.failure(CancellationError()))
    }

    /// Returns a reader after its access: to the first waiter, or to the idle ones.
    private func returnReader(_ reader: SerializedDatabase) {
        state.lock()
        lentReaderCount -= 1
        idleReaders.append(reader)
        let handoffs = assignIdleReaders()
        state.broadcast()
        state.unlock()
        for (waiter, reader) in handoffs { waiter.deliver(.success(reader)) }
    }

    /// Pairs waiters with idle readers (unless a barrier runs); call with `state` locked, then
    /// deliver after unlocking.
    private func assignIdleReaders() -> [(ReaderWaiter, SerializedDatabase)] {
        guard !barrierIsRunning, !isClosed else { return [] }
        var handoffs: [(ReaderWaiter, SerializedDatabase)] = []
        while !waiters.isEmpty, let reader = idleReaders.popLast() {
            lentReaderCount += 1
            handoffs.append((waiters.removeFirst(), reader))
        }
        return handoffs
    }
}

/// Where a synchronous lease is handed over, from whichever thread returned a reader.
private final class LeaseBox: @unchecked Sendable {
    // Safety: written once before the semaphore is signalled, read after it was waited for.
    var result: Result<SerializedDatabase, any Error>?
}

extension DatabasePool: AccessRegistryOwner {
    var accessRegistry: AccessRegistry { registry }
}

extension DatabasePool: ExternalChangeSource {
    var externalChangePollInterval: Double? { configuration.crossProcessPollInterval }
}
