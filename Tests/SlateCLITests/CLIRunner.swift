import Foundation
import Slate
import Testing

/// Runs the built `slate` executable in a real process, as a user would.
struct SlateResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLIRunner {
    /// The `slate` binary, built into the same folder as the test runner.
    static var executable: String {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("slate").path
    }

    /// Runs `slate` with `arguments` in `directory`, feeding `stdin` (empty by default).
    ///
    /// Output goes through files rather than pipes, so a chatty process can never block on a
    /// full pipe.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: String? = nil, stdin: Data = Data(),
        environment: [String: String] = [:], launcher: [String] = []
    ) throws -> SlateResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("stdin")
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        try stdin.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        if launcher.isEmpty {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [executable] + arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLATE_KEY")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return SlateResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }
}

/// A temporary folder for one test, removed when the test ends.
final class Workspace {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("slate-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of a file in the workspace.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Writes raw bytes and returns the path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// Runs `slate` in the workspace.
    @discardableResult
    func slate(_ arguments: String..., stdin: String = "") throws -> SlateResult {
        try CLIRunner.run(arguments, in: path, stdin: Data(stdin.utf8))
    }
}

/// `name TYPE` for each column of a table, read with `PRAGMA table_info` (SQLCipher's SQLite
/// 3.15 has no `pragma_table_info` function).
func declaredColumns(_ database: String, _ table: String) throws -> [String] {
    let db = try Connection(toExistingDatabaseAt: database, readonly: true)
    return try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(table)))").rows().map { row in
        "\(try row.get(1, as: String.self)) \(try row.get(2, as: String.self))"
    }
}
