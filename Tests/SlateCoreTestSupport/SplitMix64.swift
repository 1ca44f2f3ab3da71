/// SplitMix64: a small, fast random generator with a fixed seed, so that randomized tests feed
/// the same cases on every run.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the next value depends only on it.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next pseudo-random value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with a probability of `percent` in 100.
    public mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    /// One of `choices`, picked uniformly (`choices` must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
}
