// W9 through Slate's DatabasePool and ValueObservation.
import SlateCore

/// A Slate `DatabasePool` with one running `ValueObservation` of W9's counter.
final class SlateObservationDriver {
    private let path: String
    private var pool: DatabasePool?
    private var cancellable: ObservationCancellable?
    private let observed = ObservedValue()

    init(path: String) {
        self.path = path
    }

    private func openPool() throws -> DatabasePool {
        if let pool { return pool }
        let pool = try DatabasePool(path: path)
        try pool.writeWithoutTransaction { db in
            for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
        }
        self.pool = pool
        return pool
    }

    /// Resets the counter and starts the observation, waiting for its first value (untimed).
    func startObserving() throws {
        let pool = try openPool()
        try pool.writeWithoutTransaction { db in try db.execute(sql: ObservedCounter.resetSQL) }
        let observed = self.observed
        let observation = ValueObservation.tracking { db in
            try db.scalar(Int64.self, ObservedCounter.fetchSQL) ?? -1
        }
        cancellable = observation.start(
            in: pool, onError: { error in fatalError("W9: Slate observation failed: \(error)") },
            onChange: { observed.deliver($0) })
        try observed.wait(for: 0)
    }

    /// Commits `commits` increments, waiting after each for the observation to deliver it.
    func commitAndAwait(_ commits: Int) throws -> Checksum {
        let pool = try openPool()
        var sum: Int64 = 0
        for value in 1...Int64(commits) {
            try pool.write { db in _ = try db.run(ObservedCounter.commitSQL, value) }
            try observed.wait(for: value)
            sum &+= value
        }
        return Checksum(rows: commits, sum: sum)
    }

    /// Cancels the observation (untimed).
    func stopObserving() {
        cancellable?.cancel()
        cancellable = nil
    }
}
