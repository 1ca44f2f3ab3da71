import Foundation
import SlateTestSupport
import Testing

/// Issue 14's memory bullet "streaming 1M rows: flat RSS". The rows are streamed by
/// `SlateReliabilityProbe stream` in a process of its own, since other tests running in parallel
/// would move this process's resident set size. The test compares counts (bytes), never times.
///
/// (The other two memory bullets are tested with the connection-lifetime work of issue 10:
/// `StatementCacheTests` and `TypedStatementCacheTests` for 10,000 distinct queries, and
/// `ConnectionReleaseTests` for 10,000 connection cycles back to the baseline of file descriptors
/// and `sqlite3_memory_used`.)
@Suite("Streaming memory")
struct StreamingMemoryTests {
    /// 1,000,000 rows of about 150 bytes: 150 MB streamed, so keeping the rows would grow the
    /// process by far more than the bound. SLATE_STREAM_ROWS changes the count.
    static var rows: Int {
        ProcessInfo.processInfo.environment["SLATE_STREAM_ROWS"].flatMap(Int.init) ?? 1_000_000
    }

    /// Growth allowed from the first tenth of a pass to its end: allocator and cache noise.
    static let residentGrowthBound = 16 * 1024  // KiB
    static let sqliteGrowthBound = 1024 * 1024  // bytes

    struct Sample {
        var pass: String
        var rows: Int
        var residentKilobytes: Int
        var sqliteBytes: Int
    }

    @Test("Streaming a million rows through a cursor, a typed query and Codable keeps memory flat")
    func streamingIsFlat() throws {
        let folder = try TemporaryDirectory()
        let (status, text) = try runMemoryProbe(["stream", folder.path("stream.sqlite"), String(Self.rows)])
        #expect(status == 0, "the probe failed:\n\(text)")

        let samples: [Sample] = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 4, let rows = Int(fields[1]),
                let resident = Int(fields[2].dropFirst("rss_kb=".count)),
                let sqlite = Int(fields[3].dropFirst("sqlite_bytes=".count))
            else { return nil }
            return Sample(pass: String(fields[0]), rows: rows, residentKilobytes: resident, sqliteBytes: sqlite)
        }
        for pass in ["core", "typed", "codable"] {
            let passSamples = samples.filter { $0.pass == pass }
            // Ten reports per pass, the last after every row: the pass really read them all.
            #expect(passSamples.count == 10, "\(pass): \(passSamples.count) reports")
            guard let first = passSamples.first, let last = passSamples.last else { continue }
            #expect(last.rows == Self.rows)
            let residentGrowth = (passSamples.map(\.residentKilobytes).max() ?? 0) - first.residentKilobytes
            let sqliteGrowth = (passSamples.map(\.sqliteBytes).max() ?? 0) - first.sqliteBytes
            print(
                "streaming \(Self.rows) rows, \(pass): RSS \(first.residentKilobytes) KiB at \(first.rows) rows, "
                    + "+\(residentGrowth) KiB at most after; sqlite3_memory_used +\(sqliteGrowth) bytes")
            #expect(residentGrowth <= Self.residentGrowthBound, "\(pass): RSS grew by \(residentGrowth) KiB")
            #expect(sqliteGrowth <= Self.sqliteGrowthBound, "\(pass): sqlite3_memory_used grew by \(sqliteGrowth) bytes")
        }
    }
}
