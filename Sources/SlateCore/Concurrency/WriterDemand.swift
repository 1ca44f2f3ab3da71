import Foundation
#if os(Linux)
import Synchronization
#endif

/// Whether writer accesses are running or waiting, and how many reads started meanwhile, read
/// by every blocking read without a lock.
///
/// Once a write has seen ``readsPerWrite`` reads start, the next ones first yield their
/// thread's time slice. With more threads reading in a loop than the machine has cores, fair
/// scheduling gave the writer one share in five, and a writer descheduled in the middle of its
/// transaction waited a full time slice per write: it committed 7× fewer transactions than
/// GRDB's (issue 21, W7). Yielding never blocks a read, and costs nothing while no write runs.
final class WriterDemand: @unchecked Sendable {
    /// How many reads may start during one write before the next ones yield: enough that a
    /// write of ordinary length slows no read down, few enough that a writer descheduled in the
    /// middle of its transaction gets the processor back within a time slice. Measured with W7
    /// (2 cores, reads reusing their compiled statements): 16 gives 113k reads/s and 20.5k
    /// writes/s, 32 gives 120–130k and 17.2–17.5k, 64 gives 160k and 16.4–17.8k, 256 gives 228k
    /// and 10.8k; GRDB, 30–37k and 16–18k.
    static let readsPerWrite = 16

    #if os(Linux)
    // Safety: atomics.
    private let count = Atomic<Int>(0)
    private let reads = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .relaxed) }
    func decrement() {
        count.subtract(1, ordering: .relaxed)
        reads.store(0, ordering: .relaxed)
    }
    /// Counts a read, and tells whether it should yield.
    func readShouldYield() -> Bool {
        guard count.load(ordering: .relaxed) > 0 else { return false }
        return reads.add(1, ordering: .relaxed).newValue > Self.readsPerWrite
    }
    #else
    // Safety: only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0
    private var reads = 0

    func increment() { lock.withLock { count += 1 } }
    func decrement() {
        lock.withLock {
            count -= 1
            reads = 0
        }
    }
    func readShouldYield() -> Bool {
        lock.withLock {
            guard count > 0 else { return false }
            reads += 1
            return reads > Self.readsPerWrite
        }
    }
    #endif

    /// Gives the rest of the thread's time slice to other threads while the writer works.
    func yieldIfWriting() {
        if readShouldYield() { sched_yield() }
    }
}
