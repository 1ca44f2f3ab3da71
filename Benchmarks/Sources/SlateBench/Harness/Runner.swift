/// The measurements of one contender.
struct Measurement {
    let workload: any Workload
    let contender: Contender
    let rows: Int
    /// Every measured run, in order.
    var durations: [Duration] = []
    /// The heap allocations of one extra, untimed run (nil when the counter is unavailable).
    var allocations: AllocationCount?

    /// The median run.
    var median: Duration {
        let sorted = durations.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run.
    var fastest: Duration { durations.min() ?? .zero }
    /// The slowest run.
    var slowest: Duration { durations.max() ?? .zero }
}

/// Runs workloads: one untimed warm-up per contender, then rounds in which every contender runs
/// once (so that a noisy moment on the machine hits all of them, not one), checking every run's
/// checksum.
struct Runner {
    let options: Options
    let drivers: Drivers
    let database: BenchmarkDatabase
    private let clock = ContinuousClock()

    init(options: Options, drivers: Drivers, database: BenchmarkDatabase) {
        self.options = options
        self.drivers = drivers
        self.database = database
    }

    /// Runs one workload and returns one measurement per contender.
    func run(_ workload: any Workload) throws -> [Measurement] {
        let rows = options.rows ?? workload.rowCount(quick: options.quick)
        try workload.setUp(database, rows: rows)
        let expected = workload.expectedChecksum(rows: rows)
        let contenders = workload.contenders(drivers, rows: rows)
            .filter { options.libraries.isEmpty || options.libraries.contains($0.library) }
            .filter { options.api.map($0.api.contains) ?? true }
        var measurements = contenders.map { Measurement(workload: workload, contender: $0, rows: rows) }
        for contender in contenders {
            _ = try runOnce(contender, workload: workload, expected: expected)
        }
        for _ in 0..<options.measuredRuns {
            for index in measurements.indices {
                measurements[index].durations.append(
                    try runOnce(measurements[index].contender, workload: workload, expected: expected))
            }
        }
        // One more run per contender, untimed, counting its heap allocations.
        if options.countAllocations && AllocationCount.isAvailable {
            for index in measurements.indices {
                let contender = measurements[index].contender
                try contender.prepare()
                let (result, count) = try AllocationCount.measure { try measuredBody(contender) }
                let checked = try contender.verify(result)
                guard checked == expected else {
                    throw BenchmarkError("\(workload.id) \(contender.library.rawValue) (\(contender.api)): "
                        + "checksum \(checked) while counting allocations, expected \(expected)")
                }
                measurements[index].allocations = count
            }
        }
        return measurements
    }

    private func runOnce(_ contender: Contender, workload: any Workload, expected: Checksum) throws -> Duration {
        try contender.prepare()
        var result = Checksum(rows: 0, sum: 0)
        let duration = try clock.measure { result = try measuredBody(contender) }
        let checked = try contender.verify(result)
        guard checked == expected else {
            throw BenchmarkError(
                "\(workload.id) \(contender.library.rawValue) (\(contender.api)): checksum \(checked), expected \(expected)")
        }
        return duration
    }

    /// The timed call, kept out of line under a fixed name so that a profiler can count exactly
    /// it: `valgrind --tool=callgrind --toggle-collect='*measuredBody*'` (see profile.sh).
    @inline(never)
    private func measuredBody(_ contender: Contender) throws -> Checksum {
        try contender.body()
    }
}
