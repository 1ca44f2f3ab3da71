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
    ///   - baseDelay: The delay before the first retry, in seconds.
    ///   - maxDelay: The cap on any delay, in seconds.
    ///   - jitter: The randomized fraction of each delay, from 0 to 1.
    public init(maxAttempts: Int, baseDelay: Double, maxDelay: Double, jitter: Double = 0.2) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(self.baseDelay, maxDelay)
        self.jitter = min(1, max(0, jitter))
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: 0, maxDelay: 0, jitter: 0)
    /// Five attempts, from 10 ms up to 500 ms apart: for interactive apps.
    public static let standard = RetryPolicy(maxAttempts: 5, baseDelay: 0.01, maxDelay: 0.5)
    /// Ten attempts, from 50 ms up to 5 s apart: for background jobs that must get through.
    public static let persistent = RetryPolicy(maxAttempts: 10, baseDelay: 0.05, maxDelay: 5)

    /// The delay before retry number `retry` (1 for the first retry), in seconds.
    ///
    /// - Parameter retry: The 1-based retry number.
    /// - Returns: The exponential delay, capped and jittered.
    public func delay(beforeRetry retry: Int) -> Double {
        let exponent = Double(max(0, retry - 1))
        let raw = min(maxDelay, baseDelay * pow(2, exponent))
        guard jitter > 0, raw > 0 else { return raw }
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
                if seconds > 0 { usleep(useconds_t(min(seconds, 3600) * 1_000_000)) }
                attempt += 1
            }
        }
    }
}
