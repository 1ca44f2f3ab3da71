#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How to retry work that failed with a transient error (`SQLITE_BUSY`, `SQLITE_LOCKED`).
///
/// Delays grow exponentially from ``baseDelay`` up to ``maxDelay``, with random jitter so that
/// competing writers do not retry in lockstep. Transactions use it to retry the *whole*
/// transaction, never one statement inside it:
///
/// ```swift
/// try db.transaction(.immediate, retry: .standard) {
///     try db.run("UPDATE accounts SET balance = balance - 10 WHERE id = 1")
/// }
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// The total number of attempts, the first included (1 means no retry).
    public var maxAttempts: Int
    /// The delay before the first retry, in seconds.
    public var baseDelay: Double
    /// The largest delay between two attempts, in seconds.
    public var maxDelay: Double
    /// The fraction (0…1) of each delay that is randomized.
    public var jitter: Double

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: The total number of attempts, at least 1.
    ///   - baseDelay: The delay before the first retry, in seconds; NaN or negative is 0.
    ///   - maxDelay: The cap on any delay, in seconds; no delay is ever longer than an hour.
    ///   - jitter: The randomized fraction of each delay, from 0 to 1 (NaN is 0).
    public init(maxAttempts: Int, baseDelay: Double, maxDelay: Double, jitter: Double = 0.2) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = Self.seconds(baseDelay)
        self.maxDelay = max(self.baseDelay, Self.seconds(maxDelay))
        self.jitter = Self.fraction(jitter)
    }

    /// The longest delay a policy waits between two attempts, whatever its settings: an hour.
    static let longestDelay: Double = 3600

    /// A delay setting as a usable number of seconds: NaN and negative are 0, and anything
    /// above `longestDelay` (infinity included) is `longestDelay`.
    private static func seconds(_ value: Double) -> Double {
        guard value > 0 else { return 0 }  // false for NaN too
        return min(value, longestDelay)
    }

    /// A jitter setting as a fraction from 0 to 1 (NaN is 0).
    private static func fraction(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return min(value, 1)
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: 0, maxDelay: 0, jitter: 0)
    /// Eight attempts, from 10 ms up to 1 s apart (about 1.3 s of backoff in all, on top of each
    /// attempt's busy timeout): for interactive apps, and the default of ``Configuration/retry``.
    public static let standard = RetryPolicy(maxAttempts: 8, baseDelay: 0.01, maxDelay: 1)
    /// Ten attempts, from 50 ms up to 5 s apart: for background jobs that must get through.
    public static let persistent = RetryPolicy(maxAttempts: 10, baseDelay: 0.05, maxDelay: 5)

    /// The delay before retry number `retry` (1 for the first retry), in seconds.
    ///
    /// Whatever the policy's settings (they are public and may hold any number), the delay is
    /// finite, from 0 to ``maxDelay`` and never above an hour.
    ///
    /// - Parameter retry: The 1-based retry number; a smaller one is taken as 1.
    /// - Returns: The exponential delay, capped and jittered.
    public func delay(beforeRetry retry: Int) -> Double {
        let base = Self.seconds(baseDelay)
        let cap = Self.seconds(maxDelay)
        guard base > 0, cap > 0 else { return 0 }
        // Past 2^64 the delay is far beyond any cap: stop growing the exponent before it overflows.
        let exponent = retry > 1 ? Double(min(retry - 1, 64)) : 0
        let raw = min(cap, base * pow(2, exponent))
        let jitter = Self.fraction(self.jitter)
        guard jitter > 0 else { return raw }
        return raw * (1 - jitter) + raw * jitter * Double.random(in: 0...1)
    }

    /// Runs `body`, retrying it while it throws a transient ``SQLiteError``.
    ///
    /// - Parameter body: The work to attempt; it receives the 1-based attempt number.
    /// - Returns: What `body` returns.
    /// - Throws: The last error once attempts run out, or the first non-transient error.
    public func run<R>(_ body: (Int) throws -> R) throws -> R {
        var attempt = 1
        while true {
            do {
                return try body(attempt)
            } catch let error as SQLiteError where error.isTransient && attempt < maxAttempts {
                let seconds = delay(beforeRetry: attempt)
                // At most an hour (3.6e9 µs), which fits useconds_t.
                if seconds > 0 { usleep(useconds_t(seconds * 1_000_000)) }
                attempt += 1
            }
        }
    }
}
