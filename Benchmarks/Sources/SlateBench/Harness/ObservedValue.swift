import Foundation

/// The latest value an observation delivered, and a way to wait for a given one: W9's meeting
/// point between the thread that commits and the queue the observation calls back on.
final class ObservedValue: @unchecked Sendable {
    // Safety: `latest` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var latest: Int64 = -1

    /// Called by the observation's callback.
    func deliver(_ value: Int64) {
        condition.lock()
        latest = value
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the observation delivered `value`; fails after 30 s so a lost notification
    /// stops the benchmark instead of hanging it.
    func wait(for value: Int64) throws {
        let deadline = Date(timeIntervalSinceNow: 30)
        condition.lock()
        defer { condition.unlock() }
        while latest != value {
            guard condition.wait(until: deadline) else {
                throw BenchmarkError("W9: the observation never delivered \(value) (latest \(latest))")
            }
        }
    }
}

/// W9's table: one counter row that each measured commit increments.
enum ObservedCounter {
    static let table = "w9_counter"
    static let createSQL = "CREATE TABLE IF NOT EXISTS w9_counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)"
    static let resetSQL = "DELETE FROM w9_counter; INSERT INTO w9_counter (id, n) VALUES (1, 0)"
    static let fetchSQL = "SELECT n FROM w9_counter WHERE id = 1"
    static let commitSQL = "UPDATE w9_counter SET n = ? WHERE id = 1"

    /// The checksum of `commits` commits: the values 1 … commits, each observed once.
    static func checksum(commits: Int) -> Checksum {
        Checksum(rows: commits, sum: Int64(commits) * Int64(commits + 1) / 2)
    }
}
