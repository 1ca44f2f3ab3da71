import Foundation
import SlateTestSupport
import Testing

@testable import SlateCLI

/// The progress bar: drawn on a terminal (a pseudo-terminal made by `script`), never into a pipe.
@Suite("CLI progress bar")
struct ProgressBarTests {
    func largeCSV(_ work: Workspace) throws -> String {
        var csv = "id,name\n"
        for id in 1...5_000 { csv += "\(id),item \(id)\n" }
        return try work.write("items.csv", csv)
    }

    /// What `slate` with `arguments` writes on a terminal: script(1) runs the command on a
    /// pseudo-terminal and copies what it writes to stdout. Paths are in `work`.
    func onATerminal(_ work: Workspace, _ arguments: String) throws -> SlateResult {
        try CLIRunner.runProgram("/usr/bin/script", ["-qec", "\(CLIRunner.executable) \(arguments)", "/dev/null"], in: work.path)
    }

    @Test("on a terminal, import draws rows, rows/s, bytes and percent, then clears the line")
    func drawnOnATerminal() throws {
        let work = try Workspace()
        _ = try largeCSV(work)
        let result = try onATerminal(work, "import \(work.file("new.db")) \(work.file("items.csv"))")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\r["))
        #expect(result.stdout.contains("%"))
        #expect(result.stdout.contains(" rows/s"))
        #expect(result.stdout.contains(" MB / "))
        #expect(result.stdout.contains("\r\u{1B}[K"))
        #expect(result.stdout.contains("imported 5,000 rows into items"))
    }

    @Test("piped or --quiet, nothing but the summary (or nothing) is written")
    func quietWhenPiped() throws {
        let work = try Workspace()
        _ = try largeCSV(work)
        let piped = try work.slate("import", "a.db", "items.csv")
        #expect(piped.stderr.isEmpty)
        #expect(piped.stdout.hasPrefix("imported 5,000 rows into items (id INTEGER, name TEXT) in "))
        let quiet = try onATerminal(work, "import \(work.file("b.db")) \(work.file("items.csv")) --quiet")
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("rows/s"))
        #expect(!quiet.stdout.contains("imported"))
    }

    @Test("backup draws its progress in pages on a terminal")
    func backupOnATerminal() throws {
        let work = try Workspace()
        #expect(try work.slate("demo", "--path", "source.db", "--sets", "300", "--parts", "100").status == 0)
        let result = try onATerminal(work, "backup \(work.file("source.db")) \(work.file("copy.db")) --pages-per-step 1")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains(" pages/s"))
        #expect(result.stdout.contains("%"))
        #expect(result.stdout.contains("copied "))
    }

    @Test("the drawing's text, with and without a known size")
    func lineText() {
        #expect(
            ProgressBar.line(done: 420_000, bytes: 29_100_000, totalBytes: 69_000_000, unit: "rows", seconds: 2)
                == "[##########··············]   42%  420,000 rows  210,000 rows/s  29.1 MB / 69.0 MB")
        #expect(
            ProgressBar.line(done: 12, bytes: 1_500, totalBytes: nil, unit: "rows", seconds: 0)
                == "12 rows  0.0 MB")
        #expect(ProgressBar.grouped(1_234_567) == "1,234,567")
        #expect(ProgressBar.grouped(999) == "999")
    }
}

extension CLIRunner {
    /// Runs any program (here `script`), capturing its output and errors together.
    static func runProgram(_ path: String, _ arguments: [String], in directory: String) throws -> SlateResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        return try capture(process, in: directory, mergingErrors: true)
    }
}
