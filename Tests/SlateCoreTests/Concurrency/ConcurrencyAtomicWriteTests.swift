import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 21, items 4 and 5: a write is atomic whatever its closure runs, and a passive
/// checkpoint never fails because another connection checkpoints.
@Suite("Concurrency: atomic writes and passive checkpoints")
struct ConcurrencyAtomicWriteTests {
    static let schema = "CREATE TABLE t (x INTEGER)"

    @Test(
        "a COMMIT or ROLLBACK run inside write keeps neither row, and the write throws",
        arguments: WriterKind.allCases, ["COMMIT", "ROLLBACK", "END"])
    func endingTheTransactionInsideWrite(kind: WriterKind, statement: String) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("atomic.sqlite"))
        try writer.write { db in try db.execute(sql: Self.schema) }
        // The closure ignores the failure of its own COMMIT and goes on.
        #expect(throws: SQLiteError.self) {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try? db.execute(sql: statement)
                try? db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0, "\(kind) \(statement)")
        // The same, with the error of the COMMIT propagated.
        #expect(throws: SQLiteError.self) {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.execute(sql: statement)
                try db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0, "\(kind) \(statement)")
        // The writer is healthy afterwards, and commits its own transactions.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        try writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN; INSERT INTO t VALUES (4); COMMIT") }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
    }

    @Test("an async write whose closure commits keeps nothing", arguments: WriterKind.allCases)
    func endingTheTransactionInsideAsyncWrite(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("atomic.sqlite"))
        try await writer.write { db in try db.execute(sql: Self.schema) }
        await #expect(throws: SQLiteError.self) {
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try? db.execute(sql: "COMMIT")
                try? db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
    }

    @Test("a migration whose body commits is rolled back whole, and the next run applies it", arguments: WriterKind.allCases)
    func migrationThatCommits(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.open(directory.path("migrate.sqlite"))
        var faulty = DatabaseMigrator()
        try faulty.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE a (x)")
            try? db.execute(sql: "COMMIT")
        }
        #expect(throws: (any Error).self) { try faulty.migrate(writer) }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'a'") } == 0)
        #expect(try faulty.appliedMigrations(in: writer).isEmpty)
        var fixed = DatabaseMigrator()
        try fixed.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE a (x)") }
        try fixed.migrate(writer)
        #expect(try fixed.appliedMigrations(in: writer) == ["v1"])
    }

    @Test("a passive checkpoint reports what it did while another connection holds the checkpoint lock")
    func passiveCheckpointWhileAnotherCheckpoints() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("checkpoint.sqlite", schema: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let path = directory.path("checkpoint.sqlite")
        // Holds the write lock, so that a FULL checkpoint elsewhere waits with the checkpoint lock held.
        let blocker = try Connection(path, options: [.readwrite])
        try blocker.beginTransaction(.immediate)
        let checkpointing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let blocked = UncheckedFlag()
        let thread = Thread {
            var signalled = false
            defer {
                if !signalled { checkpointing.signal() }  // never leave the test waiting
                finished.signal()
            }
            guard let other = try? Connection(path, options: [.readwrite]) else { return }
            other.busyHandler { _ in
                if !signalled {
                    signalled = true
                    blocked.value = true
                    checkpointing.signal()
                    release.wait()
                }
                return false
            }
            _ = try? other.checkpoint(.full)
            other.close()
        }
        thread.start()
        checkpointing.wait()
        let result = Result { try pool.checkpoint(.passive) }
        release.signal()
        finished.wait()
        try blocker.rollbackTransaction()
        blocker.close()
        // Where the FULL checkpoint did not wait with the checkpoint lock held (an old SQLite),
        // there was nothing to block the passive one: it must just have worked.
        guard blocked.value else {
            _ = try result.get()
            return
        }
        let report = try result.get()
        #expect(report.checkpointedFrameCount == 0)
        #expect(report.walFrameCount >= report.checkpointedFrameCount)
        // Once the other checkpoint is over, a passive one copies the log.
        let after = try pool.checkpoint(.passive)
        #expect(after.checkpointedFrameCount == after.walFrameCount)
    }
}
