import Dispatch
import Foundation

/// Runs async work to its end from synchronous code (a contender's `body`), on a detached task.
/// The bridge costs one task and one semaphore per call, so a contender pays it once per run,
/// around its whole loop of awaits, not per await.
func blockingAwait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.set(.success(try await work()))
        } catch {
            box.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try box.get()
}

/// A result handed from a task to a waiting thread.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // Safety: `result` is only touched while `lock` is held.
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let result else { throw BenchmarkError("the task ended without a result") }
        return try result.get()
    }
}
