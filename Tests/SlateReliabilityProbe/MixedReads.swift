// `SlateReliabilityProbe mixedreads`: blocking `pool.read` calls made from tasks, queued behind
// `await pool.read` calls, with the blocking ones filling Swift's cooperative pool (issue 21,
// item 2). It runs in a process of its own so that no other test holds cooperative threads.
//
// Usage: SlateReliabilityProbe mixedreads PATH READERS
//
// Every reader is held from plain threads while 8 async reads queue up, then 2×cores+2 tasks
// each make a blocking read, then the readers are released. Prints `done=N` once all N reads
// returned the expected value; a hang is the failure (the test kills the process).
import Dispatch
import Foundation
import SlateCore

func mixedReads(_ arguments: [String]) throws {
    guard arguments.count == 2, let readers = Int(arguments[1]), readers > 0 else {
        fail("usage: SlateReliabilityProbe mixedreads PATH READERS")
    }
    var configuration = Configuration()
    configuration.maximumReaderCount = readers
    let pool = try DatabasePool(path: arguments[0], configuration: configuration)
    try pool.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (x); DELETE FROM t; INSERT INTO t VALUES (1)") }
    let blocking = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
    let awaited = 8
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
    let successes = Counter()
    let body: @Sendable (Connection) throws -> Int = { db in try db.scalar(Int.self, "SELECT x FROM t") ?? 0 }
    for _ in 0..<awaited {
        Task {
            if (try? await pool.read(body)) == 1 { successes.increment() }
            done.signal()
        }
    }
    Thread.sleep(forTimeInterval: 0.1)  // lets them queue up first
    for _ in 0..<blocking {
        Task {
            if (try? blockingRead(pool, body)) == 1 { successes.increment() }  // blocks a cooperative thread
            done.signal()
        }
    }
    Thread.sleep(forTimeInterval: 0.1)
    for _ in 0..<readers { release.signal() }
    for _ in 0..<(awaited + blocking) { done.wait() }
    print("done=\(successes.value) of \(awaited + blocking)")
}

/// The synchronous `read`, which an async context would not pick by itself.
private func blockingRead(_ pool: DatabasePool, _ body: (Connection) throws -> Int) throws -> Int {
    try pool.read(body)
}

/// A counter shared by tasks.
final class Counter: @unchecked Sendable {
    // Safety: only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
