import ArgumentParser
import Foundation
import Slate

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

    @Option(name: .customLong("type"), parsing: .singleValue, help: ArgumentHelp("A column's type, overriding detection: INTEGER, REAL, NUMERIC, TEXT or BLOB (hex).", valueName: "column=TYPE"))
    var types: [String] = []

    @Flag(name: .long, help: "Replace rows whose key already exists (INSERT OR REPLACE).")
    var replace = false

    @Flag(name: .long, help: "Skip rows whose key already exists (INSERT OR IGNORE).")
    var ignore = false

    @Flag(name: .long, help: "Update rows whose key (--pk, else the table's primary key) exists, changing only the file's columns; insert the others.")
    var upsert = false

    @Flag(name: .long, help: "Delete the table's rows first (in the same transaction).")
    var truncate = false

    @Option(name: .long, help: "Skip this many lines (CSV/TSV) before the header.")
    var skip = 0

    @Option(name: .long, help: "The field delimiter (one character; `tab` or \\t for a tab).")
    var delimiter: String?

    @Flag(name: .customLong("no-header"), help: "The first line is data: a new table's columns are named c1, c2, …; an existing table's are filled in order.")
    var noHeader = false

    @Option(name: .long, help: "The input's encoding: utf-8 (default), latin1 or cp1252.")
    var encoding = "utf-8"

    @Option(name: .customLong("null-value"), parsing: .singleValue, help: ArgumentHelp("An unquoted value read as NULL, such as NA or \\N (repeatable).", valueName: "text"))
    var nullValues: [String] = []

    @Option(name: .long, help: ArgumentHelp("Skip CSV/TSV lines that start with this character, such as #.", valueName: "char"))
    var comment: String?

    @Flag(name: .customLong("no-detect-types"), help: "Store every value as TEXT.")
    var noDetectTypes = false

    @Flag(inversion: .prefixedNo, help: "Whether an unquoted empty CSV field is NULL (a quoted \"\" is always the empty string).")
    var emptyNull = true

    @Option(name: .long, help: "How many records decide the column types before the table is created.")
    var sample = 1_000

    @Flag(name: .long, help: "Accept malformed CSV as the sqlite3 shell does (stray quotes kept, short rows padded), with a warning per line.")
    var lenient = false

    @Flag(name: .shortAndLong, help: "No progress bar and no summary.")
    var quiet = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if [replace, ignore, upsert].filter({ $0 }).count > 1 {
            throw ValidationError("--replace, --ignore and --upsert cannot be used together")
        }
        if skip < 0 { throw ValidationError("--skip must be 0 or more") }
        if sample < 1 { throw ValidationError("--sample must be at least 1") }
        if file == "-" && table == nil { throw ValidationError("--table is required when reading standard input") }
        if TextEncoding(name: encoding) == nil {
            throw ValidationError("--encoding \(encoding) is not supported; use utf-8, latin1 or cp1252")
        }
        _ = try delimiterByte()
        _ = try typeOverrides()
        if let comment, comment.utf8.count != 1 || comment == "\"" || comment == "\n" {
            throw ValidationError("--comment must be one ASCII character other than a quote or a line break")
        }
    }

    func delimiterByte() throws -> UInt8? {
        guard let delimiter else { return nil }
        switch delimiter {
        case "tab", "\\t", "\t": return 0x09
        default:
            guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
                throw ValidationError("--delimiter must be one ASCII character other than a quote or a line break")
            }
            return byte
        }
    }

    func typeOverrides() throws -> [String: ColumnType] {
        var result: [String: ColumnType] = [:]
        for entry in types {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let type = ColumnType(argument: parts[1]) else {
                throw ValidationError("--type \(entry): expected column=INTEGER|REAL|NUMERIC|TEXT|BLOB")
            }
            result[parts[0]] = type
        }
        return result
    }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        Interruption.install()
        let warnings = WarningPrinter()
        defer { warnings.finish() }
        let format = self.format ?? (file == "-" ? nil : ImportFormat(fileExtension: file)) ?? .csv
        let input = try ByteSource(path: file, encoding: TextEncoding(name: encoding) ?? .utf8)
        let source: any RecordSource
        switch format {
        case .csv, .tsv:
            let reader = DelimitedReader(source: input, delimiter: try delimiterByte() ?? (format == .tsv ? 0x09 : 0x2C), lenient: lenient)
            reader.warn = warnings.warn
            reader.comment = comment?.utf8.first
            source = try CSVRecordSource(
                reader: reader, header: !noHeader, skipLines: skip, lenient: lenient,
                detectDelimiter: delimiter == nil && format == .csv, nullValues: nullValues, warn: warnings.warn)
        case .json, .ndjson:
            source = JSONRecordSource(reader: JSONRecordReader(source: input))
        }
        let tableName = table ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var settings = ImportSettings(table: tableName)
        settings.primaryKey = pk.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        settings.conflict = replace ? "REPLACE" : ignore ? "IGNORE" : nil
        settings.upsert = upsert
        if upsert && sqlite3_libversion_number() < 3_024_000 {
            // UPSERT came with SQLite 3.24; SQLCipher's build may link an older one.
            throw CLIError("--upsert needs SQLite 3.24 or later; this slate links SQLite \(SQLite.version) (use --replace, which replaces whole rows)")
        }
        settings.truncate = truncate
        settings.detectTypes = !noDetectTypes
        settings.typeOverrides = try typeOverrides()
        settings.emptyIsNull = emptyNull
        settings.sampleSize = sample
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
