import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 30, item 3: applying a changeset waits for another connection's write lock as long as
/// the busy timeout allows. The session extension reads before it writes, and SQLite does not
/// call the busy handler when a read transaction asks to become a write transaction: begun
/// deferred, the apply failed at once with SQLITE_BUSY.
@Suite("Changesets: apply and the busy timeout", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetBusyTimeoutTests {
    /// A changeset of one insert into `items`, made on a database of the same schema.
    private func changeset() throws -> Changeset {
        let scratch = try Connection()
        try scratch.execute(sql: changesetSchema)
        let session = try Session(scratch)
        try scratch.execute(sql: "INSERT INTO items (id, name) VALUES (1, 'pen')")
        return try session.changeset()
    }

    /// A database of the changeset schema in `directory`, after `apply` has applied `changeset()`
    /// to it while another connection held its write lock (`whileWriteLocked`); `apply` must have
    /// succeeded.
    private func applyWhileLocked(
        _ directory: TemporaryDirectory, _ apply: (Connection, Changeset) throws -> Void
    ) throws -> Connection {
        let db = try directory.database("apply.sqlite", changesetSchema)
        let changes = try changeset()
        try whileWriteLocked(directory.path("apply.sqlite"), waiting: db) { try apply(db, changes) }
        return db
    }

    @Test("apply waits for a write lock held by another connection, within the busy timeout")
    func applyWaitsForTheWriteLock() throws {
        let directory = try TemporaryDirectory()
        let db = try applyWhileLocked(directory) { db, changes in try db.apply(changes) }
        #expect(try db.scalar(String.self, "SELECT name FROM items WHERE id = 1") == "pen")
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM timed_write_lock") == 1)
        #expect(db.isAutocommit)
    }

    @Test("apply with a conflict handler waits too, and inside a transaction joins it")
    func applyWithHandler() throws {
        let directory = try TemporaryDirectory()
        let changes = try changeset()
        let db = try applyWhileLocked(directory) { db, changes in try db.apply(changes) { _ in .abort } }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM items") == 1)
        // Inside the caller's transaction, the changes join it and go when it rolls back.
        try db.execute(sql: "DELETE FROM items")
        try db.beginTransaction()
        try db.apply(changes)
        #expect(!db.isAutocommit)
        try db.rollbackTransaction()
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM items") == 0)
    }
}
