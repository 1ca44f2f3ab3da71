import Foundation
import SlateCore
import SlateTestSupport
import Testing

/// Two processes write one file with the default `Configuration`: no `SQLITE_BUSY` reaches them
/// (the busy timeout and the retry policy absorb all contention), and no commit is lost.
@Suite("Concurrency: two processes on one file")
struct ConcurrencyTwoProcessTests {
    static let transactions = 400

    @Test("two processes, default configuration: 0 BUSY surfaced, every commit counted", arguments: ["queue", "pool"])
    func twoProcesses(kind: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("contend.sqlite")
        do {
            let setup = try DatabaseQueue(path: path)
            try setup.write { db in
                try db.execute(sql: "CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0); CREATE TABLE log (id INTEGER PRIMARY KEY, pid INTEGER)")
            }
            try setup.close()
        }
        let probe = CrashLoopTests.probe
        let processes = try (0..<2).map { _ -> (Process, Pipe) in
            let process = Process()
            process.executableURL = probe
            process.arguments = ["contend", path, kind, String(Self.transactions)]
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
            #expect(process.terminationStatus == 0)
            lines.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(lines == Array(repeating: "commits=\(Self.transactions) busy=0 other=0", count: 2), "\(lines)")
        let check = try DatabaseQueue(path: path)
        #expect(try check.read { db in try db.scalar(Int.self, "SELECT n FROM counter") } == 2 * Self.transactions)
        #expect(try check.read { db in try db.scalar(Int.self, "SELECT count(DISTINCT pid) FROM log") } == 2)
    }
}
