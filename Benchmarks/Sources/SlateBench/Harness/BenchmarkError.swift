/// A failure of the benchmark itself: a contender that produced a wrong checksum, a C call that
/// failed, a bad command-line option.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
