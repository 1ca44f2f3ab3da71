import ArgumentParser
import Foundation

/// How `import` and `memory` read their input files: delimiter, encoding, NULL markers,
/// comments, lenience and type detection. The one place that turns a path into records.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("type"), parsing: .singleValue, help: ArgumentHelp("A column's type, overriding detection: INTEGER, REAL, NUMERIC, TEXT or BLOB (hex).", valueName: "column=TYPE"))
    var types: [String] = []

    @Option(name: .long, help: "Skip this many lines (CSV/TSV) before the header.")
    var skip = 0

    @Option(name: .long, help: "The field delimiter (one character; `tab` or \\t for a tab).")
    var delimiter: String?

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

    func validate() throws {
        if skip < 0 { throw ValidationError("--skip must be 0 or more") }
        if sample < 1 { throw ValidationError("--sample must be at least 1") }
        if TextEncoding(name: encoding) == nil {
            throw ValidationError("--encoding \(encoding) is not supported; use utf-8, latin1 or cp1252")
        }
        _ = try delimiterByte()
        _ = try typeOverrides()
        if let comment, comment.utf8.count != 1 || comment == "\"" || comment == "\n" {
            throw ValidationError("--comment must be one ASCII character other than a quote or a line break")
        }
    }

    /// The `--delimiter` byte, if given.
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

    /// The `--type column=TYPE` overrides.
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

    /// Opens a file (or standard input for `-`) as records.
    ///
    /// - Parameter header: The first CSV/TSV line names the columns.
    /// - Returns: The bytes (for progress) and the records.
    /// - Throws: ``CLIError`` when the file cannot be opened or its header read.
    func open(_ path: String, format: ImportFormat, header: Bool, warn: @escaping (String) -> Void) throws -> (ByteSource, any RecordSource) {
        let input = try ByteSource(path: path, encoding: TextEncoding(name: encoding) ?? .utf8)
        switch format {
        case .csv, .tsv:
            let reader = DelimitedReader(source: input, delimiter: try delimiterByte() ?? (format == .tsv ? 0x09 : 0x2C), lenient: lenient)
            reader.warn = warn
            reader.comment = comment?.utf8.first
            let source = try CSVRecordSource(
                reader: reader, header: header, skipLines: skip, lenient: lenient,
                detectDelimiter: delimiter == nil && format == .csv, nullValues: nullValues, warn: warn)
            return (input, source)
        case .json, .ndjson:
            return (input, JSONRecordSource(reader: JSONRecordReader(source: input)))
        }
    }

    /// Import settings for a table, with these options' type detection.
    func settings(table: String) throws -> ImportSettings {
        var settings = ImportSettings(table: table)
        settings.detectTypes = !noDetectTypes
        settings.typeOverrides = try typeOverrides()
        settings.emptyIsNull = emptyNull
        settings.sampleSize = sample
        return settings
    }
}
