import ArgumentParser

/// The output options of the commands that print rows (`query`, `memory`, `analyze`): the
/// format, the header, how NULL shows, and the `insert` format's table. `Default` gives the
/// format used without `--format`.
struct OutputOptions<Default: DefaultOutputFormat>: ParsableArguments {
    @Option(name: .shortAndLong, help: "table, box, markdown, line, csv, tsv, json, ndjson, html, insert or quote.")
    var format: OutputFormat = Default.format

    @Flag(name: .customLong("no-header"), help: "Leave out the header row (table, box, markdown, csv, tsv, html, quote; insert without a column list).")
    var noHeader = false

    @Option(name: .long, help: "How the people formats show NULL.")
    var null = "∅"

    @Option(name: .customLong("insert-table"), help: ArgumentHelp("The table the insert format's statements name.", valueName: "name"))
    var insertTable = "table"

    /// The writer for these options (the text of `jsonColumns` is JSON, embedded as such in
    /// the json and ndjson formats).
    func writer(sink: OutputSink, jsonColumns: Set<String> = []) -> any RowWriter {
        makeRowWriter(format, sink: sink, header: !noHeader, null: null, insertTable: insertTable, jsonColumns: jsonColumns)
    }
}

/// The format a command prints without `--format`.
protocol DefaultOutputFormat {
    static var format: OutputFormat { get }
}

/// `table` without `--format`.
enum TableFormatByDefault: DefaultOutputFormat {
    static var format: OutputFormat { .table }
}

/// `line` (one `name = value` line per field) without `--format`.
enum LineFormatByDefault: DefaultOutputFormat {
    static var format: OutputFormat { .line }
}
