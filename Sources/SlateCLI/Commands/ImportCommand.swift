import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate import`: streams CSV, TSV, JSON or NDJSON into a table, in bounded memory, through
/// one prepared statement in one transaction (all or nothing).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import CSV, TSV, JSON or NDJSON into a table (all rows or none).",
        discussion: """
            The format comes from the file's extension (.csv, .tsv/.tab, .json, .ndjson/.jsonl) or \
            --format; `-` reads standard input. Column types are detected from the first records \
            (--sample) and checked on every record: values such as 02134, +5, 0x1E, 1e5 or 2.50 stay \
            text, and a later value that a column's type would change widens the column (with a \
            warning) rather than being altered. An unquoted empty CSV field is NULL and a quoted "" is \
            the empty string (--no-empty-null makes every empty field an empty string).

            Examples:
              slate import shop.db products.csv --pk id
              gunzip -c events.ndjson.gz | slate import shop.db - --table events --format ndjson
              slate import shop.db prices.csv --table products --upsert --pk id
            """
    )

    @Argument(help: "The database file (created if missing; removed again if the import fails).")
    var database: String

    @Argument(help: "The file to import, or - for standard input.")
    var file: String

    @Option(name: .long, help: "The table to import into (default: the file's name without extension).")
    var table: String?

    @Option(name: .long, help: "The input format: csv, tsv, json or ndjson (default: from the extension, else csv).")
    var format: ImportFormat?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A primary-key column of a new table (repeat or separate with commas).", valueName: "column"))
    var pk: [String] = []

    @Flag(name: .long, help: "Replace rows whose key already exists (INSERT OR REPLACE).")
    var replace = false

    @Flag(name: .long, help: "Skip rows whose key already exists (INSERT OR IGNORE).")
    var ignore = false

    @Flag(name: .long, help: "Update rows whose key (--pk, else the table's primary key) exists, changing only the file's columns; insert the others.")
    var upsert = false

    @Flag(name: .long, help: "Delete the table's rows first (in the same transaction).")
    var truncate = false

    @Flag(name: .customLong("no-header"), help: "The first line is data: a new table's columns are named c1, c2, …; an existing table's are filled in order.")
    var noHeader = false

    @OptionGroup var input: InputOptions

    @Flag(name: .shortAndLong, help: "No progress bar and no summary.")
    var quiet = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if [replace, ignore, upsert].filter({ $0 }).count > 1 {
            throw ValidationError("--replace, --ignore and --upsert cannot be used together")
        }
        if file == "-" && table == nil { throw ValidationError("--table is required when reading standard input") }
    }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        Interruption.install()
        let warnings = WarningPrinter()
        defer { warnings.finish() }
        let format = self.format ?? (file == "-" ? nil : ImportFormat(fileExtension: file)) ?? .csv
        let (input, source) = try self.input.open(file, format: format, header: !noHeader, warn: warnings.warn)
        let tableName = table ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var settings = try self.input.settings(table: tableName)
        settings.primaryKey = pk.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        settings.conflict = replace ? "REPLACE" : ignore ? "IGNORE" : nil
        settings.upsert = upsert
        if upsert && sqlite3_libversion_number() < 3_024_000 {
            // UPSERT came with SQLite 3.24; SQLCipher's build may link an older one.
            throw CLIError("--upsert needs SQLite 3.24 or later; this slate links SQLite \(SQLite.version) (use --replace, which replaces whole rows)")
        }
        settings.truncate = truncate
        settings.positional = noHeader && (format == .csv || format == .tsv)

        let (db, created) = try options.openOrCreate(database)
        Interruption.connection = db.sqliteHandle
        let counts: ImportCounts
        do {
            let importer = Importer(db: db, databaseName: database, settings: settings, warn: warnings.warn)
            counts = try importer.run(source, progress: ProgressBar(unit: "rows", totalBytes: input.totalBytes, quiet: quiet))
            Interruption.connection = nil
        } catch {
            // No interrupt may reach the handle once it is closed.
            Interruption.connection = nil
            db.close()
            if created { removeDatabaseFiles(database) }
            if Interruption.isRequested {
                // Whatever the signal cut short (a read, an insert, the BEGIN), say it was the signal.
                if let failure = error as? CLIError, failure.message.hasSuffix(Interruption.message) { throw failure }
                throw Interruption.error(in: input.name, at: nil)
            }
            throw error
        }
        guard !quiet else { return }
        let seconds = (clock.now - started) / .seconds(1)
        let columns = (try? db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(tableName)))").rows()) ?? []
        let described = columns.map { row -> String in
            let name = (try? row.get(1, as: String.self)) ?? "?"
            let type = (try? row.get(2, as: String.self)) ?? ""
            return type.isEmpty ? name : "\(name) \(type)"
        }
        let count = counts.inserted
        var summary = "imported \(ProgressBar.grouped(count)) row\(count == 1 ? "" : "s") into \(tableName) (\(described.joined(separator: ", "))) in \(String(format: "%.2f", seconds)) s"
        if settings.conflict != nil || upsert {
            let what = upsert ? "updated" : replace ? "replaced" : "skipped (its key exists)"
            summary += "; \(ProgressBar.grouped(counts.existing)) \(what)"
        }
        OutputSink.standard.write(summary + "\n")
        try OutputSink.standard.finish()
    }
}

/// The formats `import` reads. JSON input may be an array of objects or one object per line;
/// the first character tells which, so `json` and `ndjson` read both.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, tsv, json, ndjson

    init?(fileExtension path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        default: return nil
        }
    }
}
