import Foundation
import SlateCore
import SlateSchema

/// Writes result cells as SQL literals that SQLite reads back as the same value: the one
/// rendering behind `slate dump` and the `insert` and `quote` output formats.
///
/// - INTEGER: decimal digits.
/// - REAL: the shortest of SQLite's own text, the shortest round-tripping digits and 17
///   significant digits that the linked SQLite's parser reads back as exactly the same double
///   (SQLite 3.40 reads some shortest texts one unit in the last place off, so each candidate is
///   checked by SQLite itself); for the tiniest values, which no decimal text reaches there, an
///   exact expression `(m / 2^k …)`. Infinities are `1e999` and `-1e999`, as the sqlite3 shell
///   writes them.
/// - TEXT: single quotes with quotes doubled; line feeds and carriage returns are spliced in
///   with `char(10)` and `char(13)`, so one statement stays on one line; text holding a NUL byte
///   or bytes that are not UTF-8 is `CAST(X'…' AS TEXT)`, which keeps every byte.
/// - BLOB: `X'…'`. NULL: `NULL`.
final class SQLLiteralWriter {
    let sink: OutputSink
    /// Parses REAL candidates with the linked SQLite; `nil` if it could not be set up, and then
    /// every REAL that is not an integer in range is written as its exact expression.
    private lazy var parser = RealLiteral.Checker()

    init(sink: OutputSink) {
        self.sink = sink
    }

    /// Writes the cell as a literal.
    @inline(__always)
    func write(_ cell: ResultCell) {
        switch cell.type {
        case SQLITE_NULL: sink.write("NULL")
        case SQLITE_INTEGER: sink.write(integer: cell.integer)
        case SQLITE_FLOAT: writeReal(cell)
        case SQLITE_BLOB: writeBlob(cell.blobBytes)
        default: writeText(cell.textBytes)
        }
    }

    /// Writes a name (a table or column) as an SQL string literal: `'it''s'`.
    func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeText($0) }
    }

    private func writeBlob(_ bytes: UnsafeBufferPointer<UInt8>) {
        sink.write(byte: UInt8(ascii: "X"))
        sink.write(byte: UInt8(ascii: "'"))
        sink.write(hex: bytes)
        sink.write(byte: UInt8(ascii: "'"))
    }

    private func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lineBreak = false
        var nonASCII = false
        var nul = false
        for byte in bytes {
            if byte == 0 { nul = true }
            if byte == 0x0A || byte == 0x0D { lineBreak = true }
            if byte >= 0x80 { nonASCII = true }
        }
        if nul || (nonASCII && validateUTF8(bytes).valid != bytes.count) {
            // SQL text stops at a NUL, and a reader may replace bytes that are not UTF-8: the
            // bytes as a blob, made text again (in the database's encoding, UTF-8 by default).
            sink.write("CAST(")
            writeBlob(bytes)
            sink.write(" AS TEXT)")
            return
        }
        guard lineBreak else {
            writeQuoted(bytes)
            return
        }
        // 'a'||char(10)||'b': the line breaks outside the quotes, so a statement is one line.
        var start = 0
        var pieces = 0
        func separate() {
            if pieces > 0 { sink.write("||") }
            pieces += 1
        }
        for (index, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D {
            if index > start {
                separate()
                writeQuoted(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            separate()
            sink.write(byte == 0x0A ? "char(10)" : "char(13)")
            start = index + 1
        }
        if start < bytes.count {
            separate()
            writeQuoted(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    @inline(__always)
    private func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        sink.write(byte: UInt8(ascii: "'"))
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "'") {
            sink.write(UnsafeBufferPointer(rebasing: bytes[start...index]))
            sink.write(byte: UInt8(ascii: "'"))
            start = index + 1
        }
        if start < bytes.count { sink.write(UnsafeBufferPointer(rebasing: bytes[start...])) }
        sink.write(byte: UInt8(ascii: "'"))
    }

    private func writeReal(_ cell: ResultCell) {
        let value = cell.real
        if value.isInfinite {
            sink.write(value < 0 ? "-1e999" : "1e999")
            return
        }
        if let parser {
            // SQLite's own text first (it is what SQLite shows for the value), then the shortest
            // digits that round-trip, then 17 significant digits.
            let own = cell.textBytes
            if own.count > 0, parser.reads(own, as: value) {
                sink.write(own)
                return
            }
            for candidate in [RealLiteral.decimalText(value), RealLiteral.decimalText(value, significantDigits: 17)] {
                if parser.reads(candidate, as: value) {
                    sink.write(candidate)
                    return
                }
            }
        }
        sink.write(RealLiteral.exactExpression(value))
    }
}

/// `INSERT INTO "table"("a","b") VALUES(1,'x');` per row (sqlite3's `.mode insert`): the
/// `insert` output format, and the rows of `slate dump`. Without a header the column list is
/// left out, as the shell does.
final class InsertWriter: RowWriter {
    let sink: OutputSink
    private let literals: SQLLiteralWriter
    private let prefix: String
    private let header: Bool
    private var head: [UInt8] = []

    /// - Parameters:
    ///   - table: The table the statements insert into.
    ///   - header: Whether each statement names its columns.
    ///   - columns: The column list to write, when it differs from the result's column names
    ///     (the dump's `rowid`).
    ///   - literals: The literal writer to share (one per dump); a new one if `nil`.
    init(sink: OutputSink, table: String, header: Bool, columns: [String]? = nil, literals: SQLLiteralWriter? = nil) {
        self.sink = sink
        self.literals = literals ?? SQLLiteralWriter(sink: sink)
        prefix = "INSERT INTO " + SQLiteValue.quoteIdentifier(table)
        self.header = header
        if let columns { head = Self.head(prefix, columns) }
    }

    private static func head(_ prefix: String, _ columns: [String]?) -> [UInt8] {
        let list = columns.map { "(" + $0.map(SQLiteValue.quoteIdentifier).joined(separator: ",") + ")" } ?? ""
        return Array((prefix + list + " VALUES(").utf8)
    }

    func begin(columns: [String]) {
        if head.isEmpty { head = Self.head(prefix, header ? columns : nil) }
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        head.withUnsafeBufferPointer { sink.write($0) }
        for index in 0..<columnCount {
            if index > 0 { sink.write(byte: UInt8(ascii: ",")) }
            literals.write(ResultCell(statement: statement, index: index))
        }
        sink.write(");\n")
    }

    func end(rowCount: Int) {}
}

/// Each row as SQL literals separated by commas (sqlite3's `.mode quote`); the header names
/// the columns as string literals.
final class QuoteWriter: RowWriter {
    let sink: OutputSink
    private let literals: SQLLiteralWriter
    private let header: Bool

    init(sink: OutputSink, header: Bool) {
        self.sink = sink
        literals = SQLLiteralWriter(sink: sink)
        self.header = header
    }

    func begin(columns: [String]) {
        guard header, !columns.isEmpty else { return }
        for (index, name) in columns.enumerated() {
            if index > 0 { sink.write(byte: UInt8(ascii: ",")) }
            literals.writeString(name)
        }
        sink.write(byte: 0x0A)
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        for index in 0..<columnCount {
            if index > 0 { sink.write(byte: UInt8(ascii: ",")) }
            literals.write(ResultCell(statement: statement, index: index))
        }
        sink.write(byte: 0x0A)
    }

    func end(rowCount: Int) {}
}
