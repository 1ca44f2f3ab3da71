#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import Synchronization
#endif

/// The `sqlite3` handle of one connection, and the objects that must live exactly as long as
/// it stays open.
///
/// A ``Connection`` and every ``Statement`` it compiled share this object: a statement keeps
/// the handle open (and its functions, collations and hooks working) for as long as it lives,
/// but it does not keep the `Connection` object alive. That matters because the connection
/// caches statements: if a statement held its connection, every connection that ever cached
/// one would hold itself and never be freed, with its file, locks and WAL left open.
///
/// The handle closes when the last of its owners lets go of it, or at once, for everyone, when
/// ``Connection/close()`` is called.
@usableFromInline
package final class ConnectionHandle {
    /// The `sqlite3` handle, or `nil` once closed.
    ///
    /// Every `step()`, `reset()` and bind reads it to refuse work after ``Connection/close()``.
    /// Its exclusivity is not checked at run time: a connection and its statements are used by
    /// one thread at a time, so accesses cannot overlap.
    /// Unchecked: 76 instructions per checked read; W1 Cursor.next +76, W5 bind +912 per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    @usableFromInline @exclusivity(unchecked)
    package private(set) var db: OpaquePointer?

    /// Which thread may use the handle: ``unrestricted`` for a connection of your own (any
    /// thread, one at a time), otherwise the thread running the ``DatabaseQueue`` or
    /// ``DatabasePool`` access that lent it, or ``notLent`` between accesses.
    ///
    /// Only the lending thread writes it, at the start and end of its access; a thread holding
    /// an escaped statement may read it meanwhile. The value it reads can only equal its own
    /// token if it wrote it itself, so relaxed ordering suffices: on Linux it is a relaxed atomic
    /// (a plain load in machine code, and no data race for ThreadSanitizer); elsewhere
    /// `Synchronization.Atomic` needs macOS 15, so it is a word-sized plain value.
    #if os(Linux)
    @usableFromInline let accessOwnerStorage = Atomic<UInt>(0)

    @inlinable
    package var accessOwner: UInt {
        get { accessOwnerStorage.load(ordering: .relaxed) }
        set { accessOwnerStorage.store(newValue, ordering: .relaxed) }
    }
    #else
    @usableFromInline
    package var accessOwner: UInt = ConnectionHandle.unrestricted
    #endif

    /// ``accessOwner`` for a connection that any thread may use.
    @usableFromInline package static let unrestricted: UInt = 0
    /// ``accessOwner`` for a queue's or pool's connection between two accesses.
    package static let notLent: UInt = 1
    /// ``accessOwner`` while SQLite's commit hook or the busy handler runs: nothing of the
    /// connection may be used (see ``refusingUse(_:readsAllowed:)``).
    @usableFromInline package static let insideCommitHook: UInt = 2
    /// ``accessOwner`` while SQLite's update or rollback hook runs: only read-only queries may
    /// run (see ``refusingUse(_:readsAllowed:)``).
    @usableFromInline package static let insideChangeHook: UInt = 3

    /// Throws when the handle belongs to a queue or pool and the calling thread is not running
    /// the access that lent it, or while one of SQLite's hooks runs. One load and a comparison
    /// for a connection of your own: it is on every step.
    @inlinable @inline(__always)
    package func checkAccess() throws(SQLiteError) {
        let owner = accessOwner
        if _slowPath(owner != ConnectionHandle.unrestricted) { try checkLentAccess(owner) }
    }

    /// ``checkAccess()`` for stepping, binding or resetting a statement, which inside an update
    /// or rollback hook is allowed for a read-only query. The same cost.
    ///
    /// - Parameter statement: The `sqlite3_stmt` handle.
    @inlinable @inline(__always)
    package func checkAccess(statement: OpaquePointer) throws(SQLiteError) {
        let owner = accessOwner
        if _slowPath(owner != ConnectionHandle.unrestricted) { try checkLentAccess(owner, statement: statement) }
    }

    /// Whether one of SQLite's hooks is running on the handle (see ``refusingUse(_:readsAllowed:)``).
    @inlinable
    package var isInsideHook: Bool {
        let owner = accessOwner
        return owner == ConnectionHandle.insideCommitHook || owner == ConnectionHandle.insideChangeHook
    }

    /// The check for a lent handle, out of line: it reads the thread's identity.
    @usableFromInline
    func checkLentAccess(_ owner: UInt) throws(SQLiteError) {
        guard owner == Self.currentThread else {
            switch owner {
            case Self.insideCommitHook: throw SQLiteError.usedInsideCommitHook
            case Self.insideChangeHook: throw SQLiteError.usedInsideChangeHook
            default: throw SQLiteError.usedOutsideAccess
            }
        }
    }

    /// The check for using a statement on a lent handle or inside a hook; it also refuses to
    /// step a statement once the async access running it was cancelled.
    @usableFromInline
    func checkLentAccess(_ owner: UInt, statement: OpaquePointer) throws(SQLiteError) {
        if owner == Self.insideChangeHook, sqlite3_stmt_readonly(statement) != 0, sqlite3_column_count(statement) > 0 {
            return
        }
        try checkLentAccess(owner)
        try checkCancellation()
    }

    /// The cancellation of the async access running on this handle, set by that access's thread
    /// for its duration (see `AccessCancellation`), so that a task cancelled between two
    /// statements runs no further statement: `sqlite3_interrupt` only stops statements that are
    /// running when it is called.
    var accessCancellation: AccessCancellation?

    /// Throws `SQLITE_INTERRUPT` once the async access using the handle was cancelled (the
    /// access turns it into `CancellationError`).
    func checkCancellation() throws(SQLiteError) {
        guard let accessCancellation, accessCancellation.isCancelled else { return }
        throw SQLiteError(
            code: SQLITE_INTERRUPT,
            details: "the task running this database access was cancelled: no further statement runs in it")
    }

    /// Runs one of SQLite's hooks with the handle refusing what SQLite forbids the hook to do
    /// with its own connection, which SQLite documents as undefined and which goes wrong:
    /// - the commit hook and the busy handler (`readsAllowed: false`) may use nothing: during a
    ///   COMMIT, a statement run from the commit hook, even a SELECT, commits the very
    ///   transaction being committed and calls the hook again, without end, until the stack
    ///   overflows; a read run from the busy handler takes over the lock state of the statement
    ///   waiting for its lock, which then stops retrying;
    /// - the update and rollback hooks (`readsAllowed: true`) may prepare and run read-only
    ///   queries (a delegate reading a pragma), nothing else: a transaction run from an update
    ///   hook rolls back, on its failed COMMIT, the row whose change fired the hook, and the
    ///   statement that wrote it still reports success; a write there fires the hook again.
    ///
    /// Refused calls throw ``SQLiteError/usedInsideCommitHook`` or
    /// ``SQLiteError/usedInsideChangeHook`` (issue 19, `HookReentryTests`). The previous owner is
    /// restored afterwards, so hooks nest and a lent handle stays lent.
    ///
    /// - Parameters:
    ///   - body: The hook's listeners.
    ///   - readsAllowed: Whether read-only queries may run.
    func refusingUse<T>(_ body: () throws -> T, readsAllowed: Bool) rethrows -> T {
        let owner = accessOwner
        accessOwner = readsAllowed ? Self.insideChangeHook : Self.insideCommitHook
        defer { accessOwner = owner }
        return try body()
    }

    /// Whether the calling thread may use the handle (see ``accessOwner``).
    package var mayUse: Bool {
        let owner = accessOwner
        return owner == Self.unrestricted || owner == Self.currentThread
    }

    /// A number that identifies the calling thread while it runs (never 0 or 1).
    package static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// The connection object, while it lives: weak, because the connection owns this object
    /// (through its statements too).
    package weak var connection: Connection?

    /// Objects tied to the open handle rather than to the `Connection` object: the context of
    /// SQLite's hooks, interrupt handles, what the handle is known to support. Each one that is a
    /// ``ConnectionCloseObserver`` is told before the handle closes.
    package var contexts: [ObjectIdentifier: AnyObject] = [:]

    /// The schema stamps of the released statements that ``statementCache`` keeps for `prepare(sql:)`.
    var recycledStatements = RecycledStatements()

    /// The connection's one statement cache: cached statements, record and insert statements of
    /// the layers above, and compiled forms of released statements. Here rather than on the
    /// `Connection`, because a released `Statement` gives its compiled form back through the
    /// handle; the `Connection` empties it when it is freed or closed, so that the statements it
    /// keeps (which hold this handle) never outlive it.
    let statementCache = StatementCache(capacity: Connection.defaultStatementCacheCapacity)

    init(db: OpaquePointer) {
        self.db = db
    }

    deinit {
        close()
    }

    /// Takes back the compiled statement of a released `Statement` for ``statementCache``,
    /// reset and with its bindings cleared; `false` when it cannot be kept (the handle is closed,
    /// the releasing thread is not running an access that lent it, a hook is running, or the
    /// cache has no room), and the caller finalizes it.
    func recycle(_ statement: OpaquePointer, for key: SQLText, stamp: RecycledStatements.SchemaStamp) -> Bool {
        guard db != nil, accessOwner == Self.currentThread else { return false }
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        return statementCache.keepReleased(statement, for: key, stamp: stamp)
    }

    /// Resets every statement of the handle that is still running, as a queue's or pool's
    /// access ends. Its cursor, if someone kept one, starts over at its next step.
    func resetRunningStatements() {
        guard let db else { return }
        var next = sqlite3_next_stmt(db, nil)
        while let statement = next {
            if sqlite3_stmt_busy(statement) != 0 { sqlite3_reset(statement) }
            next = sqlite3_next_stmt(db, statement)
        }
    }

    /// Closes the handle: tells the close observers (while the handle is still open, so that
    /// they can unregister their callbacks), then closes it. Calling it again does nothing.
    ///
    /// `sqlite3_close_v2` leaves the handle open until statements still alive are finalized;
    /// they refuse to step once ``db`` is `nil`.
    func close() {
        guard let db else { return }
        for case let observer as any ConnectionCloseObserver in contexts.values {
            observer.connectionWillClose(db)
        }
        self.db = nil
        statementCache.removeAll()
        recycledStatements.finalizeAll()
        sqlite3_close_v2(db)
        contexts.removeAll()
    }
}
