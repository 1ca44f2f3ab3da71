import Dispatch
import Foundation

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
                if let handle = db.handle, db.connectionHandle.recycledStatements.prepareVersionReads(on: handle) {
                    _ = db.connectionHandle.recycledStatements.stamp(on: handle)
                }
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
