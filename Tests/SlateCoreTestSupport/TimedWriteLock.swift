import Foundation
import SlateCore

/// Another connection that holds a database's write lock for a while, on its own thread: the
/// contention a busy timeout is for.
///
/// ```swift
/// let lock = try TimedWriteLock(path, milliseconds: 300)   // returns once the lock is held
/// try db.apply(changes)                                    // must wait for it, not fail
/// try lock.finish()
/// ```
///
/// The initializer returns only once the lock is held (a semaphore, not a sleep, orders the
/// test); the thread then commits after `milliseconds`, whatever the test does meanwhile. The
/// waiting side's busy timeout must be far longer, so that no timing decides the outcome.
public final class TimedWriteLock: @unchecked Sendable {
    // Safety: `held` is written by the holder thread before it signals `locked`, and read after
    // that wait; `failure` is written before it signals `done`, and read after that wait.
    private let done = DispatchSemaphore(value: 0)
    private var held = false
    private var failure: (any Error)?

    /// Takes the write lock of the database at `path` (`BEGIN IMMEDIATE` and an insert into a
    /// table of its own), and commits `milliseconds` later.
    ///
    /// - Throws: What opening the database or taking the lock threw.
    public init(_ path: String, milliseconds: Int) throws {
        let locked = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            defer { done.signal() }
            do {
                let holder = try Connection(path)
                defer { if !held { locked.signal() } }
                // Its COMMIT waits for the other side's readers: with a rollback journal, the
                // waiting connection may hold a SHARED lock (reading the schema) just then.
                try holder.setBusyTimeout(60)
                try holder.execute(
                    sql: "BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS timed_write_lock (x); INSERT INTO timed_write_lock VALUES (1)")
                held = true
                locked.signal()
                usleep(useconds_t(milliseconds * 1000))
                try holder.execute(sql: "COMMIT")
                holder.close()
            } catch {
                failure = error
            }
        }
        thread.start()
        locked.wait()
        if !held {
            done.wait()
            throw failure ?? SQLiteError(code: 1, message: "the write lock was not taken")
        }
    }

    /// Waits for the holder to commit and close.
    ///
    /// - Throws: What the holder's COMMIT threw.
    public func finish() throws {
        done.wait()
        if let failure { throw failure }
    }
}
