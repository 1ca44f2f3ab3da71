import Dispatch
import Foundation

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
