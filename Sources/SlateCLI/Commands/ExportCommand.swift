import ArgumentParser
import Foundation
import Slate

/// `slate export`: streams a table or a query to CSV, TSV, JSON or NDJSON.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a table or a query as CSV, TSV, JSON or NDJSON, streamed.",
        discussion: """
            NULL is written as an empty field (CSV/TSV) or null (JSON), an empty text as "", a BLOB \
            as hex digits, and a REAL with the digits that read back as the same number, so \
            `slate import` of an export gives back equal rows. A file is written under a temporary \
            name and renamed when complete: a failed export leaves nothing behind.
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table to export (or give --sql).")
    var table: String?

    @Option(name: .long, help: "A query to export instead of a table.")
    var sql: String?

    @Option(name: .shortAndLong, help: "csv, tsv, json or ndjson (default: from --output's extension, else csv).")
    var format: ExportFormat?

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A parameter of --sql: name=value.", valueName: "name=value"))
    var param: [String] = []

    @Flag(name: .customLong("no-header"), help: "Leave out the CSV/TSV header row.")
    var noHeader = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if (table == nil) == (sql == nil) { throw ValidationError("give either a table or --sql, not both") }
        // Without --format the extension chooses: one slate cannot write is a mistake, not CSV.
        if format == nil, let output {
            let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
            if !suffix.isEmpty && !["csv", "tsv", "tab", "json", "ndjson", "jsonl"].contains(suffix) {
                throw ValidationError("\(output): slate cannot write .\(suffix) files; name a .csv, .tsv, .json or .ndjson file, or give --format")
            }
        }
    }

    func run() throws {
        let format = self.format?.outputFormat ?? output.flatMap(OutputFormat.init(fileExtension:)).flatMap { [.csv, .tsv, .json, .ndjson].contains($0) ? $0 : nil } ?? .csv
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
        let writer = makeRowWriter(format, sink: sink, header: !noHeader, null: "")
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
    case csv, tsv, json, ndjson

    var outputFormat: OutputFormat {
        switch self {
        case .csv: .csv
        case .tsv: .tsv
        case .json: .json
        case .ndjson: .ndjson
        }
    }
}
