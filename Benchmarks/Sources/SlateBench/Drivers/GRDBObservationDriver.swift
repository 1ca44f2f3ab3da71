// W9 through GRDB's DatabasePool and ValueObservation, used the way its documentation shows.
import Dispatch
import GRDB

/// A GRDB `DatabasePool` with one running `ValueObservation` of W9's counter.
final class GRDBObservationDriver {
    private let path: String
    private var pool: DatabasePool?
    private var cancellable: AnyDatabaseCancellable?
    private let observed = ObservedValue()
    private let callbackQueue = DispatchQueue(label: "W9.GRDB")

    init(path: String) {
        self.path = path
    }

    private func openPool() throws -> DatabasePool {
        if let pool { return pool }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        self.pool = pool
        return pool
    }

    /// Resets the counter and starts the observation, waiting for its first value (untimed).
    func startObserving() throws {
        let pool = try openPool()
        try pool.writeWithoutTransaction { db in try db.execute(sql: ObservedCounter.resetSQL) }
        let observed = self.observed
        let observation = ValueObservation.tracking { db in
            try Int64.fetchOne(db, sql: ObservedCounter.fetchSQL) ?? -1
        }
        // Not `.immediate` or the main queue: the benchmark has no main run loop, and Slate's
        // callbacks run on a dispatch queue too.
        cancellable = observation.start(
            in: pool, scheduling: .async(onQueue: callbackQueue),
            onError: { error in fatalError("W9: GRDB observation failed: \(error)") },
            onChange: { observed.deliver($0) })
        try observed.wait(for: 0)
    }

    /// Commits `commits` increments, waiting after each for the observation to deliver it.
    func commitAndAwait(_ commits: Int) throws -> Checksum {
        let pool = try openPool()
        var sum: Int64 = 0
        for value in 1...Int64(commits) {
            try pool.write { db in try db.execute(sql: ObservedCounter.commitSQL, arguments: [value]) }
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
