import Foundation

/// Why a commit hook vetoed the latest commit, per `sqlite3` handle, until the failing call
/// builds its error.
///
/// SQLite reports a vetoed commit as a bare `SQLITE_CONSTRAINT_COMMITHOOK` ("constraint failed")
/// and forgets why. The hook records the vetoing error's description here, and the code that
/// turns the result code into an ``SQLiteError`` takes it back, so the caller of COMMIT (or of the
/// autocommit statement) learns the real reason. Keyed by handle because errors are built from
/// the handle alone; locked because separate connections commit on separate threads.
enum CommitVetoMessages {
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var messages: [UInt: String] = [:]
    }

    private static let storage = Storage()

    private static func key(_ db: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(db))) }

    /// Records why the commit running on `db` is being vetoed.
    static func record(_ message: String, for db: OpaquePointer) {
        storage.lock.withLock { storage.messages[key(db)] = message }
    }

    /// Forgets any recorded veto for `db` (a new commit starts, or the connection closes).
    static func clear(for db: OpaquePointer) {
        storage.lock.withLock { _ = storage.messages.removeValue(forKey: key(db)) }
    }

    /// Removes and returns the recorded veto for `db`, if any.
    static func take(for db: OpaquePointer) -> String? {
        storage.lock.withLock { storage.messages.removeValue(forKey: key(db)) }
    }
}
