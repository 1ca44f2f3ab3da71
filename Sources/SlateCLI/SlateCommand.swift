import ArgumentParser
import Foundation
import Slate

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
        abstract: "A SQLite data tool: import, query, export, inspect, check and back up databases.",
        discussion: "Run `slate demo` for a tour; `slate help <command>` describes a command.",
        version: "slate \(version) (SQLite \(SQLite.version)\(encryptionNote))",
        subcommands: [
            DemoCommand.self, ImportCommand.self, QueryCommand.self, ExportCommand.self, SchemaCommand.self,
            BackupCommand.self, CheckCommand.self, VacuumCommand.self, RekeyCommand.self
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
            } else if code == .success || code == .validationFailure || isArgumentParserError(error) {
                // Help, --version and usage errors: ArgumentParser prints them (usage exits 64).
                exit(withError: error)
            } else {
                report((error as NSError).localizedDescription, exitCode: 1)
            }
        }
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
