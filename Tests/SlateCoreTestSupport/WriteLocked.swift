import SlateCore

/// Runs `body` while another connection holds the write lock of the database file at `path` for
/// 200 ms (see `TimedWriteLock`), with `db`'s busy timeout set far longer than the lock is held,
/// so that no timing decides the outcome. Returns what `body` returned, or throws what it threw,
/// once the lock is released.
@discardableResult
public func whileWriteLocked<T>(_ path: String, waiting db: Connection, _ body: () throws -> T) throws -> T {
    try db.setBusyTimeout(60)
    let lock = try TimedWriteLock(path, milliseconds: 200)
    let result = Result { try body() }
    try lock.finish()
    return try result.get()
}
