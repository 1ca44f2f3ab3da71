import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate diff`: the SQL (or the binary changeset) that turns one database's rows into another's.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print the SQL that turns one database's rows into another's, or write it as a changeset.",
        discussion: """
            Rows are matched by primary key and values compared exactly (storage class, bytes, \
            and a REAL's bits: 0.0 is not -0.0), and the changes are recorded with SQLite's \
            session extension: printed as INSERT, UPDATE and DELETE statements between BEGIN; and \
            COMMIT; (as sqldiff --transaction prints them, deletes first; nothing at all when the \
            databases hold the same rows), or with --output written as a binary changeset that \
            `slate apply` applies. The file starts with a header that names each table's \
            columns, which a changeset does not carry: a line "slate-changeset 1", then a JSON \
            line {"columns":{"table":["column",…]}}, then the changeset as SQLite writes it. \
            Neither database is written. Both \
            must have the same tables with the same columns (a changeset carries rows, not schema \
            changes): name the tables to compare with --table otherwise. Tables without a primary \
            key, virtual tables and rows with a NULL in their key cannot be carried: each is named \
            in a warning. Examples: slate diff old.db new.db > changes.sql, then slate query \
            copy.db --write < changes.sql; slate diff old.db new.db --table notes -o notes.changeset
            """
    )

    @Argument(help: "The database to start from.")
    var source: String

    @Argument(help: "The database to end at.")
    var target: String

    @Option(name: .long, parsing: .singleValue, help: "A table to compare (repeat for several; default: every table).")
    var table: [String] = []

    @Option(name: .shortAndLong, help: "Write a binary changeset to this file instead of printing SQL.")
    var output: String?

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        try requireSessionExtension("diff")
        // Opened alone first, for the same errors as every command (missing, not a database).
        for path in [source, target] { try options.openExisting(path, readonly: true).close() }
        let db = try Connection()
        // Each database is attached read-only under its own path, so SQLite's and Slate's
        // messages name the file.
        let sourceName = source
        let targetName = target == source ? target + " (target)" : target
        let files = "\(source), \(target)"
        do {
            try db.setBusyTimeout(options.busyTimeout)
            try db.attach(Self.readOnly(source), as: sourceName)
            try db.attach(Self.readOnly(target), as: targetName)
        } catch {
            throw CLIError.database(files, error)
        }
        let diff: Changeset.Diff
        do {
            diff = try db.diff(from: sourceName, to: targetName, tables: table.isEmpty ? nil : table)
        } catch {
            throw CLIError.database(files, error)
        }
        let warnings = WarningPrinter()
        for omission in diff.omissions { warnings.warn("\(files): \(omission)") }
        warnings.finish()

        if let output {
            let file = try AtomicOutputFile(path: output)
            let bytes = try ChangesetFile(changeset: diff.changeset, columns: diff.columns).data
            bytes.withUnsafeBytes { file.sink.write($0.bindMemory(to: UInt8.self)) }
            try file.commit()
            let count = try Self.count(diff.changeset, files: files)
            OutputSink.standard.write("wrote \(count) change\(count == 1 ? "" : "s") to \(output)\n")
        } else {
            let sink = OutputSink.standard
            do {
                // One transaction, as `sqldiff --transaction` writes it: all or nothing when run.
                if !diff.changeset.isEmpty { sink.write("BEGIN;\n") }
                try diff.changeset.forEachChange { change in
                    try sink.write(ChangeSQL.statement(change, columns: diff.columns[change.table] ?? []) + "\n")
                }
                if !diff.changeset.isEmpty { sink.write("COMMIT;\n") }
            } catch let error as SQLiteError {
                throw CLIError.database(files, error)
            }
        }
        try OutputSink.standard.finish()
    }

    /// A database file as a read-only URI (its `%`, `?` and `#` escaped, made absolute so that a
    /// path starting with `//` is not read as a host).
    static func readOnly(_ path: String) -> Connection.Location {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for character in absolute.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return .uri("file://" + escaped, parameters: [.mode(.readOnly)])
    }

    /// The number of changes in a changeset.
    private static func count(_ changeset: Changeset, files: String) throws -> Int {
        var count = 0
        do {
            try changeset.forEachChange { _ in count += 1 }
        } catch let error as SQLiteError {
            throw CLIError.database(files, error)
        }
        return count
    }
}
