import ArgumentParser
import SlateCore
import SlateSchema

/// `slate check`: runs SQLite's integrity and foreign-key checks.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a database's integrity and its foreign keys; exit 1 if a problem is found.",
        discussion: """
            Prints `ok`, or one line per problem (PRAGMA integrity_check and PRAGMA foreign_key_check).

            Example: slate check shop.db && slate backup shop.db shop-copy.db
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        let problems: [String]
        do {
            problems = try CheckCommand.problems(in: db)
        } catch {
            throw CLIError.database(database, error)
        }
        let sink = OutputSink.standard
        if problems.isEmpty {
            sink.write("ok\n")
            try sink.finish()
            return
        }
        for problem in problems { sink.write(problem + "\n") }
        try sink.finish()
        throw CLIError("\(database): \(problems.count) problem\(problems.count == 1 ? "" : "s") found")
    }

    /// Every problem the integrity and foreign-key checks report, one line each.
    static func problems(in db: Connection) throws(SQLiteError) -> [String] {
        var problems: [String] = []
        let integrity = try db.prepare(sql: "PRAGMA integrity_check")
        while try integrity.step() {
            let line: String = integrity.columnValue(at: 0, as: String.self) ?? ""
            if line != "ok" { problems.append("integrity: " + line) }
        }
        let foreignKeys = try db.prepare(sql: "PRAGMA foreign_key_check")
        while try foreignKeys.step() {
            let table: String = foreignKeys.columnValue(at: 0, as: String.self) ?? "?"
            let rowid: Int64? = foreignKeys.columnValue(at: 1, as: Int64.self)
            let parent: String = foreignKeys.columnValue(at: 2, as: String.self) ?? "?"
            problems.append("foreign key: \(table) row \(rowid.map(String.init) ?? "(without rowid)") refers to a missing row of \(parent)")
        }
        return problems
    }
}
