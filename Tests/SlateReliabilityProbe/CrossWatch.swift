// `SlateReliabilityProbe crosswatch`: what watching for other processes' commits costs and
// how fast it is (issue 21; the figures in the Observation article come from it).
//
// Usage: SlateReliabilityProbe crosswatch PATH queue|pool COMMITS IDLE_SECONDS
//
// 1. Latency: an observation iterated with values(in:) on a queue or pool at PATH; COMMITS times,
//    a plain connection of its own (as another process would) commits an INSERT, and the time
//    until the consumer sees the new count is recorded. Prints the median, 95th percentile and
//    maximum, in milliseconds.
// 2. Idle cost: the process's CPU time (user + system, getrusage) over IDLE_SECONDS while one
//    observation runs and nothing is written, with crossProcessPollInterval at its default and
//    at nil. Prints both, in milliseconds of CPU per second.
import Dispatch
import Foundation
import SlateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func crossWatch(_ arguments: [String]) throws {
    guard arguments.count == 4, let commits = Int(arguments[2]), let idle = Double(arguments[3]) else {
        fail("usage: SlateReliabilityProbe crosswatch PATH queue|pool COMMITS IDLE_SECONDS")
    }
    let path = arguments[0]
    func open(_ configuration: Configuration) throws -> any DatabaseWriter {
        arguments[1] == "pool"
            ? try DatabasePool(path: path, configuration: configuration)
            : try DatabaseQueue(path: path, configuration: configuration)
    }
    let writer = try open(Configuration())
    try writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (x); DELETE FROM t") }
    let latencies = try blockingAwait { try await measureLatency(writer, path: path, commits: commits) }
    let sorted = latencies.sorted()
    func milliseconds(_ value: Double) -> String { String(format: "%.1f", value * 1000) }
    let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    print("latency ms: median=\(milliseconds(sorted[sorted.count / 2])) p95=\(milliseconds(p95)) max=\(milliseconds(sorted.last ?? 0)) (\(commits) commits, \(arguments[1]))")
    try writer.close()

    var off = Configuration()
    off.crossProcessPollInterval = nil
    for (name, configuration) in [("default 0.05 s", Configuration()), ("nil", off)] {
        let idleWriter = try open(configuration)
        let started = DispatchSemaphore(value: 0)
        let cancellable = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? 0 }
            .start(in: idleWriter, onError: { _ in }, onChange: { _ in started.signal() })
        started.wait()
        let before = cpuSeconds()
        Thread.sleep(forTimeInterval: idle)
        let used = cpuSeconds() - before
        cancellable.cancel()
        print("idle CPU with crossProcessPollInterval \(name): \(String(format: "%.3f", used / idle * 1000)) ms per second")
        try idleWriter.close()
    }
}

/// The delay from each commit of a plain connection to the value reaching a values(in:) loop.
private func measureLatency(_ writer: any DatabaseWriter, path: String, commits: Int) async throws -> [Double] {
    let other = try Connection(path, options: [.readwrite])
    try other.setBusyTimeout(5)
    defer { other.close() }
    var iterator = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? 0 }
        .values(in: writer).makeAsyncIterator()
    guard try await iterator.next() == 0 else { fail("crosswatch: the table was not empty") }
    var latencies: [Double] = []
    for index in 1...commits {
        // A pause between commits, so that each is seen on its own.
        try await Task.sleep(for: .milliseconds(Int.random(in: 20...120)))
        let start = DispatchTime.now().uptimeNanoseconds
        try other.execute(sql: "INSERT INTO t VALUES (1)")
        while let value = try await iterator.next(), value < index {}
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return latencies
}

/// The process's CPU time so far, user and system, in seconds.
private func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Runs async work from the probe's synchronous main code.
private func blockingAwait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task {
        box.result = await Result { try await work() }
        done.signal()
    }
    done.wait()
    guard let result = box.result else { fail("crosswatch: no result") }
    return try result.get()
}

/// Where a task leaves its result for the waiting thread.
private final class ResultBox<T>: @unchecked Sendable {
    // Safety: written before the semaphore is signalled, read after it was waited for.
    var result: Result<T, any Error>?
}

extension Result where Failure == any Error {
    /// The result of async work.
    init(catching work: () async throws -> Success) async {
        do { self = .success(try await work()) } catch { self = .failure(error) }
    }
}
