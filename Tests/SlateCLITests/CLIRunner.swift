import Foundation
import Slate
import SlateTestSupport
import Testing

/// Runs the built `slate` executable in a real process, as a user would.
struct SlateResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLIRunner {
    /// The `slate` binary, built into the same folder as the test runner.
    static var executable: String { builtProduct("slate").path }

    /// Runs `slate` with `arguments` in `directory`, feeding `stdin` (empty by default).
    @discardableResult
    static func run(
        _ arguments: [String], in directory: String? = nil, stdin: Data = Data(),
        environment: [String: String] = [:], launcher: [String] = []
    ) throws -> SlateResult {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [executable] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLATE_KEY")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return try capture(process, in: directory, stdin: stdin)
    }

    /// Runs `process` (its executable and arguments set) in `directory` and waits for it.
    ///
    /// Input and output go through files rather than pipes, so a chatty process can never block
    /// on a full pipe. With no `stdin` the process reads `/dev/null`; with `mergingErrors` its
    /// standard error goes to the captured standard output, and `stderr` is empty.
    static func capture(
        _ process: Process, in directory: String?, stdin: Data? = nil, mergingErrors: Bool = false
    ) throws -> SlateResult {
        let folder = try TemporaryDirectory(prefix: "slate-run")
        let output = folder.fileURL("stdout")
        let errors = folder.fileURL("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let stdin {
            let input = folder.fileURL("stdin")
            try stdin.write(to: input)
            process.standardInput = try FileHandle(forReadingFrom: input)
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = mergingErrors ? process.standardOutput : try FileHandle(forWritingTo: errors)
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
    private let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "slate-cli")
        path = directory.url.path
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

    /// Runs `slate` while another connection holds `database` locked (it runs `lock`, which ends
    /// in an open transaction) and expects it to fail because the database is locked; then rolls
    /// the other connection back and closes it.
    @discardableResult
    func failsLocked(
        _ database: String, by lock: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SlateResult {
        let holder = try Connection(file(database))
        defer { holder.close() }
        try holder.execute(sql: lock)
        let result = try CLIRunner.run(arguments, in: path)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains("database is locked (another connection holds a lock; raise --busy-timeout to wait longer)"),
            "\(result.stderr)", sourceLocation: sourceLocation)
        try holder.execute(sql: "ROLLBACK")
        return result
    }

    /// Opens (or creates) the database `name` in the workspace, runs `sql` in it and closes it;
    /// returns its path.
    @discardableResult
    func database(_ name: String, sql: String) throws -> String {
        let db = try Connection(file(name))
        defer { db.close() }
        try db.execute(sql: sql)
        return file(name)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// Runs `slate` in the workspace.
    @discardableResult
    func slate(_ arguments: String..., stdin: String = "") throws -> SlateResult {
        try CLIRunner.run(arguments, in: path, stdin: Data(stdin.utf8))
    }

    /// Runs `slate` in the workspace and expects it to succeed (exit status 0), showing its
    /// standard error if it does not.
    @discardableResult
    func succeeds(_ arguments: String..., stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> SlateResult {
        let result = try CLIRunner.run(arguments, in: path, stdin: Data(stdin.utf8))
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `slate` in the workspace and expects it to fail with `status` and exactly `stderr`.
    @discardableResult
    func fails(
        _ arguments: String..., stdin: String = "", status: Int32 = 1, stderr: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SlateResult {
        let result = try CLIRunner.run(arguments, in: path, stdin: Data(stdin.utf8))
        #expect(result.status == status, sourceLocation: sourceLocation)
        #expect(result.stderr == stderr, sourceLocation: sourceLocation)
        return result
    }
}

/// `name TYPE` for each column of a table, read with `PRAGMA table_info` (SQLCipher's SQLite
/// 3.15 has no `pragma_table_info` function).
func declaredColumns(_ database: String, _ table: String) throws -> [String] {
    let db = try Connection(database, options: .readonly)
    return try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(table)))").rows().map { row in
        "\(try row.get(1, as: String.self)) \(try row.get(2, as: String.self))"
    }
}
