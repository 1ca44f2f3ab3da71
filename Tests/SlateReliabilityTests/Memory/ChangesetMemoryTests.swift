import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 24's "large changesets (1M changed rows) stay within a documented memory bound": the
/// bound of the Changesets article, checked on `SlateReliabilityProbe changeset`, which records,
/// reads and applies the changeset in a process of its own (``runMemoryProbe(_:)``).
///
/// `.ci/reliability.sh` (SLATE_RELIABILITY_FULL=1) runs it with 1,000,000 rows; a plain
/// `swift test` with 100,000, to stay fast. SLATE_CHANGESET_ROWS chooses another count. Builds
/// without the session extension (the SQLCipher trait) skip it.
@Suite("Changeset memory", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetMemoryTests {
    static var rows: Int {
        let environment = ProcessInfo.processInfo.environment
        if let rows = environment["SLATE_CHANGESET_ROWS"].flatMap(Int.init) { return rows }
        return environment["SLATE_RELIABILITY_FULL"] == "1" ? 1_000_000 : 100_000
    }

    /// The documented bound: the peak resident set size grows by at most three times the
    /// changeset's size, plus 16 MiB, over the process's size before recording.
    static func bound(changesetBytes: Int) -> Int { 3 * changesetBytes / 1024 + 16 * 1024 }  // KiB

    @Test("Recording, reading and applying a large changeset stays within 3 × its size + 16 MiB")
    func largeChangesetWithinTheBound() throws {
        let folder = try TemporaryDirectory()
        let (status, text) = try runMemoryProbe(["changeset", folder.url.path, String(Self.rows)])
        #expect(status == 0, "the probe failed:\n\(text)")

        var steps: [String: (resident: Int, peak: Int, bytes: Int)] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let resident = Int(fields[1].dropFirst("rss_kb=".count)),
                let peak = Int(fields[2].dropFirst("peak_kb=".count)), let bytes = Int(fields[3].dropFirst("changeset_bytes=".count))
            else { continue }
            steps[String(fields[0])] = (resident, peak, bytes)
        }
        let start = try #require(steps["start"], "no start line in:\n\(text)")
        let applied = try #require(steps["applied"], "the probe did not apply the changeset:\n\(text)")
        let growth = applied.peak - start.resident
        let bound = Self.bound(changesetBytes: applied.bytes)
        print(
            "changeset memory: \(Self.rows) rows, a \(applied.bytes)-byte changeset; peak RSS \(applied.peak) KiB, "
                + "\(growth) KiB over the start (\(start.resident) KiB); bound +\(bound) KiB")
        #expect(applied.bytes > 50 * Self.rows, "the changeset is too small to hold every row")
        // AddressSanitizer (.ci/sanitizers.sh) puts redzones around each of the session's
        // allocations, so its sizes say nothing of the bound: there the probe only has to pass.
        if ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil {
            #expect(growth <= bound, "peak RSS grew by \(growth) KiB, over the bound of \(bound) KiB")
        }
    }
}
