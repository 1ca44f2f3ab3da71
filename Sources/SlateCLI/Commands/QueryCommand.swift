import ArgumentParser
import Foundation
import Slate

/// `slate query`: runs SQL and streams the last statement's rows in one of eleven formats.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run SQL against a database and stream the result rows.",
        discussion: """
            The database is opened read-only unless --write is given; with --write a missing \
            database is created (and removed again if the SQL fails) and every statement runs in \
            one transaction (all or nothing), unless the script has its own BEGIN … COMMIT, as a \
            dump does: then it runs as written, and a failure rolls back the open transaction. \
            Only the last statement's rows are printed. Formats: table, box, markdown and line are \
            for people (numbers right-aligned, wide characters aligned, NULL shown as the --null \
            marker); csv, tsv, json and ndjson are for programs (NULL is an empty field or null, an \
            empty text is ""); html, insert and quote are the sqlite3 shell's modes (insert writes \
            INSERT INTO "table" statements, or --insert-table NAME, with values that read back \
            exactly).

            Examples:
              slate query shop.db "SELECT * FROM products WHERE price > :min" --param min=10 --format box
              slate query copy.db --write < dump.sql
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The SQL: one or more statements; - or nothing reads it from standard input.")
    var sql: String?

    @OptionGroup var output: OutputOptions<TableFormatByDefault>

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A parameter's value: name=value for :name, @name or $name; 1=value for the first ?.", valueName: "name=value"))
    var param: [String] = []

    @Flag(name: .long, help: "Open the database for writing (created if missing); all statements run in one transaction.")
    var write = false

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
        guard write else {
            let db = try options.openExisting(database, readonly: true)
            try Self.run(statements, on: db, named: database, parameters: parameters, output: output, transaction: false, suggestWrite: true)
            return
        }
        let (db, created) = try options.openOrCreate(database)
        do {
            // A script with its own BEGIN … COMMIT (a dump) runs as written.
            let ownTransaction = statements.contains(where: Self.controlsTransaction)
            try Self.run(statements, on: db, named: database, parameters: parameters, output: output, transaction: !ownTransaction)
        } catch {
            db.close()
            if created { removeDatabaseFiles(database) }
            throw error
        }
    }

    /// Runs statements on `db` and streams the last one's rows (or says how many rows it
    /// changed); `query` and `memory` share it.
    ///
    /// - Parameters:
    ///   - transaction: Run every statement in one transaction. Whether or not, a failure rolls
    ///     back the transaction that is open.
    ///   - suggestWrite: A write refused as read-only suggests `--write`.
    /// - Throws: ``CLIError`` naming the database (`name`) and, in a script, the statement.
    static func run<Default>(
        _ statements: [String], on db: Connection, named name: String, parameters: QueryParameters, output: OutputOptions<Default>, transaction: Bool,
        suggestWrite: Bool = false
    ) throws {
        let sink = OutputSink.standard
        if transaction {
            do { try db.beginTransaction(.immediate) } catch { throw CLIError.database(name, error) }
        }
        do {
            for (offset, text) in statements.enumerated() {
                let number = offset + 1
                let statement: Statement
                do {
                    statement = try db.prepare(sql: text)
                } catch {
                    throw CLIError.database(name, error, at: statements.count > 1 ? "statement \(number)" : nil)
                }
                try parameters.bind(statement, number: number)
                do {
                    if number < statements.count {
                        try statement.executeToCompletion()
                    } else if statement.columnCount() > 0 {
                        try streamRows(of: statement, to: output.writer(sink: sink), sink: sink)
                    } else {
                        try statement.executeToCompletion()
                        if !statement.isReadOnly {
                            let changes = db.changes
                            sink.write("\(changes) row\(changes == 1 ? "" : "s") changed\n")
                        }
                    }
                } catch {
                    var failure = CLIError.database(name, error, at: statements.count > 1 ? "statement \(number)" : nil)
                    if error.code == SQLITE_READONLY && suggestWrite { failure.message += "; use --write to change the database" }
                    throw failure
                }
            }
            if transaction {
                do { try db.commitTransaction() } catch { throw CLIError.database(name, error) }
            }
        } catch {
            if !db.isAutocommit { try? db.rollbackTransaction() }
            try? sink.finish()
            throw error
        }
        try sink.finish()
    }

    /// Whether a statement begins or ends a transaction (`BEGIN`, `COMMIT`, `END`, `ROLLBACK`
    /// without `TO`), so the script manages its own.
    static func controlsTransaction(_ statement: String) -> Bool {
        let words = SQLTokenizer(statement).tokens.prefix(4)
        guard let first = words.first else { return false }
        if first.isKeyword("BEGIN") || first.isKeyword("COMMIT") || first.isKeyword("END") { return true }
        return first.isKeyword("ROLLBACK") && !words.contains { $0.isKeyword("TO") }
    }
}
