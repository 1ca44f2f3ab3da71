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
    let warn: (String) -> Void
    private(set) var columnNames: [String] = []
    private var pending: Record?

    /// Reads the header (or, without one, looks at the first record to count its fields).
    ///
    /// - Throws: ``CLIError`` for an empty input or a header that names a column twice.
    init(reader: DelimitedReader, header: Bool, skipLines: Int, lenient: Bool, warn: @escaping (String) -> Void) throws {
        self.reader = reader
        self.lenient = lenient
        self.warn = warn
        try reader.skipLines(skipLines)
        let first = Record()
        guard try reader.next(into: first) else {
            throw CLIError(
                file: reader.source.name, position: nil,
                header ? "the file is empty: the first line must name the columns (or use --no-header)" : "the file holds no records")
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
        if record.count != columnNames.count {
            let cause = "\(record.count) field\(record.count == 1 ? "" : "s"), but the header has \(columnNames.count) column\(columnNames.count == 1 ? "" : "s")"
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
