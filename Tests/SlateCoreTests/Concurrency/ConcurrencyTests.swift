import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("DatabaseQueue and DatabasePool")
struct ConcurrencyTests {
    @Test("a queue serializes writes from many threads; nothing is lost")
    func queueSerializesWrites() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)") }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                _ = try? queue.write { db in try db.run("UPDATE counter SET n = n + 1") }
            }
        }
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT n FROM counter") } == 400)
    }

    @Test("reads are read-only, and a failing write rolls back")
    func queueReadOnlyAndRollback() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1)") }
        let readOnly = sqliteError { _ = try queue.read { db in try db.run("INSERT INTO t VALUES (2)") } }
        #expect(readOnly?.category == .readOnly)
        let unique = sqliteError {
            _ = try queue.write { db in
                try db.run("INSERT INTO t VALUES (3)")
                try db.run("INSERT INTO t VALUES (1)")
            }
        }
        #expect(unique?.code == SQLITE_CONSTRAINT_UNIQUE)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        // The queue is usable again after both failures.
        try queue.write { db in try db.run("INSERT INTO t VALUES (4)") }
    }

    @Test("async reads and writes from concurrent tasks")
    func queueAsync() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for value in 0..<20 {
                group.addTask { try await queue.write { db in _ = try db.run("INSERT INTO t VALUES (?)", value) } }
            }
            try await group.waitForAll()
        }
        let sum = try await queue.read { db in try db.scalar(Int.self, "SELECT sum(x) FROM t") }
        #expect(sum == 190)
    }

    @Test("a pool runs reads concurrently with a writer and each read sees one snapshot")
    func poolSnapshots() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("pool.sqlite", readers: 3)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            try db.run("INSERT INTO t VALUES (1)")
        }
        // A read that holds its snapshot while a write commits does not see the write.
        let (before, after) = try pool.read { reader -> (Int?, Int?) in
            let before = try reader.scalar(Int.self, "SELECT count(*) FROM t")
            // From another thread: a write nested in this read would be refused as reentrant.
            let written = withWatchdog(seconds: 20) { try pool.write { db in _ = try db.run("INSERT INTO t VALUES (2)") } }
            #expect(written != nil)
            try written?.get()
            let after = try reader.scalar(Int.self, "SELECT count(*) FROM t")
            return (before, after)
        }
        #expect(before == 1 && after == 1)
        #expect(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
        #expect(sqliteError { _ = try pool.read { db in try db.run("DELETE FROM t") } }?.category == .readOnly)

        DispatchQueue.concurrentPerform(iterations: 6) { index in
            if index % 2 == 0 {
                _ = try? pool.write { db in try db.run("INSERT INTO t VALUES (?)", index) }
            } else {
                _ = try? pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") }
            }
        }
        #expect(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM t") } == 5)
        var noReaders = Configuration()
        noReaders.maximumReaderCount = 0
        #expect(sqliteError { _ = try DatabasePool(path: directory.path("x.sqlite"), configuration: noReaders) }?.code == SQLITE_MISUSE)
    }

    @Test("a pool cannot run in memory: WAL does not apply, and that is reported")
    func poolNeedsAFile() {
        #expect(sqliteError { _ = try DatabasePool(path: ":memory:") }?.explanation.contains("journal_mode") == true)
    }
}
