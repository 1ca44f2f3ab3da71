import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate apply`: applies a changeset or patchset to a database, all or nothing.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply a changeset or patchset to a database, all or nothing, and report the counts.",
        discussion: """
            The file is a changeset or patchset made by SQLite's session extension (`slate diff \
            -o`, Slate's Session, or any other). Every change is applied in one transaction: on an \
            abort, a corrupt file or any error nothing is written. Every table the file changes \
            must exist in the database with the same number of columns and the same primary key, \
            or nothing is applied. A changeset carries values by position, not column names: a \
            file from `slate diff -o` starts with a header that names them (a line \
            "slate-changeset 1", then a JSON line {"columns":{"table":["column",…]}}), and then a \
            table whose columns have other names or another order is refused too; a plain \
            changeset, without the header, is checked for its column counts and keys only. A \
            change conflicts when its row is not as it expects: --on-conflict abort \
            (the default) stops at the first; omit skips each conflicting change; replace lets \
            the incoming row win (data and conflict conflicts) and skips the rest (a row already \
            deleted, a constraint the change would break). A foreign key violation always \
            aborts. A file cut exactly between two changes reads as a valid, shorter changeset: \
            the format has no length or checksum. Example: slate apply replica.db \
            changes.changeset --on-conflict replace
            """
    )

    /// What to do with conflicting changes.
    enum Policy: String, CaseIterable, ExpressibleByArgument {
        case abort, omit, replace

        /// The answer to one conflict.
        func resolve(_ kind: ChangesetConflict.Kind) -> ConflictResolution {
            switch (self, kind) {
            case (.abort, _), (_, .foreignKey): .abort
            case (.replace, .data), (.replace, .conflict): .replace
            default: .omit
            }
        }
    }

    @Argument(help: "The database to change.")
    var database: String

    @Argument(help: "The changeset or patchset file.")
    var file: String

    @Option(name: .customLong("on-conflict"), help: "abort, omit or replace.")
    var onConflict: Policy = .abort

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        try requireSessionExtension("apply")
        let contents = try ChangesetFile(data: try readWholeFile(file), path: file)
        let changeset = contents.changeset
        // Read whole before the database is opened: corrupt or truncated bytes change nothing.
        var total = 0
        do {
            try changeset.forEachChange { _ in total += 1 }
        } catch let error as SQLiteError {
            throw CLIError(file: file, position: nil, error.explanation)
        }
        let db = try options.openExisting(database, readonly: false)

        var omitted: [ChangesetConflict.Kind: Int] = [:]
        var replaced: [ChangesetConflict.Kind: Int] = [:]
        do {
            // Checks every changed table's columns first: their names and order too when the
            // file has a header.
            try db.apply(changeset, columns: contents.columns) { conflict in
                let resolution = onConflict.resolve(conflict.kind)
                switch resolution {
                case .omit: omitted[conflict.kind, default: 0] += 1
                case .replace: replaced[conflict.kind, default: 0] += 1
                case .abort: break
                }
                return resolution
            }
        } catch let error as SQLiteError where error.code == SQLITE_MISUSE {
            // The header's column names do not fit the changeset.
            throw CLIError(file: file, position: nil, error.explanation)
        } catch let error as SQLiteError {
            var failure = CLIError.database(database, error)
            if error.code == SQLITE_ABORT, onConflict == .abort {
                failure.message += " (--on-conflict omit or replace resolves conflicts)"
            }
            throw failure
        }
        let skipped = omitted.values.reduce(0, +)
        var report = "applied \(total - skipped)" + (skipped > 0 ? " of \(total)" : "") + " change\(total == 1 ? "" : "s") to \(database)"
        var conflicts: [String] = []
        if skipped > 0 { conflicts.append("\(skipped) omitted (\(Self.describe(omitted)))") }
        let overwritten = replaced.values.reduce(0, +)
        if overwritten > 0 { conflicts.append("\(overwritten) replaced (\(Self.describe(replaced)))") }
        if !conflicts.isEmpty { report += "; conflicts: " + conflicts.joined(separator: ", ") }
        OutputSink.standard.write(report + "\n")
        try OutputSink.standard.finish()
    }

    /// Counts by kind, as `data: 2, notFound: 1`.
    private static func describe(_ counts: [ChangesetConflict.Kind: Int]) -> String {
        ChangesetConflict.Kind.allCases.compactMap { kind in counts[kind].map { "\(kind): \($0)" } }.joined(separator: ", ")
    }
}
