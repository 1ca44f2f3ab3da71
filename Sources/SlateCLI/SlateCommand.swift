import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// The `slate` command-line tool.
///
/// Exit codes: 0 on success, 1 for data and database errors, 64 for usage errors only. Every
/// error is one line on standard error that names the file, the position and the cause.
@main
struct SlateCommand: ParsableCommand {
    /// The tool's version, printed by `--version`.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "slate",
        abstract: "A SQLite data tool: import, query, export, inspect, diff, check and back up databases.",
        discussion: "Run `slate demo` for a tour; `slate help <command>` describes a command.",
        version: "slate \(version) (SQLite \(SQLite.version)\(encryptionNote))",
        subcommands: [
            DemoCommand.self, ImportCommand.self, QueryCommand.self, ExportCommand.self, TablesCommand.self, SchemaCommand.self,
            MemoryCommand.self, DumpCommand.self, AnalyzeCommand.self, DiffCommand.self, ApplyCommand.self,
            BackupCommand.self, CheckCommand.self, VacuumCommand.self, RekeyCommand.self,
            TransformCommand.self, EnableFTSCommand.self, DisableFTSCommand.self, SearchCommand.self, CreateIndexCommand.self, AddColumnCommand.self
        ]
    )

    private static var encryptionNote: String {
        #if SQLCipher
        ", SQLCipher"
        #else
        ""
        #endif
    }

    /// Parses the command line, runs the command, and turns failures into one line and an exit code.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) {
            let hint = nearestCommand(to: first).map { "did you mean '\($0)'?" } ?? "run `slate help` for the list of commands"
            report("unknown command '\(first)'; \(hint)", exitCode: 64)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            OutputSink.standard.flush()
        } catch {
            OutputSink.standard.flush()
            ProgressBar.clearLine()
            let code = exitCode(for: error)
            if let failure = error as? CLIError {
                report(failure.message, exitCode: failure.exitCode)
            } else if let failure = error as? SQLiteError {
                report(failure.message, exitCode: 1)
            } else if code == .success {
                // Help and --version: ArgumentParser prints them.
                exit(withError: error)
            } else if code == .validationFailure || isArgumentParserError(error) {
                // Usage errors: one line in the tool's style, and where to read more (exit 64).
                let command = arguments.first.flatMap { commandNames.contains($0) && $0 != "help" ? $0 : nil }
                let help = command.map { "slate help \($0)" } ?? "slate help"
                report("\(message(for: error)) (see \(help))", exitCode: code.rawValue)
            } else {
                report((error as NSError).localizedDescription, exitCode: 1)
            }
        }
    }

    /// The subcommands' names, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The command a mistyped name most likely meant: the nearest by edit distance (a swap of
    /// two letters counts once), if it is near enough.
    static func nearestCommand(to typed: String) -> String? {
        let scored = commandNames.map { ($0, editDistance(typed.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, typed.count / 2)) else { return nil }
        return best.0
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    private static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ValidationError || error is CleanExit || error is ExitCode
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    private static func report(_ message: String, exitCode: Int32) -> Never {
        FileHandle.standardError.write(Data(("slate: " + message.singleLine + "\n").utf8))
        Foundation.exit(exitCode)
    }
}
