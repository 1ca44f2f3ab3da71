import Foundation
import SlateCore
import SlateTestSupport
import Testing

/// Issue 21: what needs processes of its own. Several processes migrating one file (item 3),
/// and blocking reads from tasks filling the cooperative pool (item 2), which a test sharing
/// its process with other tests cannot set up without starving them.
@Suite("Concurrency: processes migrating at once, and a cooperative pool full of blocking reads")
struct ConcurrencyProcessesTests {
    /// Runs the probe with `arguments`, returning its status and output, or `nil` when it did
    /// not finish within `seconds` (it is killed).
    static func runProbe(_ arguments: [String], seconds: Double = 60) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = CrashLoopTests.probe
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("three processes migrating one file at once all succeed, and each migration runs once", arguments: ["queue", "pool"])
    func threeMigratingProcesses(kind: String) throws {
        for round in 0..<5 {
            let directory = try TemporaryDirectory()
            let path = directory.path("migrate.sqlite")
            let processes = try (0..<3).map { _ -> (Process, Pipe) in
                let process = Process()
                process.executableURL = CrashLoopTests.probe
                process.arguments = ["migrate", path, kind]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.standardError
                try process.run()
                return (process, output)
            }
            var lines: [String] = []
            for (process, output) in processes {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                lines.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            #expect(lines == ["migrated", "migrated", "migrated"], "round \(round), \(kind)")
            let check = try DatabaseQueue(path: path)
            let runs = try check.read { db in
                try db.scalar(
                    String.self,
                    "SELECT group_concat(name || '=' || n) FROM (SELECT name, count(*) AS n FROM runs GROUP BY name ORDER BY name)")
            }
            #expect(runs == "m1=1,m2=1,m3=1,m4=1,m5=1", "round \(round), \(kind)")
            try check.close()
        }
    }

    @Test("async reads queued before blocking reads that fill the cooperative pool all finish", arguments: [1, 2, 4])
    func blockingReadsBehindAsyncReads(readers: Int) throws {
        let directory = try TemporaryDirectory()
        let outcome = try Self.runProbe(["mixedreads", directory.path("mixed.sqlite"), String(readers)])
        #expect(outcome != nil, "the reads hung with \(readers) readers (killed after 60 s)")
        guard let outcome else { return }
        #expect(outcome.status == 0)
        let total = 8 + 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        #expect(outcome.output == "done=\(total) of \(total)")
    }
}
