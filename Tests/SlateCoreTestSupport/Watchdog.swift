import Foundation

/// Runs `body` on its own thread and waits at most `seconds` for it.
///
/// For tests that prove an algorithm is not quadratic: the input is made so large that a
/// quadratic path would need minutes, and the bound is far above what a linear one needs, so the
/// test never depends on the machine's speed. A body that overruns keeps running on its thread;
/// the test fails instead of hanging.
///
/// - Returns: What `body` returned, or `nil` when it did not finish in time.
public func withWatchdog<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
    let box = WatchdogBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let result = Result { try body() }
        box.lock.lock()
        box.result = result
        box.lock.unlock()
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    box.lock.lock()
    defer { box.lock.unlock() }
    return box.result
}

/// Where the watched thread leaves its result; guarded by its lock.
private final class WatchdogBox<T>: @unchecked Sendable {
    let lock = NSLock()
    var result: Result<T, any Error>?
}

/// Polls `condition` every 2 ms until it holds, for at most `seconds`: a watchdog against hangs,
/// never a timing threshold on the result.
///
/// - Returns: Whether `condition` held before the time ran out.
public func waitUntil(seconds: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return true
}

/// Polls `condition` every 2 ms until it holds, for at most `seconds`, suspending between polls
/// so that no thread of the cooperative pool is held: the async form of ``waitUntil(seconds:_:)``.
///
/// - Returns: Whether `condition` held before the time ran out.
public func waitUntilAsync(seconds: Double = 60, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
