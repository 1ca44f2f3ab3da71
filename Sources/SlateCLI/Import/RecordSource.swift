/// Where an import's records come from: a CSV/TSV file with or without a header, or JSON.
protocol RecordSource: AnyObject {
    /// The column names known so far (a JSON source may learn more as it reads).
    var columnNames: [String] { get }
    /// How many columns are known so far (cheaper than `columnNames.count` per record).
    var columnCount: Int { get }
    /// The input's name for messages.
    var name: String { get }
    /// Bytes read so far, and the total when known, for the progress bar.
    var bytesRead: Int64 { get }
    var totalBytes: Int64? { get }
    /// Reads the next record; `false` at the end.
    func next(into record: Record) throws -> Bool
    /// The record's position for messages: `line 7`, or `record 7 (line 9)`.
    func describe(_ record: Record) -> String
}

/// CSV or TSV records, named by the header row (or `c1`, `c2`, … without one), each checked to
/// have one field per column.
final class CSVRecordSource: RecordSource {
    let reader: DelimitedReader
    let lenient: Bool
    /// The first line named the columns (else they are `c1`, `c2`, …).
    let header: Bool
    /// Unquoted values read as NULL (`--null-value`), as UTF-8.
    let nullValues: [[UInt8]]
    let warn: (String) -> Void
    private(set) var columnNames: [String] = []
    private var pending: Record?

    /// Reads the header (or, without one, looks at the first record to count its fields).
    ///
    /// - Throws: ``CLIError`` for an empty input or a header that names a column twice.
    init(
        reader: DelimitedReader, header: Bool, skipLines: Int, lenient: Bool, detectDelimiter: Bool = false, nullValues: [String] = [],
        warn: @escaping (String) -> Void
    ) throws {
        self.reader = reader
        self.lenient = lenient
        self.header = header
        self.nullValues = nullValues.map { Array($0.utf8) }
        self.warn = warn
        try reader.skipLines(skipLines)
        if detectDelimiter, header, let chosen = try reader.detectDelimiter() {
            let shown = chosen == 0x09 ? "a tab" : "'\(Character(Unicode.Scalar(chosen)))'"
            warn("\(reader.source.name): the header has no ',' but is separated by \(shown): reading it so (give --delimiter to choose)")
        }
        let first = Record()
        guard try reader.next(into: first) else {
            throw CLIError(
                file: reader.source.name, position: nil,
                header ? "the file is empty: the first line must name the columns (or use --no-header)" : "the file holds no records")
        }
        // Blank lines before the header name nothing: skipped, with a warning.
        while header && first.isBlankLine {
            warn("\(reader.source.name), line \(first.line): a blank line before the header; skipped")
            guard try reader.next(into: first) else {
                throw CLIError(file: reader.source.name, position: nil, "the file is empty: the first line must name the columns (or use --no-header)")
            }
        }
        if header {
            var seen: [String: Int] = [:]
            for index in 0..<first.count {
                var name = first.text(index)
                if name.isEmpty { name = "c\(index + 1)" }
                if let earlier = seen[name.lowercased()] {
                    throw CLIError(
                        file: reader.source.name, position: "line \(first.line)",
                        "the header names column \"\(name)\" twice (fields \(earlier + 1) and \(index + 1)); column names must differ (ignoring case)")
                }
                seen[name.lowercased()] = index
                columnNames.append(name)
            }
        } else {
            columnNames = (1...max(1, first.count)).map { "c\($0)" }
            pending = first
        }
    }

    private(set) lazy var columnCount = columnNames.count
    var name: String { reader.source.name }
    var bytesRead: Int64 { reader.source.bytesRead }
    var totalBytes: Int64? { reader.source.totalBytes }

    func next(into record: Record) throws -> Bool {
        if let first = pending {
            pending = nil
            record.assign(from: first)
        } else {
            guard try reader.next(into: record) else { return false }
        }
        // Every line counts: in one column a blank line is a value (an empty field); in more,
        // it is an error, or with --lenient a warning.
        while record.count != columnNames.count && record.isBlankLine {
            let cause = "a blank line, but the \(header ? "header has" : "first line has") \(columnNames.count) columns"
            guard lenient else { throw CLIError(file: name, position: "line \(record.line)", cause + " (use --lenient to skip blank lines)") }
            warn("\(name), line \(record.line): a blank line; skipped (--lenient)")
            guard try reader.next(into: record) else { return false }
        }
        if !nullValues.isEmpty { markNullValues(record) }
        if record.count != columnNames.count {
            let fields = "\(record.count) field\(record.count == 1 ? "" : "s")"
            // Without a header the first line sets the count of fields: never call it "the header".
            let cause =
                header
                ? "\(fields), but the header has \(columnNames.count) column\(columnNames.count == 1 ? "" : "s")"
                : "\(fields), but the first line has \(columnNames.count)"
            guard lenient else {
                throw CLIError(file: name, position: "line \(record.line)", cause + " (use --lenient to pad short rows with NULL and drop extra fields)")
            }
            warn("\(name), line \(record.line): \(cause); \(record.count < columnNames.count ? "padded with NULL" : "extra fields dropped") (--lenient)")
            while record.count < columnNames.count { record.appendNullField() }
            record.truncateFields(to: columnNames.count)
        }
        return true
    }

    func describe(_ record: Record) -> String { "line \(record.line)" }

    /// Turns the unquoted fields that spell one of ``nullValues`` into NULL.
    private func markNullValues(_ record: Record) {
        for index in 0..<record.count where record.kinds[index] == .unquoted {
            let field = UnsafeBufferPointer(start: record.bytes + record.starts[index], count: record.lengths[index])
            if nullValues.contains(where: { $0.elementsEqual(field) }) {
                record.setField(index, start: record.starts[index], length: 0, kind: .null)
            }
        }
    }
}

/// JSON array or NDJSON records.
final class JSONRecordSource: RecordSource {
    let reader: JSONRecordReader

    init(reader: JSONRecordReader) {
        self.reader = reader
    }

    var columnNames: [String] { reader.columns }
    var columnCount: Int { reader.columns.count }
    var name: String { reader.source.name }
    var bytesRead: Int64 { reader.source.bytesRead }
    var totalBytes: Int64? { reader.source.totalBytes }

    func next(into record: Record) throws -> Bool {
        try reader.next(into: record)
    }

    func describe(_ record: Record) -> String { reader.describe(record) }
}
