import Foundation
import SlateCore
import SlateSchema

/// Reads a column of a statement's current row in place: numbers as numbers, text and blobs as
/// bytes that stay valid until the statement steps again. No `String` or ``SQLiteValue`` is
/// made per cell, so streaming a million rows costs little more than SQLite's own work.
struct ResultCell {
    let statement: OpaquePointer
    let index: Int32

    @inline(__always)
    var type: Int32 { sqlite3_column_type(statement, index) }

    @inline(__always)
    var integer: Int64 { sqlite3_column_int64(statement, index) }

    @inline(__always)
    var real: Double { sqlite3_column_double(statement, index) }

    /// The column as UTF-8 text (SQLite converts numbers and blobs).
    @inline(__always)
    var textBytes: UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_text(statement, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// The column as bytes.
    @inline(__always)
    var blobBytes: UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_blob(statement, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        let count = Int(sqlite3_column_bytes(statement, index))
        return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Writes a REAL exactly: SQLite's text when it reads back as the same number (nearly
    /// always, and cheap), else the shortest text that does.
    @inline(__always)
    func writeReal(to sink: OutputSink) {
        let value = real
        let text = textBytes
        if let base = text.baseAddress, text.count < 64 {
            // SQLite's text ends with a NUL, as the classifier needs. Its fast path reads plain
            // decimals of up to 15 digits exactly, much faster than strtod; other forms are
            // checked by strtod.
            let classified = FieldClassifier.classify(base, text.count)
            let parsed =
                classified.kind == .fractionalDecimal || classified.kind == .integralDecimal
                ? classified.real : base.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { strtod($0, nil) }
            if parsed == value {
                sink.write(text)
                return
            }
        }
        sink.write(RealText.exactText(value))
    }

    /// Writes the cell as the formats without SQL quoting write it (csv, tsv, html): NULL as
    /// nothing, numbers exactly, a BLOB as hex digits, and text through `text` (which escapes it).
    @inline(__always)
    func writePlain(to sink: OutputSink, text: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch type {
        case SQLITE_NULL: break
        case SQLITE_INTEGER: sink.write(integer: integer)
        case SQLITE_FLOAT: writeReal(to: sink)
        case SQLITE_BLOB: sink.write(hex: blobBytes)
        default: text(textBytes)
        }
    }

    /// The cell as display text for the table formats: NULL as `null`, control characters
    /// escaped so one cell stays on one line, blobs as a hex literal.
    func displayText(null: String) -> (text: String, isNumber: Bool) {
        switch type {
        case SQLITE_NULL: return (null, false)
        case SQLITE_INTEGER: return (String(integer), true)
        case SQLITE_FLOAT: return (String(decoding: textBytes, as: UTF8.self), true)
        case SQLITE_BLOB:
            let bytes = blobBytes
            let shown = hexString(bytes.prefix(16))
            return (bytes.count > 16 ? "x'\(shown)…' (\(bytes.count) bytes)" : "x'\(shown)'", false)
        default:
            return (Self.escapeControls(String(decoding: textBytes, as: UTF8.self)), false)
        }
    }

    /// Text with line breaks, tabs and other control characters written as visible escapes.
    static func escapeControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + hexDigits[Int(scalar.value >> 4)] + hexDigits[Int(scalar.value & 0xF)]
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Bytes as two lowercase hex digits each.
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { hexDigits[Int($0 >> 4)] + hexDigits[Int($0 & 0xF)] }.joined()
}

let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
let hexBytes: [UInt8] = Array("0123456789abcdef".utf8)
