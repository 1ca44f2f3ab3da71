import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate export`: streams a table or a query to CSV, TSV, JSON, NDJSON, HTML or SQL.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a table or a query as CSV, TSV, JSON, NDJSON, HTML or SQL, streamed.",
        discussion: """
            NULL is written as an empty field (CSV/TSV) or null (JSON), an empty text as "", a BLOB \
            as hex digits, and a REAL with the digits that read back as the same number, so \
            `slate import` of an export gives back equal rows. A file is written under a temporary \
            name and renamed when complete: a failed export leaves nothing behind. The html, \
            insert and quote formats are the sqlite3 shell's modes; insert (a .sql file) writes \
            INSERT statements into the exported table's name (or --insert-table), with values that \
            read back exactly.

            Examples:
              slate export shop.db products -o products.csv
              slate export shop.db --sql "SELECT * FROM orders WHERE total > 100" -o big.sql --insert-table orders
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table to export (or give --sql).")
    var table: String?

    @Option(name: .long, help: "A query to export instead of a table.")
    var sql: String?

    @Option(name: .shortAndLong, help: "csv, tsv, json, ndjson, html, insert or quote (default: from --output's extension, else csv).")
    var format: ExportFormat?

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A parameter of --sql: name=value.", valueName: "name=value"))
    var param: [String] = []

    @Flag(name: .customLong("no-header"), help: "Leave out the header row (csv, tsv, html, quote; insert without a column list).")
    var noHeader = false

    @Option(name: .customLong("insert-table"), help: ArgumentHelp("The table the insert format's statements name (default: the exported table, else \"table\").", valueName: "name"))
    var insertTable: String?

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if (table == nil) == (sql == nil) { throw ValidationError("give either a table or --sql, not both") }
        // Without --format the extension chooses: one slate cannot write is a mistake, not CSV.
        if format == nil, let output {
            let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
            if !suffix.isEmpty && !["csv", "tsv", "tab", "json", "ndjson", "jsonl", "html", "htm", "sql"].contains(suffix) {
                throw ValidationError("\(output): slate cannot write .\(suffix) files; name a .csv, .tsv, .json, .ndjson, .html or .sql file, or give --format")
            }
        }
    }

    func run() throws {
        let format = self.format?.outputFormat ?? output.flatMap(OutputFormat.init(fileExtension:)).flatMap { [.csv, .tsv, .json, .ndjson, .html, .insert].contains($0) ? $0 : nil } ?? .csv
        let parameters = try QueryParameters(param)
        let db = try options.openExisting(database, readonly: true)
        let query = sql ?? "SELECT * FROM \(SQLiteValue.quoteIdentifier(table ?? ""))"
        let statement: Statement
        do {
            statement = try db.prepare(sql: query)
        } catch {
            throw CLIError.database(database, error)
        }
        try parameters.bind(statement, number: 1)
        let file = try output.map { try AtomicOutputFile(path: $0) }
        let sink = file?.sink ?? OutputSink.standard
        let writer = makeRowWriter(format, sink: sink, header: !noHeader, null: "", insertTable: insertTable ?? table ?? "table")
        do {
            try streamRows(of: statement, to: writer, sink: sink)
        } catch {
            throw CLIError.database(database, error)
        }
        if let file { try file.commit() } else { try sink.finish() }
    }
}

/// The formats `export` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, tsv, json, ndjson, html, insert, quote

    var outputFormat: OutputFormat {
        switch self {
        case .csv: .csv
        case .tsv: .tsv
        case .json: .json
        case .ndjson: .ndjson
        case .html: .html
        case .insert: .insert
        case .quote: .quote
        }
    }
}
