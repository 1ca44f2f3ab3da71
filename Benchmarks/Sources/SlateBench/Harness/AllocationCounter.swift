import CMallocCounter

/// The heap allocations of one untimed run: counted by the malloc replacement in
/// `CMallocCounter`, which sees every allocation of the process (Swift runtime, Foundation, GRDB
/// and SQLite alike).
struct AllocationCount {
    /// Allocations made during the run.
    let allocations: UInt64
    /// The highest heap growth during the run, in bytes, above the level at its start.
    let peakBytes: Int64

    /// Whether the counter sees the process's allocations (glibc only).
    static var isAvailable: Bool { slate_malloc_counter_active() != 0 }

    /// Runs `body` with counting on.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, AllocationCount) {
        slate_malloc_counter_start()
        defer { slate_malloc_counter_stop() }
        let result = try body()
        slate_malloc_counter_stop()
        return (result, AllocationCount(
            allocations: slate_malloc_counter_allocations(), peakBytes: slate_malloc_counter_peak_bytes()))
    }
}
