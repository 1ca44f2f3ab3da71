import Foundation
import Testing
@testable import SlateCore

/// How long a test waits for an expected notification before failing: a watchdog against hangs,
/// far above what the work needs, never a timing threshold on the result.
let observationWatchdog: TimeInterval = 60

/// The two writers every observation test runs against.
enum WriterKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case queue, pool

    var description: String { rawValue }

    /// A new writer on a file in `directory`.
    func make(in directory: TemporaryDirectory) throws -> any DatabaseWriter {
        switch self {
        case .queue: return try DatabaseQueue(path: directory.path("queue.sqlite"))
        case .pool:
            var configuration = Configuration()
            configuration.maximumReaderCount = 4
            return try DatabasePool(path: directory.path("pool.sqlite"), configuration: configuration)
        }
    }
}

/// Collects what an observation delivers, and lets a test wait (bounded) for a condition.
final class ObservationLog<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var _values: [Value] = []
    private var _errors: [any Error] = []

    var values: [Value] { condition.withLock { _values } }
    var errors: [any Error] { condition.withLock { _errors } }

    func append(_ value: Value) {
        condition.withLock {
            _values.append(value)
            condition.broadcast()
        }
    }

    func fail(_ error: any Error) {
        condition.withLock {
            _errors.append(error)
            condition.broadcast()
        }
    }

    /// Waits until `predicate` holds for the values and errors so far; `false` on watchdog expiry.
    @discardableResult
    func wait(until predicate: ([Value], [any Error]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: observationWatchdog)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(_values, _errors) {
            if !condition.wait(until: deadline) { return predicate(_values, _errors) }
        }
        return true
    }

    /// Waits until at least `count` values arrived.
    @discardableResult
    func wait(forCount count: Int) -> Bool { wait { values, _ in values.count >= count } }

    /// Waits until at least `count` values arrived, without blocking a thread of Swift's
    /// cooperative pool (the observation may need one to deliver).
    func waitAsync(forCount count: Int) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: observationWatchdog)
        while values.count < count {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Starts `observation` in `writer`, logging into `self`.
    func start(_ observation: ValueObservation<Value>, in writer: any DatabaseWriter) -> ObservationCancellable {
        observation.start(in: writer, onError: { self.fail($0) }, onChange: { self.append($0) })
    }
}

/// Whether the writer connection still has an observation's hooks installed.
func hasObservationHooks(_ writer: any DatabaseWriter) throws -> Bool {
    try writer.writeWithoutTransaction { db in DatabaseChangeTracker.tracker(on: db)?.hasInstalledHooks ?? false }
}

/// Waits (bounded) until the writer has no observation hooks left.
func waitForHooksRemoved(_ writer: any DatabaseWriter) throws -> Bool {
    let deadline = Date(timeIntervalSinceNow: observationWatchdog)
    while try hasObservationHooks(writer) {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return true
}

/// Makes sure every notification the observation will get for commits made so far has been
/// handled: a second observation started now sees those commits in its first value, and the
/// first observation's notifications for them were scheduled before that second one registered.
/// Used to prove that something did NOT cause a notification, without sleeping.
func drain<V: Sendable>(_ writer: any DatabaseWriter, _ observed: ValueObservation<V>) {
    let probe = ObservationLog<V>()
    let cancellable = probe.start(observed, in: writer)
    probe.wait(forCount: 1)
    cancellable.cancel()
}

extension Trait where Self == ConditionTrait {
    /// Runs a test that checks a fetch's region exactly: only where the authorizer names the
    /// tables a statement reads without naming a column (`count(*)`); elsewhere every commit
    /// refetches, by design.
    static var exactRegions: Self {
        .enabled(if: StatementFootprint.reportsTablesReadWithoutColumns,
                 "this SQLite's authorizer does not name count(*) tables: every commit refetches")
    }
}
