import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

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
            SQL without any statement (an empty file) runs nothing, as the sqlite3 shell does. \
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
        // `slate query DB -` or `slate query DB < file.sql`: read as it comes, a statement at a time.
        let reader = try sql.flatMap { $0 == "-" ? nil : StatementReader(text: $0) } ?? StatementReader(standardInput: ())
        guard write else {
            let db = try options.openExisting(database, readonly: true)
            try Self.run(reader, on: db, named: database, parameters: parameters, output: output, transaction: false, suggestWrite: true)
            return
        }
        let (db, created) = try options.openOrCreate(database)
        do {
            try Self.run(reader, on: db, named: database, parameters: parameters, output: output, transaction: true)
        } catch {
            db.close()
            if created { removeDatabaseFiles(database) }
            throw error
        }
    }

    /// Runs statements on `db` and streams the last one's rows (or says how many rows it
    /// changed); `query` and `memory` share it. Each statement runs as it is read, so a script
    /// of any size (a dump) takes little memory.
    ///
    /// - Parameters:
    ///   - transaction: Run every statement in one transaction, unless the script's first
    ///     statement after any PRAGMA is its own BEGIN (a dump): then it runs as written, its
    ///     PRAGMAs before the BEGIN. Either way a failure rolls back the transaction that is open.
    ///   - suggestWrite: A write refused as read-only suggests `--write`.
    /// - Throws: ``CLIError`` naming the database (`name`) and, in a script, the statement.
    static func run<Default>(
        _ reader: StatementReader, on db: Connection, named name: String, parameters: QueryParameters, output: OutputOptions<Default>, transaction: Bool,
        suggestWrite: Bool = false
    ) throws {
        let sink = OutputSink.standard
        do {
            // Statements read but not run: the one running is known to be the last only once
            // the reader has nothing after it.
            var queue: [String] = []
            var exhausted = false
            func fill(_ count: Int) throws {
                while !exhausted && queue.count < count {
                    if let statement = try reader.next() { queue.append(statement) } else { exhausted = true }
                }
            }
            try fill(2)
            // No statement at all (an empty file, or `slate diff` of two equal databases):
            // nothing to run, as the sqlite3 shell takes it.
            guard !queue.isEmpty else {
                try sink.finish()
                return
            }
            var wrapped = false
            if transaction {
                // Look past the leading PRAGMAs for the script's own BEGIN.
                while !exhausted && queue.allSatisfy(Self.isPragma) { try fill(queue.count + 1) }
                if !(queue.first(where: { !Self.isPragma($0) }).map(Self.controlsTransaction) ?? false) {
                    do { try db.beginTransaction(.immediate) } catch { throw CLIError.database(name, error) }
                    wrapped = true
                }
            }
            var number = 0
            while !queue.isEmpty {
                try fill(2)
                let text = queue.removeFirst()
                number += 1
                let last = queue.isEmpty && exhausted
                let position = number > 1 || !last ? "statement \(number)" : nil
                if wrapped && Self.controlsTransaction(text) {
                    throw CLIError(
                        file: name, position: position,
                        "\(text.prefix(20)) inside the transaction --write runs the script in; a script with its own transaction starts with BEGIN (after any PRAGMA)")
                }
                let statement: Statement
                do {
                    statement = try db.prepare(sql: text)
                } catch {
                    throw CLIError.database(name, error, at: position)
                }
                try parameters.bind(statement, number: number)
                do {
                    if !last {
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
                    var failure = CLIError.database(name, error, at: position)
                    if error.code == SQLITE_READONLY && suggestWrite { failure.message += "; use --write to change the database" }
                    throw failure
                }
            }
            if wrapped {
                do { try db.commitTransaction() } catch { throw CLIError.database(name, error) }
            }
        } catch {
            if !db.isAutocommit { try? db.rollbackTransaction() }
            try? sink.finish()
            throw error
        }
        try sink.finish()
    }

    /// Whether a statement is a PRAGMA.
    static func isPragma(_ statement: String) -> Bool {
        SQLTokenizer(statement).tokens.first?.isKeyword("PRAGMA") ?? false
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

/// SQL statements one at a time, from an argument or read from standard input as it comes
/// (a chunk at a time, so a script of any size takes little memory), split where
/// `sqlite3_complete` would split them.
final class StatementReader {
    private var input: ByteSource?
    private var statements: [String] = []
    private var index = 0
    /// Text read after the last complete statement.
    private var tail: [UInt8] = []

    /// The statements of `text`.
    init(text: String) {
        statements = SQLScript(string: text).statements
    }

    /// The statements read from standard input.
    init(standardInput: Void) throws {
        input = try ByteSource(path: "-", encoding: .utf8, chunkSize: 1 << 16)
    }

    /// The next statement, with its `;`; `nil` at the end. At the end of the input, an
    /// incomplete statement is handed out as it is, for SQLite to report.
    ///
    /// - Throws: ``CLIError`` when standard input cannot be read or is not UTF-8.
    func next() throws -> String? {
        while index == statements.count {
            guard let input else { return nil }
            statements = []
            index = 0
            let chunk: UnsafeBufferPointer<UInt8>?
            do {
                chunk = try input.nextChunk()
            } catch is ByteSource.InvalidUTF8 {
                throw CLIError("standard input: the SQL is not UTF-8 text (at byte \(input.bytesRead - Int64(tail.count)) or after)")
            }
            guard let chunk else {
                self.input = nil
                let rest = String(decoding: tail, as: UTF8.self)
                tail = []
                statements = SQLScript(string: rest).statements
                continue
            }
            tail.append(contentsOf: chunk)
            // No statement can end in a chunk without a `;` (a long literal): read on.
            guard chunk.contains(UInt8(ascii: ";")) else { continue }
            // The rest may be a statement the next chunk completes.
            let (complete, rest) = tail.withUnsafeBufferPointer { SQLScript.completeStatements(in: $0) }
            tail.removeFirst(rest)
            statements = complete
        }
        defer { index += 1 }
        return statements[index]
    }
}
