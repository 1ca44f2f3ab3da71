import ArgumentParser
import Foundation
import Slate

/// `slate query`: runs SQL and streams the last statement's rows in one of eight formats.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run SQL against a database and stream the result rows.",
        discussion: """
            The database is opened read-only unless --write is given; with --write every statement \
            runs in one transaction (all or nothing). Only the last statement's rows are printed. \
            Formats: table, box, markdown and line are for people (numbers right-aligned, wide \
            characters aligned, NULL shown as the --null marker); csv, tsv, json and ndjson are for \
            programs (NULL is an empty field or null, an empty text is "").
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The SQL: one or more statements; - or nothing reads it from standard input.")
    var sql: String?

    @Option(name: .shortAndLong, help: "table, box, csv, tsv, json, ndjson, markdown or line.")
    var format: OutputFormat = .table

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A parameter's value: name=value for :name, @name or $name; 1=value for the first ?.", valueName: "name=value"))
    var param: [String] = []

    @Flag(name: .long, help: "Open the database for writing; all statements run in one transaction.")
    var write = false

    @Flag(name: .customLong("no-header"), help: "Leave out the header row (table, box, markdown, csv, tsv).")
    var noHeader = false

    @Option(name: .long, help: "How the people formats show NULL.")
    var null = "∅"

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let parameters = try QueryParameters(param)
        let text: String
        if let sql, sql != "-" {
            text = sql
        } else {
            // `slate query DB -` or `slate query DB < file.sql`.
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let statements = SQLScript(string: text).statements
        guard !statements.isEmpty else { throw CLIError("no SQL statement given", exitCode: 64) }
        let db = try options.openExisting(database, readonly: !write)
        let sink = OutputSink.standard
        if write {
            do { try db.beginTransaction(.immediate) } catch { throw CLIError.database(database, error) }
        }
        do {
            for (offset, text) in statements.enumerated() {
                let number = offset + 1
                let statement: Statement
                do {
                    statement = try db.prepare(sql: text)
                } catch {
                    throw CLIError.database(database, error, at: statements.count > 1 ? "statement \(number)" : nil)
                }
                try parameters.bind(statement, number: number)
                do {
                    if number < statements.count {
                        try statement.executeToCompletion()
                    } else if statement.columnCount() > 0 {
                        let writer = makeRowWriter(format, sink: sink, header: !noHeader, null: null)
                        try streamRows(of: statement, to: writer, sink: sink)
                    } else {
                        try statement.executeToCompletion()
                        if !statement.isReadOnly {
                            let changes = db.changes
                            sink.write("\(changes) row\(changes == 1 ? "" : "s") changed\n")
                        }
                    }
                } catch {
                    var failure = CLIError.database(database, error, at: statements.count > 1 ? "statement \(number)" : nil)
                    if error.code == SQLITE_READONLY && !write { failure.message += "; use --write to change the database" }
                    throw failure
                }
            }
            if write {
                do { try db.commitTransaction() } catch { throw CLIError.database(database, error) }
            }
        } catch {
            if write && !db.isAutocommit { try? db.rollbackTransaction() }
            try? sink.finish()
            throw error
        }
        try sink.finish()
    }
}
