import ArgumentParser
import SlateCore
import SlateSchema

/// The formats `query` and `export` write.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, box, csv, tsv, json, ndjson, markdown, line
    /// sqlite3's `.mode html`, `.mode insert` and `.mode quote`.
    case html, insert, quote

    /// The format an output file's extension names, if any.
    init?(fileExtension path: String) {
        switch path.split(separator: ".").last?.lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "sql": self = .insert
        default: return nil
        }
    }
}

/// Writes a result's rows in one format, one row at a time.
protocol RowWriter: AnyObject {
    /// Called once with the result's column names, before any row.
    func begin(columns: [String])
    /// Writes the statement's current row.
    func write(row statement: OpaquePointer, columnCount: Int32)
    /// Called once after the last row.
    func end(rowCount: Int)
}

/// Makes the writer for a format; `insertTable` is the table the `insert` format's statements
/// name, and the text of the `jsonColumns` is embedded as JSON in the json and ndjson formats.
func makeRowWriter(
    _ format: OutputFormat, sink: OutputSink, header: Bool, null: String, insertTable: String = "table", jsonColumns: Set<String> = []
) -> any RowWriter {
    switch format {
    case .csv: DelimitedWriter(sink: sink, delimiter: UInt8(ascii: ","), header: header)
    case .tsv: DelimitedWriter(sink: sink, delimiter: UInt8(ascii: "\t"), header: header)
    case .json: JSONWriter(sink: sink, lines: false, jsonColumns: jsonColumns)
    case .ndjson: JSONWriter(sink: sink, lines: true, jsonColumns: jsonColumns)
    case .table: TableWriter(sink: sink, style: .plain, null: null, header: header)
    case .box: TableWriter(sink: sink, style: .box, null: null, header: header)
    case .markdown: TableWriter(sink: sink, style: .markdown, null: null, header: header)
    case .line: LineWriter(sink: sink, null: null)
    case .html: HTMLWriter(sink: sink, header: header)
    case .insert: InsertWriter(sink: sink, table: insertTable, header: header)
    case .quote: QuoteWriter(sink: sink, header: header)
    }
}

/// Steps a statement to its end, handing each row to a writer.
///
/// - Returns: The number of rows written.
/// - Throws: ``SQLiteError`` when a step fails (rows already written stay written).
@discardableResult
func streamRows(of statement: Statement, to writer: any RowWriter, sink: OutputSink) throws(SQLiteError) -> Int {
    let handle = statement.handle
    var count = 0
    var columnCount = statement.columnCount()
    writer.begin(columns: statement.columnNames)
    while try statement.step() {
        if count == 0 {
            // A run's first step may recompile the statement; its column count is read after it.
            columnCount = sqlite3_column_count(handle)
        }
        writer.write(row: handle, columnCount: columnCount)
        count += 1
        if count == 1 { sink.flush() }  // the first row shows at once, whatever follows
    }
    writer.end(rowCount: count)
    return count
}

/// CSV (RFC 4180) or TSV with the same quoting: a field is quoted when it holds the delimiter, a
/// quote or a line break, and an empty text is written `""`, so it reads back apart from NULL,
/// which is written as nothing. BLOBs are written as hex digits.
final class DelimitedWriter: RowWriter {
    let sink: OutputSink
    let delimiter: UInt8
    let header: Bool

    init(sink: OutputSink, delimiter: UInt8, header: Bool) {
        self.sink = sink
        self.delimiter = delimiter
        self.header = header
    }

    func begin(columns: [String]) {
        guard header, !columns.isEmpty else { return }
        for (index, name) in columns.enumerated() {
            if index > 0 { sink.write(byte: delimiter) }
            var name = name
            name.withUTF8 { writeText($0) }
        }
        sink.write(byte: 0x0A)
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        for index in 0..<columnCount {
            if index > 0 { sink.write(byte: delimiter) }
            ResultCell(statement: statement, index: index).writePlain(to: sink) { writeText($0) }
        }
        sink.write(byte: 0x0A)
    }

    func end(rowCount: Int) {}

    @inline(__always)
    private func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        var needsQuotes = bytes.isEmpty
        if !needsQuotes {
            for byte in bytes where byte == delimiter || byte == 0x22 || byte == 0x0A || byte == 0x0D {
                needsQuotes = true
                break
            }
        }
        guard needsQuotes else {
            sink.write(bytes)
            return
        }
        sink.write(byte: 0x22)
        for byte in bytes {
            if byte == 0x22 { sink.write(byte: 0x22) }
            sink.write(byte: byte)
        }
        sink.write(byte: 0x22)
    }
}

/// A JSON array of objects, or one object per line (NDJSON). Integers and reals are numbers
/// (infinities, which JSON lacks, are null), BLOBs hex strings; the text of the columns named in
/// `jsonColumns` is JSON already and is written as it is.
final class JSONWriter: RowWriter {
    let sink: OutputSink
    let lines: Bool
    let jsonColumns: Set<String>
    private var keys: [[UInt8]] = []
    private var raw: [Bool] = []
    private var rows = 0

    init(sink: OutputSink, lines: Bool, jsonColumns: Set<String> = []) {
        self.sink = sink
        self.lines = lines
        self.jsonColumns = jsonColumns
    }

    func begin(columns: [String]) {
        raw = columns.map { jsonColumns.contains($0) }
        keys = columns.map { name in
            var bytes: [UInt8] = []
            JSONWriter.appendString(Array(name.utf8), to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            return bytes
        }
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        if !lines { sink.write(rows == 0 ? "[\n" : ",\n") }
        rows += 1
        sink.write(byte: UInt8(ascii: "{"))
        for index in 0..<Int(columnCount) {
            if index > 0 { sink.write(byte: UInt8(ascii: ",")) }
            if index < keys.count { keys[index].withUnsafeBufferPointer { sink.write($0) } }
            let cell = ResultCell(statement: statement, index: Int32(index))
            switch cell.type {
            case SQLITE_NULL: sink.write("null")
            case SQLITE_INTEGER: sink.write(integer: cell.integer)
            case SQLITE_FLOAT:
                if cell.real.isFinite { cell.writeReal(to: sink) } else { sink.write("null") }
            case SQLITE_BLOB:
                sink.write(byte: 0x22)
                sink.write(hex: cell.blobBytes)
                sink.write(byte: 0x22)
            default:
                if index < raw.count && raw[index] { sink.write(cell.textBytes) } else { writeString(cell.textBytes) }
            }
        }
        sink.write(byte: UInt8(ascii: "}"))
        if lines { sink.write(byte: 0x0A) }
    }

    func end(rowCount: Int) {
        guard !lines else { return }
        sink.write(rows == 0 ? "[]\n" : "\n]\n")
    }

    @inline(__always)
    private func writeString(_ bytes: UnsafeBufferPointer<UInt8>) {
        sink.write(byte: 0x22)
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            if offset > start { sink.write(UnsafeBufferPointer(rebasing: bytes[start..<offset])) }
            var escaped: [UInt8] = []
            JSONWriter.appendEscape(byte, to: &escaped)
            escaped.withUnsafeBufferPointer { sink.write($0) }
            start = offset + 1
        }
        if start < bytes.count { sink.write(UnsafeBufferPointer(rebasing: bytes[start...])) }
        sink.write(byte: 0x22)
    }

    /// Appends a JSON string literal.
    static func appendString(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.append(0x22)
        for byte in bytes {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { appendEscape(byte, to: &output) } else { output.append(byte) }
        }
        output.append(0x22)
    }

    static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x22: output += [0x5C, 0x22]
        case 0x5C: output += [0x5C, 0x5C]
        case 0x0A: output += [0x5C, UInt8(ascii: "n")]
        case 0x0D: output += [0x5C, UInt8(ascii: "r")]
        case 0x09: output += [0x5C, UInt8(ascii: "t")]
        default: output += Array("\\u00".utf8) + [hexBytes[Int(byte >> 4)], hexBytes[Int(byte & 0xF)]]
        }
    }
}

/// `name = value` lines, one block per row (sqlite3's `.mode line`).
final class LineWriter: RowWriter {
    let sink: OutputSink
    let null: String
    private var labels: [String] = []
    private var rows = 0

    init(sink: OutputSink, null: String) {
        self.sink = sink
        self.null = null
    }

    func begin(columns: [String]) {
        let width = columns.map { DisplayWidth.of($0) }.max() ?? 0
        labels = columns.map { String(repeating: " ", count: width - DisplayWidth.of($0)) + $0 + " = " }
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        if rows > 0 { sink.write(byte: 0x0A) }
        rows += 1
        for index in 0..<Int(columnCount) {
            sink.write(index < labels.count ? labels[index] : "? = ")
            sink.write(ResultCell(statement: statement, index: Int32(index)).displayText(null: null).text)
            sink.write(byte: 0x0A)
        }
    }

    func end(rowCount: Int) {}
}
