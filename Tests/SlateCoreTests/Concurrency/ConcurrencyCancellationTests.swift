import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Async accesses run on the database's own threads and honour task cancellation.
@Suite("Concurrency: async accesses and cancellation")
struct ConcurrencyCancellationTests {
    static func pool(readers: Int = 2) throws -> (DatabasePool, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try directory.makePool("cancel.sqlite", readers: readers, schema: "CREATE TABLE t (x INTEGER)"), directory)
    }

    @Test("a write or read in an already-cancelled task does not run and throws CancellationError")
    func cancelledBeforeStart() async throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("cancel.sqlite", readers: 2, schema: "CREATE TABLE t (x INTEGER)") {
            let ran = EventLog()
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                var errors: [any Error] = []
                do {
                    try await writer.write { db in
                        ran.record("write"); try db.execute(sql: "INSERT INTO t VALUES (1)")
                    }
                } catch { errors.append(error) }
                do {
                    _ = try await writer.read { _ in ran.record("read") }
                } catch { errors.append(error) }
                do {
                    try await writer.writeWithoutTransaction { _ in ran.record("writeWithoutTransaction") }
                } catch { errors.append(error) }
                return errors.map { $0 is CancellationError }
            }
            #expect(await task.value == [true, true, true])
            #expect(ran.all.isEmpty)
            #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
        }
    }

    @Test("cancelling a running read interrupts its statement and throws CancellationError")
    func cancelledWhileReading() async throws {
        let (pool, directory) = try Self.pool()
        _ = directory
        let started = DispatchSemaphore(value: 0)
        let task = Task {
            try await pool.read { db in
                // Signalled from inside the statement: a cancellation that lands just as a
                // statement starts lets it run to its end (see AccessCancellation).
                db.progressHandler(every: 1000) {
                    started.signal()
                    return false
                }
                defer { db.progressHandler(nil) }
                return try db.scalar(Int.self, endlessQuery)
            }
        }
        await Self.wait(started)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The reader is healthy afterwards.
        #expect(try await pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
    }

    @Test("cancelling a running write interrupts it, rolls it back and throws CancellationError")
    func cancelledWhileWriting() async throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("cancel.sqlite", readers: 2, schema: "CREATE TABLE t (x INTEGER)") {
            let started = DispatchSemaphore(value: 0)
            let task = Task {
                try await writer.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (1)")
                    db.progressHandler(every: 1000) {
                        started.signal()  // from inside the statement, as in cancelledWhileReading
                        return false
                    }
                    defer { db.progressHandler(nil) }
                    try db.execute(sql: "INSERT INTO t \(endlessQuery)")
                }
            }
            await Self.wait(started)
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
            try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
            #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
            try await writer.write { db in try db.execute(sql: "DELETE FROM t") }
        }
    }

    @Test("a cancellation that lands between two statements stops the next one too")
    func cancelledBetweenStatements() async throws {
        let (pool, directory) = try Self.pool()
        _ = directory
        let queue = try DatabaseQueue()
        for reader in [pool as any DatabaseReader, queue] {
            let betweenStatements = DispatchSemaphore(value: 0)
            let cancelled = DispatchSemaphore(value: 0)
            let task = Task {
                try await reader.read { db in
                    _ = try db.scalar(Int.self, "SELECT 1")
                    betweenStatements.signal()
                    cancelled.wait()  // no statement runs when the task is cancelled
                    // Long enough to notice, finite so that a regression fails instead of hanging.
                    return try db.scalar(
                        Int.self,
                        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000000) SELECT count(*) FROM c")
                }
            }
            await Self.wait(betweenStatements)
            task.cancel()
            cancelled.signal()
            await #expect(throws: CancellationError.self) { _ = try await task.value }
            #expect(try await reader.read { db in try db.scalar(Int.self, "SELECT 1") } == 1)
        }
    }

    @Test("a task waiting for a free reader stops waiting when cancelled")
    func cancelledWhileWaitingForAReader() async throws {
        let (pool, directory) = try Self.pool(readers: 1)
        _ = directory
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            _ = try? pool.read { _ in
                holding.signal()
                release.wait()
            }
        }
        holder.start()
        await Self.wait(holding)
        let ran = EventLog()
        let waiting = Task { try await pool.read { _ in ran.record("ran") } }
        #expect(await waitUntilAsync { pool.waitingReadCount == 1 })  // cancelled while it waits
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        release.signal()
        #expect(try await pool.read { db in try db.scalar(Int.self, "SELECT 1") } == 1)
        #expect(ran.all.isEmpty)
    }

    @Test("many async reads wait for the readers without blocking the cooperative pool")
    func manyAsyncReads() async throws {
        let (pool, directory) = try Self.pool(readers: 2)
        _ = directory
        try await pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        // Far more reads than threads in the cooperative pool: if waiting for a reader blocked a
        // thread, this would starve; it finishes because the waits are suspensions.
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? 0 } }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 200)
    }

    /// Waits for a semaphore without blocking a cooperative thread for long.
    static func wait(_ semaphore: DispatchSemaphore) async {
        while semaphore.wait(timeout: .now()) != .success {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}
