import Foundation
import SlateCore

/// How long a test waits for an expected notification before failing: a watchdog against hangs,
/// far above what the work needs, never a timing threshold on the result.
public let observationWatchdog: TimeInterval = 60

/// Collects what an observation delivers, and lets a test wait (bounded) for a condition.
public final class ObservationLog<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var _values: [Value] = []
    private var _errors: [any Error] = []

    /// The values delivered so far, in order.
    public var values: [Value] { condition.withLock { _values } }
    /// The errors delivered so far, in order.
    public var errors: [any Error] { condition.withLock { _errors } }

    /// An empty log.
    public init() {}

    /// Records a delivered value and wakes the waiters.
    public func append(_ value: Value) {
        condition.withLock {
            _values.append(value)
            condition.broadcast()
        }
    }

    /// Records a delivered error and wakes the waiters.
    public func fail(_ error: any Error) {
        condition.withLock {
            _errors.append(error)
            condition.broadcast()
        }
    }

    /// Waits until `predicate` holds for the values and errors so far; `false` on watchdog expiry.
    @discardableResult
    public func wait(until predicate: ([Value], [any Error]) -> Bool) -> Bool {
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
    public func wait(forCount count: Int) -> Bool { wait { values, _ in values.count >= count } }

    /// Waits until at least `count` values arrived, without blocking a thread of Swift's
    /// cooperative pool (the observation may need one to deliver).
    ///
    /// Its deadline is four times the blocking wait's: an async test resumes on the cooperative
    /// pool, which blocking tests elsewhere in a full run can hold for a minute on a loaded
    /// 2-core machine (issue 29), while the observation itself delivered long before.
    public func waitAsync(forCount count: Int) async -> Bool {
        await waitUntilAsync(seconds: 4 * observationWatchdog) { values.count >= count }
    }

    /// Starts `observation` in `writer`, logging into `self`.
    public func start(_ observation: ValueObservation<Value>, in writer: any DatabaseWriter) -> ObservationCancellable {
        observation.start(in: writer, onError: { self.fail($0) }, onChange: { self.append($0) })
    }
}

/// Counts fetches from inside an observation's fetch closure, which may run on any thread.
public final class FetchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// A counter at zero.
    public init() {}

    /// Counts one fetch.
    public func increment() { lock.withLock { count += 1 } }

    /// The fetches counted so far.
    public var value: Int { lock.withLock { count } }
}
