import Foundation

/// W7: 4 reader threads and 1 writer thread on one `DatabasePool` for a fixed time; reads/s and
/// writes/s. It measures rates, not the time of a fixed amount of work, so it has its own runner
/// and its own table in the report (``ThroughputMeasurement``).
enum PoolThroughput {
    static let id = "W7"
    static let title = "4 readers + 1 writer on a DatabasePool, fixed duration"
    static let measures = "Four threads each call `pool.read` in a loop (every balance of a 100-row table in one "
        + "snapshot, checked to add up), while one thread calls `pool.write` in a loop (move one unit between two "
        + "rows and count the transaction), for a fixed time. Reads/s and writes/s; after every run the count of "
        + "committed transfers must equal the writes the writer saw succeed, and the balances must add up."
    static let readerThreads = 4

    /// How long one run lasts.
    static func duration(quick: Bool) -> Double { quick ? 0.2 : 2.0 }

    /// One library's reads and writes.
    struct Contender {
        let library: Library
        let api: String
        let read: @Sendable () throws -> Void
        let write: @Sendable (Int) throws -> Void
    }

    static func contenders(_ drivers: Drivers) -> [Contender] {
        let slate = drivers.slatePool
        let grdb = drivers.grdbPool
        return [
            Contender(library: .slate, api: "DatabasePool.read / .write from threads",
                      read: { try slate.readAccounts() }, write: { try slate.transfer($0) }),
            Contender(library: .grdb, api: "DatabasePool.read / .write from threads",
                      read: { try grdb.readAccounts() }, write: { try grdb.transfer($0) }),
        ]
    }

    /// Runs W7: one warm-up run per contender, then rounds of one run each.
    static func run(_ options: Options, drivers: Drivers, database: BenchmarkDatabase) throws -> [ThroughputMeasurement] {
        try PoolTables.setUp(database)
        let contenders = contenders(drivers).filter { options.libraries.isEmpty || options.libraries.contains($0.library) }
        let duration = duration(quick: options.quick)
        var measurements = contenders.map { ThroughputMeasurement(library: $0.library, api: $0.api, seconds: duration) }
        for contender in contenders { _ = try runOnce(contender, seconds: duration, database: database) }
        for _ in 0..<options.measuredRuns {
            for index in contenders.indices {
                measurements[index].runs.append(try runOnce(contenders[index], seconds: duration, database: database))
            }
        }
        return measurements
    }

    /// One run: starts the threads together, stops them after `seconds`, checks the database.
    static func runOnce(_ contender: Contender, seconds: Double, database: BenchmarkDatabase) throws -> ThroughputRun {
        let before = try PoolTables.committedTransfers(database)
        let state = RunState()
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        func spawn(_ loop: @escaping @Sendable () throws -> Int, into counter: @escaping @Sendable (Int) -> Void) {
            group.enter()
            let thread = Thread {
                start.wait()
                do { counter(try loop()) } catch { state.fail(error) }
                group.leave()
            }
            thread.start()
        }
        for _ in 0..<readerThreads {
            spawn({
                var reads = 0
                while !state.stopped {
                    try contender.read()
                    reads += 1
                }
                return reads
            }, into: state.addReads)
        }
        spawn({
            var writes = 0
            while !state.stopped {
                try contender.write(writes)
                writes += 1
            }
            return writes
        }, into: state.addWrites)
        let clock = ContinuousClock()
        let began = clock.now
        for _ in 0...readerThreads { start.signal() }
        Thread.sleep(forTimeInterval: seconds)
        state.stop()
        group.wait()
        let elapsed = clock.now - began
        if let error = state.error { throw BenchmarkError("W7 \(contender.library.rawValue): \(error)") }
        let committed = try PoolTables.committedTransfers(database) - before
        guard committed == Int64(state.writes) else {
            throw BenchmarkError("W7 \(contender.library.rawValue): \(state.writes) writes succeeded but \(committed) committed")
        }
        let (whole, fraction) = elapsed.components
        return ThroughputRun(reads: state.reads, writes: state.writes, seconds: Double(whole) + Double(fraction) * 1e-18)
    }
}

/// What the threads of one W7 run share.
private final class RunState: @unchecked Sendable {
    // Safety: every property is only touched while `lock` is held.
    private let lock = NSLock()
    private var isStopped = false
    private var readCount = 0
    private var writeCount = 0
    private var firstError: (any Error)?

    var stopped: Bool { lock.withLock { isStopped } }
    var reads: Int { lock.withLock { readCount } }
    var writes: Int { lock.withLock { writeCount } }
    var error: (any Error)? { lock.withLock { firstError } }

    func stop() { lock.withLock { isStopped = true } }
    func addReads(_ count: Int) { lock.withLock { readCount += count } }
    func addWrites(_ count: Int) { lock.withLock { writeCount += count } }
    func fail(_ error: any Error) {
        lock.withLock {
            if firstError == nil { firstError = error }
            isStopped = true
        }
    }
}

/// One W7 run.
struct ThroughputRun {
    let reads: Int
    let writes: Int
    let seconds: Double
    var readsPerSecond: Double { Double(reads) / seconds }
    var writesPerSecond: Double { Double(writes) / seconds }
}

/// One library's W7 runs.
struct ThroughputMeasurement {
    let library: Library
    let api: String
    let seconds: Double
    var runs: [ThroughputRun] = []

    var medianReadsPerSecond: Double { Self.median(runs.map(\.readsPerSecond)) }
    var medianWritesPerSecond: Double { Self.median(runs.map(\.writesPerSecond)) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
