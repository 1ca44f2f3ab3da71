import ArgumentParser
import Foundation
import Slate

/// `slate apply`: applies a changeset or patchset to a database, all or nothing.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply a changeset or patchset to a database, all or nothing, and report the counts.",
        discussion: """
            The file is a changeset or patchset made by SQLite's session extension (`slate diff \
            -o`, Slate's Session, or any other). Every change is applied in one transaction: on an \
            abort, a corrupt file or any error nothing is written. Every table the file changes \
            must exist in the database with the same columns and primary key, or nothing is \
            applied. A change conflicts when its row is not as it expects: --on-conflict abort \
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
        let changeset = Changeset(try readWholeFile(file))
        // Read whole before the database is opened: corrupt or truncated bytes change nothing.
        var tables: [(name: String, keys: [Bool], changes: Int)] = []
        do {
            try changeset.forEachChange { change in
                if let last = tables.indices.last(where: { tables[$0].name == change.table }) {
                    tables[last].changes += 1
                } else {
                    tables.append((change.table, change.primaryKeyColumns, 1))
                }
            }
        } catch let error as SQLiteError {
            throw CLIError(file: file, position: nil, error.explanation)
        }
        let total = tables.reduce(0) { $0 + $1.changes }
        let db = try options.openExisting(database, readonly: false)
        for table in tables { try check(table, in: db) }

        var omitted: [ChangesetConflict.Kind: Int] = [:]
        var replaced: [ChangesetConflict.Kind: Int] = [:]
        do {
            try db.apply(changeset) { conflict in
                let resolution = onConflict.resolve(conflict.kind)
                switch resolution {
                case .omit: omitted[conflict.kind, default: 0] += 1
                case .replace: replaced[conflict.kind, default: 0] += 1
                case .abort: break
                }
                return resolution
            }
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

    /// Checks that the database has a table the changeset changes, with the same number of
    /// columns and the same primary key: SQLite would skip its changes silently otherwise.
    private func check(_ table: (name: String, keys: [Bool], changes: Int), in db: Connection) throws {
        var keys: [Bool] = []
        do {
            let cursor = try db.prepare(sql: "PRAGMA main.table_info(\(SQLiteValue.quoteIdentifier(table.name)))").cursor()
            while let row = try cursor.next() { keys.append(try row.get(5, as: Int.self) > 0) }
        } catch {
            throw CLIError.database(database, error)
        }
        let changes = "\(table.changes) change\(table.changes == 1 ? "" : "s") in \(file)"
        guard !keys.isEmpty else {
            throw CLIError(file: database, position: nil, "no such table: \(table.name) (\(changes)); nothing was applied")
        }
        guard keys == table.keys else {
            throw CLIError(
                file: database, position: nil,
                "the table \(table.name) has \(keys.count) columns with the primary key at \(Self.positions(keys)), "
                    + "the changeset's \(table.keys.count) with it at \(Self.positions(table.keys)) (\(changes)); nothing was applied")
        }
    }

    /// The 1-based positions of the key columns, as `1, 3`.
    private static func positions(_ keys: [Bool]) -> String {
        keys.indices.filter { keys[$0] }.map { String($0 + 1) }.joined(separator: ", ")
    }

    /// Counts by kind, as `data: 2, notFound: 1`.
    private static func describe(_ counts: [ChangesetConflict.Kind: Int]) -> String {
        ChangesetConflict.Kind.allCases.compactMap { kind in counts[kind].map { "\(kind): \($0)" } }.joined(separator: ", ")
    }
}
