import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 21, item 2: blocking `pool.read` calls made from tasks, mixed with `await pool.read`,
/// cannot starve each other, even when the blocking ones hold every thread of Swift's
/// cooperative pool: a reader handed to an async read is used on the reader's own dispatch
/// queue, and returned there, without waiting for a cooperative thread.
///
/// Serialized: each case blocks one cooperative thread while its watchdog waits, and cases run
/// side by side could block all of them before any read starts.
@Suite("Concurrency: blocking and async reads mixed", .serialized)
struct ConcurrencyMixedAccessTests {
    @Test("async reads queued before blocking reads that fill the cooperative pool all finish", arguments: [1, 2, 4])
    func blockingReadsBehindAsyncReads(readers: Int) throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("mixed.sqlite", readers: readers, schema: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        // More blocking reads than the cooperative pool has threads.
        let blocking = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let awaited = 8
        let outcome = withWatchdog(seconds: 30) { () -> Int in
            // Every reader is held, so that the reads below queue up: the async ones first.
            let holding = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            for _ in 0..<readers {
                Thread {
                    _ = try? pool.read { _ in
                        holding.signal()
                        release.wait()
                    }
                }.start()
            }
            for _ in 0..<readers { holding.wait() }
            let done = DispatchSemaphore(value: 0)
            let results = EventLog()
            let body: @Sendable (Connection) throws -> Int = { db in try db.scalar(Int.self, "SELECT x FROM t") ?? 0 }
            for _ in 0..<awaited {
                Task {
                    results.record((try? await pool.read(body)) == 1 ? "ok" : "failed")
                    done.signal()
                }
            }
            Thread.sleep(forTimeInterval: 0.1)  // lets them queue up (the fixed code passes either way)
            for _ in 0..<blocking {
                Task {
                    // Blocks a cooperative thread: a misuse, but it must not hang.
                    results.record((try? Self.blockingRead(pool, body)) == 1 ? "ok" : "failed")
                    done.signal()
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
            for _ in 0..<readers { release.signal() }
            for _ in 0..<(awaited + blocking) { done.wait() }
            return results.all.filter { $0 == "ok" }.count
        }
        #expect(try outcome?.get() == awaited + blocking, "the reads hung with \(readers) readers")
    }

    /// The synchronous `read`, which an async context would not pick by itself.
    static func blockingRead(_ pool: DatabasePool, _ body: (Connection) throws -> Int) throws -> Int {
        try pool.read(body)
    }
}
