import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport

/// A value handed from one thread to another.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?
    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }
    func get() -> Result<T, any Error>? { lock.withLock { value } }
}

/// Events recorded in order from several threads.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func record(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
    func index(of event: String) -> Int? { all.firstIndex(of: event) }
}

/// A query that runs until it is interrupted (a recursive count to a billion).
let endlessQuery = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) SELECT count(*) FROM c"

/// A flag written and read by threads that a semaphore or an actor already orders.
final class UncheckedFlag: @unchecked Sendable {
    var value = false
}
