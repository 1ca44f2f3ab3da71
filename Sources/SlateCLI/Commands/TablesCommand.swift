import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate tables`: lists a database's tables, with their row counts on request.
struct TablesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tables",
        abstract: "List the tables of a database (with --counts, their rows).",
        discussion: "Example: slate tables shop.db --counts --format csv"
    )

    @Argument(help: "The database file.")
    var database: String

    @Flag(name: .long, help: "Count each table's rows.")
    var counts = false

    @Option(name: .shortAndLong, help: "table, box, csv, tsv, json, ndjson, markdown or line.")
    var format: OutputFormat = .table

    @Flag(name: .customLong("no-header"), help: "Leave out the header row (table, box, markdown, csv, tsv).")
    var noHeader = false

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        let sink = OutputSink.standard
        do {
            var names: [String] = []
            let list = try db.prepare(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            while try list.step() {
                let name: String = list.columnValue(at: 0, as: String.self) ?? ""
                names.append(name)
            }
            // One statement for the whole listing, so every output format works on it.
            let rows = names.map { name in
                "SELECT \(sqlLiteral(name)) AS \"table\"" + (counts ? ", (SELECT count(*) FROM \(SQLiteValue.quoteIdentifier(name))) AS \"rows\"" : "")
            }
            let empty = "SELECT NULL AS \"table\"" + (counts ? ", NULL AS \"rows\"" : "") + " WHERE 0"
            let statement = try db.prepare(sql: rows.isEmpty ? empty : rows.joined(separator: " UNION ALL "))
            try streamRows(of: statement, to: makeRowWriter(format, sink: sink, header: !noHeader, null: ""), sink: sink)
        } catch {
            throw CLIError.database(database, error)
        }
        try sink.finish()
    }
}

/// `text` as an SQL string literal.
func sqlLiteral(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
}
