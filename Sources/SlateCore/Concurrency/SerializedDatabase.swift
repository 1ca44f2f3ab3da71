import Dispatch
import Foundation

/// One connection of a ``DatabaseQueue`` or ``DatabasePool``, opened when first used, with the
/// serial dispatch queue on which its async accesses run (sync ones run on the caller's thread,
/// through `dispatchQueue.sync`, or with a reader's lease).
final class SerializedDatabase: @unchecked Sendable {
    // Safety: `connection` and `isClosed` are only touched by the one thread that has the right
    // to use this object: the one running a block on `dispatchQueue` (the writer; readers too,
    // while they hold a lease from their pool, which lends each reader to one access at a time).
    private var connection: Connection?
    private var isClosed = false
    private let open: @Sendable () throws(SQLiteError) -> Connection
    private let setUp: @Sendable (Connection) throws -> Void
    private let closedError: SQLiteError

    /// Runs this connection's accesses, one at a time.
    let dispatchQueue: DispatchQueue

    /// - Parameters:
    ///   - label: The dispatch queue's label (seen in debuggers and crash logs).
    ///   - closedError: What an access throws once ``close()`` ran.
    ///   - open: Opens the connection.
    ///   - setUp: Prepares a new connection; when it throws, the connection is closed.
    init(
        label: String, closedError: SQLiteError,
        open: @escaping @Sendable () throws(SQLiteError) -> Connection,
        setUp: @escaping @Sendable (Connection) throws -> Void
    ) {
        dispatchQueue = DispatchQueue(label: label)
        self.closedError = closedError
        self.open = open
        self.setUp = setUp
    }

    /// Runs `body` with the connection (opening it first if needed), lent to the calling thread:
    /// anything of it used from elsewhere, or after `body` returns, throws instead of racing.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        if isClosed { throw closedError }
        let db: Connection
        if let connection {
            db = connection
            db.connectionHandle.accessOwner = ConnectionHandle.currentThread
        } else {
            db = try open()
            db.connectionHandle.accessOwner = ConnectionHandle.currentThread
            do {
                try setUp(db)
            } catch {
                db.connectionHandle.accessOwner = ConnectionHandle.unrestricted
                db.close()
                throw error
            }
            connection = db
        }
        defer {
            // A statement left running (a cursor read part of the way, a cached statement
            // stepped once) would keep its read snapshot, and the WAL could not be checkpointed
            // past it, until its next use: the access is over, so it is over too.
            db.connectionHandle.resetRunningStatements()
            db.connectionHandle.accessOwner = ConnectionHandle.notLent
        }
        return try body(db)
    }

    /// The connection, for a read nested in a write that the calling thread is running.
    func lentConnection() -> Connection? {
        guard let connection, connection.connectionHandle.mayUse else { return nil }
        return connection
    }

    /// Closes the connection; later accesses throw the closed error.
    func close() {
        isClosed = true
        guard let connection else { return }
        connection.connectionHandle.accessOwner = ConnectionHandle.unrestricted
        connection.close()
        self.connection = nil
    }
}

/// A queue or pool, whose registry tells which of its accesses the calling thread runs.
protocol AccessRegistryOwner: AnyObject {
    /// The accesses each thread is running.
    var accessRegistry: AccessRegistry { get }
}

/// Which accesses of one queue or pool each thread is running, so that a nested access throws
/// at once instead of deadlocking.
///
/// A thread marker, not a task-local: the bodies are synchronous and run on the thread that
/// registered, and a nested call comes from inside them. Kept in thread-local storage, so that
/// neither checking nor registering takes a lock: with a lock shared by the whole pool, four
/// threads reading in a loop took it so often that the writer kept waiting for it (issue 21,
/// W7: 2,461 writes/s against GRDB's 17,973).
final class AccessRegistry: @unchecked Sendable {
    // Safety: no stored state; each thread only touches its own `ThreadRoles`.

    /// What a thread is doing with the database.
    enum Role { case reading, writing }

    /// The accesses one thread runs, of any registry, innermost last.
    private final class ThreadRoles {
        var entries: [(registry: ObjectIdentifier, role: Role)] = []
    }

    /// The thread-local slot holding each thread's `ThreadRoles`, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<ThreadRoles>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadRoles>.fromOpaque(pointer).release()
        }
        #endif
        return key
    }()

    /// The calling thread's accesses.
    private static var threadRoles: ThreadRoles {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadRoles>.fromOpaque(pointer).takeUnretainedValue()
        }
        let roles = ThreadRoles()
        pthread_setspecific(key, Unmanaged.passRetained(roles).toOpaque())
        return roles
    }

    /// What the calling thread is running, if anything.
    var currentRole: Role? {
        let identifier = ObjectIdentifier(self)
        return Self.threadRoles.entries.last { $0.registry == identifier }?.role
    }

    /// Runs `body`, recording that the calling thread runs an access of `role` meanwhile.
    func run<T>(_ role: Role, _ body: () throws -> T) throws -> T {
        let roles = Self.threadRoles
        roles.entries.append((ObjectIdentifier(self), role))
        defer { roles.entries.removeLast() }
        return try body()
    }
}

/// The cancellation of one async access: before it starts, it does not run; while it runs, its
/// statement is interrupted (`sqlite3_interrupt`), and its transaction rolled back.
final class AccessCancellation: @unchecked Sendable {
    // Safety: both are only touched while `lock` is held.
    private let lock = NSLock()
    private var cancelled = false
    private var interruptHandle: InterruptHandle?

    /// Whether the task was cancelled.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Called by the task's cancellation handler, from any thread.
    func cancel() {
        lock.withLock {
            cancelled = true
            interruptHandle?.interrupt()
        }
    }

    /// Throws `CancellationError` once the task was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Runs `body` on `db`, interruptible by ``cancel()`` while it runs. An error caused by the
    /// interruption becomes `CancellationError`.
    func run<T>(_ db: Connection, _ body: () throws -> T) throws -> T {
        let handle = db.interruptHandle
        try lock.withLock {
            if cancelled { throw CancellationError() }
            interruptHandle = handle
        }
        // Unregistered before returning, so a late cancellation never interrupts the next access.
        defer { lock.withLock { interruptHandle = nil } }
        // Between statements nothing runs for `sqlite3_interrupt` to stop: every statement of
        // the access checks the cancellation before it steps (`ConnectionHandle.checkCancellation`).
        // The progress handler is not used: SQLite has one slot for it, which cannot be read
        // back, so borrowing it lost a handler installed through the C API (issue 30). The one
        // gap left is SQLite's own: a statement that starts just as the task is cancelled
        // (after its check, before SQLite clears the interrupt flag at its first step) runs
        // to its end, and the access stops at its next statement, or before committing.
        db.connectionHandle.accessCancellation = self
        defer { db.connectionHandle.accessCancellation = nil }
        do {
            return try body()
        } catch {
            if isCancelled, error is SQLiteError { throw CancellationError() }
            throw error
        }
    }
}

/// What every access does around its body, for the queue and the pool alike.
enum DatabaseAccess {
    /// Reads in a deferred transaction, so every query sees one snapshot; `PRAGMA query_only`
    /// makes a read-write connection (a queue's) refuse writes meanwhile.
    static func read<T>(_ db: Connection, queryOnly: Bool, _ body: (Connection) throws -> T) throws -> T {
        if queryOnly { try db.exec("PRAGMA query_only = 1") }
        defer { if queryOnly { try? db.exec("PRAGMA query_only = 0") } }
        return try finish(db, access: "read") {
            try db.readTransaction {
                // The read takes its snapshot (or read lock) now rather than at its first
                // statement: the whole access reads one state of the database, and its
                // statements are reused (RecycledStatements). A read access never writes, so an
                // early read lock cannot keep a write of its own from starting.
                if let handle = db.handle { _ = db.connectionHandle.recycledStatements.stamp(on: handle) }
                return try body(db)
            }
        }
    }

    /// A read nested in a write on the same connection: it sees the write's changes so far, and
    /// cannot write.
    static func nestedRead<T>(_ db: Connection, _ body: (Connection) throws -> T) throws -> T {
        let wasQueryOnly = try db.scalar(Int.self, "PRAGMA query_only") == 1
        if wasQueryOnly { return try body(db) }
        try db.exec("PRAGMA query_only = 1")
        defer { try? db.exec("PRAGMA query_only = 0") }
        if db.isAutocommit {
            return try db.readTransaction { try body(db) }
        }
        return try body(db)
    }

    /// Writes in an immediate transaction, retried as a whole; a cancelled task's write is rolled
    /// back rather than committed.
    static func write<T>(
        _ db: Connection, retry: RetryPolicy, cancellation: AccessCancellation?, _ body: (Connection) throws -> T
    ) throws -> T {
        try finish(db, access: "write") {
            try db.atomicTransaction(.immediate, retry: retry, access: "write") {
                try cancellation?.check()
                let result = try body(db)
                try cancellation?.check()
                return result
            }
        }
    }

    /// Runs `body` outside any transaction.
    static func withoutTransaction<T>(_ db: Connection, access: String, _ body: (Connection) throws -> T) throws -> T {
        try finish(db, access: access) { try body(db) }
    }

    /// Runs `work`, then rolls back a transaction it left open: the next access starts clean,
    /// and the caller learns of it (`work`'s own error, or a misuse error).
    static func finish<T>(_ db: Connection, access: String, _ work: () throws -> T) throws -> T {
        let result = Result { try work() }
        guard !db.isClosed, !db.isAutocommit else { return try result.get() }
        try? db.rollbackTransaction()
        if case .failure(let error) = result { throw error }
        throw SQLiteError.misuse(
            "the \(access) returned with a transaction still open (a BEGIN without COMMIT?); it was rolled back")
    }

    /// Runs `work` on `queue`, from an async context, never blocking the cooperative pool:
    /// cancelled before it starts, it does not run; cancelled while it runs, it is interrupted.
    static func async<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable (AccessCancellation) throws -> T
    ) async throws -> T {
        // No early `Task.checkCancellation()`: `work` must run (a pool's reader is returned in
        // it), and it throws `CancellationError` itself, before its body, once cancelled.
        let cancellation = AccessCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                queue.async {
                    continuation.resume(with: Result { try work(cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// `body`'s errors as ``SQLiteError``, for the initializers (which only ever throw those).
    static func sqliteErrors<T>(_ body: () throws -> T) throws(SQLiteError) -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error
        } catch {
            throw SQLiteError(code: SQLITE_ERROR, details: "\(error)")
        }
    }
}
