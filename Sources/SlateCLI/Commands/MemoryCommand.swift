import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate memory`: loads CSV, TSV, JSON or NDJSON files into an in-memory database, one table
/// per file, and runs SQL on them, as sqlite-utils' `memory` does.
struct MemoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Run SQL on CSV, TSV, JSON or NDJSON files, each loaded into an in-memory table.",
        discussion: """
            Each file becomes a table named after the file without its extension (data.csv is \
            table data; - or stdin reads standard input as table stdin). Names are quoted, so any name \
            works in "double quotes"; a name SQLite reserves (sqlite_…) gets a leading _, and a \
            second file with the same name (ignoring case) gets _2, _3, … (with a warning). Views \
            t1, t2, … name the files in order, and t the first, where no table takes those \
            names. The format comes from the extension (.csv, .tsv/.tab, .json, .ndjson/.jsonl, \
            else CSV) or a suffix: data.txt:tsv, stdin:json (csv, tsv, json, ndjson or nl). Types \
            are detected as `slate import` detects them, with its options (--type, --delimiter, \
            --encoding, --null-value, …; --no-input-header for CSV without a header row). The \
            SQL and its output work as in `slate query`, in every format. With --schema, --dump, \
            --analyze or --save, every argument is a file and no SQL runs.

            Examples:
              slate memory sales.csv regions.json "SELECT r.name, sum(s.total) FROM sales s JOIN regions r ON r.id = s.region GROUP BY 1"
              cat events.ndjson | slate memory stdin:ndjson "SELECT type, count(*) FROM stdin GROUP BY 1" --format csv
              slate memory data.csv --dump > data.sql
            """
    )

    @Argument(help: ArgumentHelp("The files to load (- or stdin for standard input), then the SQL.", valueName: "file"))
    var arguments: [String] = []

    @Flag(name: .long, help: "Print the CREATE statements of the loaded tables instead of running SQL.")
    var schema = false

    @Flag(name: .long, help: "Print SQL that recreates the loaded tables (as `slate dump` does) instead of running SQL.")
    var dump = false

    @Flag(name: .long, help: "Describe every column of the loaded tables (as `slate analyze` does) instead of running SQL.")
    var analyze = false

    @Option(name: .long, help: ArgumentHelp("Save the loaded tables to a new database file.", valueName: "file"))
    var save: String?

    @Flag(name: .customLong("no-input-header"), help: "The input files' first line is data: their columns are named c1, c2, ….")
    var noInputHeader = false

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A parameter's value: name=value for :name, @name or $name; 1=value for the first ?.", valueName: "name=value"))
    var param: [String] = []

    @OptionGroup var output: OutputOptions<TableFormatByDefault>

    @OptionGroup var input: InputOptions

    @OptionGroup(title: "Options for --save") var options: DatabaseOptions

    /// Whether the arguments are all files (no SQL runs).
    private var filesOnly: Bool { schema || dump || analyze || save != nil }

    func validate() throws {
        if [schema, dump, analyze].filter({ $0 }).count > 1 { throw ValidationError("--schema, --dump and --analyze cannot be used together") }
        if filesOnly {
            if arguments.isEmpty { throw ValidationError("give at least one file to load") }
        } else if arguments.count < 2 {
            throw ValidationError("give at least one file to load, then the SQL")
        }
        if arguments.dropLast(filesOnly ? 0 : 1).filter({ Self.parse($0).path == "-" }).count > 1 {
            throw ValidationError("standard input (-) can be read once")
        }
    }

    func run() throws {
        let files = filesOnly ? arguments : Array(arguments.dropLast())
        let warnings = WarningPrinter()
        defer { warnings.finish() }
        let statements = StatementReader(text: filesOnly ? "" : arguments.last ?? "")
        if !filesOnly && SQLScript(string: arguments.last ?? "").statements.isEmpty { throw CLIError("no SQL statement given", exitCode: 64) }
        let parameters = try QueryParameters(param)
        if let save, pathExists(save) {
            throw CLIError(file: save, position: nil, "a file already exists; --save writes a new database only")
        }
        let db: Connection
        do {
            db = try Connection(.inMemory)
        } catch {
            throw CLIError.database(Self.databaseName, error)
        }
        let tables = try load(files, into: db, warn: warnings.warn)
        let sink = OutputSink.standard
        if schema {
            sink.write(try SchemaCommand.render(db))
        } else if dump {
            try DatabaseDump(db: db).write(tables: [], to: sink)
        } else if analyze {
            let writer = output.writer(sink: sink, jsonColumns: TableAnalysis.jsonColumns)
            writer.begin(columns: TableAnalysis.columnNames)
            var rows = 0
            for table in tables { rows += try TableAnalysis(db: db).write(table: table, columns: [], to: writer) }
            writer.end(rowCount: rows)
        }
        try sink.finish()
        if let save {
            _ = try BackupCommand.copy(db, named: Self.databaseName, to: save, pagesPerStep: 1_024, options: options)
        }
        if !filesOnly {
            try QueryCommand.run(statements, on: db, named: Self.databaseName, parameters: parameters, output: output, transaction: false)
        }
    }

    /// The name of the in-memory database in messages.
    static let databaseName = "memory"

    /// Loads each file into its own table.
    ///
    /// - Returns: The tables' names, in the order of the files.
    private func load(_ files: [String], into db: Connection, warn: @escaping (String) -> Void) throws -> [String] {
        var tables: [String] = []
        for argument in files {
            let (path, format) = Self.parse(argument)
            let name = Self.tableName(for: path, taken: tables)
            if name.base != name.table {
                let reason = name.base.lowercased().hasPrefix("sqlite_") ? "SQLite reserves names that start with sqlite_" : "an earlier file is table \(name.base)"
                warn("\(path == "-" ? "standard input" : path) is loaded as table \(name.table) (\(reason))")
            }
            let (input, source) = try self.input.open(path, format: format, header: !noInputHeader, warn: warn)
            let importer = Importer(db: db, databaseName: Self.databaseName, settings: try self.input.settings(table: name.table), warn: warn)
            _ = try importer.run(source, progress: ProgressBar(unit: "rows", totalBytes: input.totalBytes, quiet: true))
            tables.append(name.table)
        }
        // t1, t2, … (and t) for the files in order, where no table has those names.
        let aliases = tables.enumerated().map { ("t\($0.offset + 1)", $0.element) } + (tables.first.map { [("t", $0)] } ?? [])
        for (alias, table) in aliases where !tables.contains(where: { $0.lowercased() == alias }) {
            do {
                try db.execute(sql: "CREATE TEMP VIEW \(alias) AS SELECT * FROM main.\(SQLiteValue.quoteIdentifier(table))")
            } catch {
                throw CLIError.database(Self.databaseName, error)
            }
        }
        return tables
    }

    /// A file argument's path and format: `data.txt:tsv` names the format, unless a file has that
    /// very name; otherwise the extension decides, else CSV.
    static func parse(_ argument: String) -> (path: String, format: ImportFormat) {
        var path = argument
        var format: ImportFormat?
        if !pathExists(argument), let colon = argument.lastIndex(of: ":") {
            let suffix = argument[argument.index(after: colon)...].lowercased()
            format =
                switch suffix {
                case "nl", "jsonl": .ndjson
                default: ImportFormat(rawValue: suffix)
                }
            if format != nil { path = String(argument[..<colon]) }
        }
        // `stdin` is standard input too (as sqlite-utils spells it), unless a file has that name.
        if path == "stdin" && !pathExists(path) { path = "-" }
        return (path, format ?? (path == "-" ? .csv : ImportFormat(fileExtension: path) ?? .csv))
    }

    /// The table for a file: its name without the extension (`stdin` for standard input); a
    /// name SQLite reserves gets a leading `_`, and one an earlier file took gets `_2`, `_3`, ….
    static func tableName(for path: String, taken: [String]) -> (base: String, table: String) {
        var base = path == "-" ? "stdin" : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if base.isEmpty { base = "data" }
        var table = base.lowercased().hasPrefix("sqlite_") ? "_" + base : base
        let used = Set(taken.map { $0.lowercased() })
        if used.contains(table.lowercased()) {
            var number = 2
            while used.contains("\(table)_\(number)".lowercased()) { number += 1 }
            table = "\(table)_\(number)"
        }
        return (base, table)
    }
}
