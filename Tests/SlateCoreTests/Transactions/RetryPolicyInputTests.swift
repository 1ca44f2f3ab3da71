import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// A retry policy's numbers are public and settable: any value, however odd, gives delays that
/// are finite, never negative and never above an hour, and never traps.
@Suite("Retry policy inputs")
struct RetryPolicyInputTests {
    static let odd: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-300, 0.01, 1e300, .greatestFiniteMagnitude]

    @Test("delay(beforeRetry:) is finite and within 0…maxDelay for any retry number and any settings")
    func delaysStayInRange() {
        let retries = [Int.min, -1, 0, 1, 2, 64, 1_100, Int.max]
        for base in Self.odd {
            for cap in Self.odd {
                for jitter in [Double.nan, -1, 0, 0.5, 1, 7, .infinity] {
                    var policy = RetryPolicy.standard
                    policy.baseDelay = base
                    policy.maxDelay = cap
                    policy.jitter = jitter
                    policy.maxAttempts = Int.min
                    for retry in retries {
                        let delay = policy.delay(beforeRetry: retry)
                        #expect(delay.isFinite && delay >= 0 && delay <= 3600, "base \(base), cap \(cap), jitter \(jitter), retry \(retry): \(delay)")
                        if cap.isFinite && cap >= 0 { #expect(delay <= cap) }
                    }
                }
            }
        }
    }

    @Test("run() retries with NaN and negative settings (as no delay) and gives up after maxAttempts")
    func runWithOddSettings() throws {
        var policy = RetryPolicy(maxAttempts: 3, baseDelay: .nan, maxDelay: .nan, jitter: .nan)
        #expect(policy.baseDelay == 0 && policy.maxDelay == 0 && policy.jitter == 0)
        policy.baseDelay = -5
        policy.maxDelay = .nan
        var attempts = 0
        let value = try policy.run { attempt -> Int in
            attempts += 1
            if attempt < 3 { throw SQLiteError(code: SQLITE_BUSY, message: "busy") }
            return attempt
        }
        #expect(value == 3 && attempts == 3)

        policy.maxAttempts = Int.min
        attempts = 0
        let error = sqliteError {
            _ = try policy.run { _ -> Int in
                attempts += 1
                throw SQLiteError(code: SQLITE_BUSY, message: "busy")
            }
        }
        #expect(error?.code == SQLITE_BUSY && attempts == 1)
    }

    @Test("init clamps attempts and turns NaN and infinite delays into usable ones")
    func initSanitizes() {
        let policy = RetryPolicy(maxAttempts: Int.min, baseDelay: .infinity, maxDelay: -.infinity, jitter: .infinity)
        #expect(policy.maxAttempts == 1)
        #expect(policy.baseDelay.isFinite && policy.maxDelay.isFinite && policy.jitter == 1)
        #expect(policy.maxDelay >= policy.baseDelay)
    }
}
