import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The pool's barrier and checkpoint.
@Suite("Concurrency: pool barrier and checkpoint")
struct ConcurrencyBarrierCheckpointTests {
    @Test("barrierWriteWithoutTransaction waits for running reads and holds new ones back")
    func barrier() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("barrier.sqlite"))
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        let log = EventLog()
        let reading = DispatchSemaphore(value: 0)
        let finishRead = DispatchSemaphore(value: 0)
        let barrierStarted = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            _ = try? pool.read { _ in
                log.record("read 1 started")
                reading.signal()
                finishRead.wait()
                log.record("read 1 ended")
            }
        }
        reading.wait()
        DispatchQueue.global().async(group: group) {
            barrierStarted.signal()
            _ = try? pool.barrierWriteWithoutTransaction { db in
                log.record("barrier started")
                // A read started now must wait for the barrier.
                DispatchQueue.global().async(group: group) {
                    _ = try? pool.read { _ in log.record("read 2") }
                }
                // The barrier goes on only once read 2 waits: it must not run until the barrier ends.
                _ = waitUntil { pool.waitingReadCount == 1 }
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                log.record("barrier ended")
            }
        }
        barrierStarted.wait()
        // The barrier now holds new reads back, waiting for read 1: it must not start before read 1 ends.
        #expect(waitUntil { pool.isBarrierActive })
        finishRead.signal()
        #expect(group.wait(timeout: .now() + 20) == .success)
        #expect(log.all == ["read 1 started", "read 1 ended", "barrier started", "barrier ended", "read 2"])
    }

    @Test("checkpoint(.truncate) empties the WAL; passive reports the frames; a pinned snapshot makes .truncate fail clearly")
    func checkpoint() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkpoint.sqlite")
        var configuration = Configuration()
        configuration.busyTimeout = 0.1
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (x BLOB)")
            for _ in 0..<50 { try db.run("INSERT INTO t VALUES (randomblob(4000))") }
        }
        let passive = try pool.checkpoint(.passive)
        #expect(passive.walFrameCount > 0)
        #expect(passive.checkpointedFrameCount == passive.walFrameCount)
        #expect(try Self.walSize(path) > 0)
        try pool.checkpoint(.truncate)
        #expect(try Self.walSize(path) == 0)

        // A read holding an old snapshot while the WAL grows: .truncate cannot finish.
        let error = try pool.read { reader -> SQLiteError? in
            _ = try reader.scalar(Int.self, "SELECT count(*) FROM t")
            let written = withWatchdog(seconds: 20) {
                try pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (zeroblob(10))") }
                return sqliteError { try pool.checkpoint(.truncate) }
            }
            return try written?.get()
        }
        #expect(error?.code == SQLITE_BUSY)
        #expect(error?.explanation.contains("truncate checkpoint could not finish") == true)
        try pool.checkpoint(.truncate)
        #expect(try Self.walSize(path) == 0)
        try pool.close()
        #expect(sqliteError { try pool.checkpoint() }?.category == .misuse)
    }

    @Test("the async checkpoint runs on the writer")
    func asyncCheckpoint() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkpoint.sqlite")
        let pool = try DatabasePool(path: path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (x BLOB); INSERT INTO t VALUES (randomblob(10000))") }
        #expect(try Self.walSize(path) > 0)
        let result = try await pool.checkpoint(.truncate)
        #expect(result.walFrameCount == 0)
        #expect(try Self.walSize(path) == 0)
    }

    static func walSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        return (attributes[.size] as? NSNumber)?.intValue ?? -1
    }
}
