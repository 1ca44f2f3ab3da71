import Foundation
import SlateCore
import SlateTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The crash loop of issue 14: `SlateReliabilityProbe write` commits numbered transactions and prints each
/// number once COMMIT has returned; the test kills it with SIGKILL at a random moment, again and
/// again on the same file, and after each kill checks that every printed number is in the
/// database, that no transaction was half applied, and that `integrity_check` is `ok`.
///
/// 5 kills per configuration (20 in all) by default; SLATE_CRASH_KILLS sets the number per
/// configuration (`.ci/reliability.sh` runs 50).
@Suite("Crash loop")
struct CrashLoopTests {
    struct Configuration: Sendable, CustomStringConvertible {
        var journalMode: String
        var synchronous: String
        var description: String { "journal_mode=\(journalMode), synchronous=\(synchronous)" }
    }

    static let configurations = [
        Configuration(journalMode: "wal", synchronous: "normal"),
        Configuration(journalMode: "wal", synchronous: "full"),
        Configuration(journalMode: "delete", synchronous: "normal"),
        Configuration(journalMode: "delete", synchronous: "full")
    ]

    static var killsPerConfiguration: Int {
        ProcessInfo.processInfo.environment["SLATE_CRASH_KILLS"].flatMap(Int.init) ?? 5
    }

    /// The probe executable, built into the same folder as the test runner.
    static var probe: URL { builtProduct("SlateReliabilityProbe") }

    /// What the database holds after a kill.
    struct Survivor {
        var counter: Int64
        var numbers: [Int64]
    }

    static func inspect(_ path: String) throws -> Survivor? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let db = try Connection(path, options: [.readwrite])
        defer { db.close() }
        let check = try db.scalar(String.self, "PRAGMA integrity_check")
        #expect(check == "ok", "integrity_check after a kill: \(check ?? "nil")")
        let tables = try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name IN ('log', 'counter')") ?? 0
        // Killed before its schema was committed: nothing was printed either.
        guard tables == 2 else { return nil }
        let counter = try db.scalar(Int64.self, "SELECT n FROM counter WHERE id = 1") ?? 0
        let statement = try db.prepare(sql: "SELECT n FROM log ORDER BY n")
        var numbers: [Int64] = []
        while try statement.step() { numbers.append(statement.columnValue(at: 0, as: Int64.self) ?? -1) }
        return Survivor(counter: counter, numbers: numbers)
    }

    /// Reads from the writer until a whole line arrives, the writer exits, or 120 s pass.
    static func readFirstLine(of handle: FileHandle) -> Data {
        var data = Data()
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        var waited = 0
        while !data.contains(UInt8(ascii: "\n")) && waited < 120_000 {
            let ready = poll(&descriptor, 1, 100)
            waited += 100
            guard ready > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { break }  // end of file: the writer exited
            data.append(chunk)
        }
        return data
    }

    @Test(
        "Every number printed after COMMIT survives SIGKILL, and no commit is half applied",
        arguments: configurations)
    func killRepeatedly(configuration: Configuration) throws {
        let writer = Self.probe
        try #require(FileManager.default.isExecutableFile(atPath: writer.path), "no writer at \(writer.path)")
        let folder = try TemporaryDirectory()
        let path = folder.path("crash.sqlite")
        var printedMaximum: Int64 = 0
        var killsDuringWork = 0
        var generator = SystemRandomNumberGenerator()

        for round in 1...Self.killsPerConfiguration {
            let process = Process()
            process.executableURL = writer
            process.arguments = ["write", path, configuration.journalMode, configuration.synchronous]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            // The moment of the kill is chosen by the writer's progress, not by the clock, so
            // that a slow machine does not turn every kill into a kill at start-up: usually a
            // random 0-50 ms after its first commit of this round (in the middle of later
            // commits), and every fourth round a random 0-50 ms after start (while it opens or
            // recovers the database).
            let handle = output.fileHandleForReading
            var early = Data()
            if round % 4 != 0 {
                early = Self.readFirstLine(of: handle)
            }
            usleep(useconds_t(Int.random(in: 0...50_000, using: &generator)))
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let text = String(decoding: early + handle.readDataToEndOfFile(), as: UTF8.self)
            if wasRunning && process.terminationReason == .uncaughtSignal { killsDuringWork += 1 }
            #expect(
                process.terminationReason == .uncaughtSignal || process.terminationStatus == 0,
                "the writer failed on its own (kill \(round), \(configuration))")
            // Only whole lines count: a line cut short by the kill may be a prefix of a number.
            let printed = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int64($0) }
            printedMaximum = max(printedMaximum, printed.max() ?? 0)

            let survivor = try Self.inspect(path)
            let counter = survivor?.counter ?? 0
            // Every number ever printed is committed: the writer continues from the counter, so
            // the numbers in the log must be exactly 1...counter, with no gap and no extra.
            #expect(
                counter >= printedMaximum,
                "kill \(round) (\(configuration)): \(printedMaximum) was printed as committed, the database holds up to \(counter)")
            if let survivor {
                #expect(
                    survivor.numbers == (counter > 0 ? Array(1...counter) : []),
                    "kill \(round) (\(configuration)): the log is not 1...\(counter)")
            }
        }
        print(
            "crash loop \(configuration): \(Self.killsPerConfiguration) SIGKILLs, \(killsDuringWork) while the writer ran, "
                + "\(printedMaximum) transactions reported committed, all present")
        #expect(printedMaximum > 0, "the writer never committed anything before being killed")
    }
}
