import SlateCore
import SlateSchema

/// HTML table rows (sqlite3's `.mode html`): `<TR><TH>name</TH>…</TR>` for the header, then
/// `<TR><TD>value</TD>…</TR>` per row, one cell per line, without the enclosing `<TABLE>`, so
/// the rows can be placed in a page. `&`, `<`, `>`, `"` and `'` are escaped; NULL is an empty
/// cell, a BLOB its hex digits, and a REAL has the digits that read back as the same number.
final class HTMLWriter: RowWriter {
    let sink: OutputSink
    let header: Bool

    init(sink: OutputSink, header: Bool) {
        self.sink = sink
        self.header = header
    }

    func begin(columns: [String]) {
        guard header, !columns.isEmpty else { return }
        for (index, name) in columns.enumerated() {
            sink.write(index == 0 ? "<TR><TH>" : "<TH>")
            var name = name
            name.withUTF8 { writeEscaped($0) }
            sink.write("</TH>\n")
        }
        sink.write("</TR>\n")
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        for index in 0..<columnCount {
            sink.write(index == 0 ? "<TR><TD>" : "<TD>")
            ResultCell(statement: statement, index: index).writePlain(to: sink) { writeEscaped($0) }
            sink.write("</TD>\n")
        }
        if columnCount > 0 { sink.write("</TR>\n") }
    }

    func end(rowCount: Int) {}

    private func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (index, byte) in bytes.enumerated() {
            let entity: String
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            if index > start { sink.write(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            sink.write(entity)
            start = index + 1
        }
        if start < bytes.count { sink.write(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }
}
