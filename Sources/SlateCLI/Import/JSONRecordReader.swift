/// A streaming reader of JSON records: a top-level array of objects, or NDJSON (one object per
/// line; any whitespace between objects is accepted). Only one record is in memory at a time.
///
/// Each object's keys are the columns: the reader keeps their order of first appearance, and a
/// key first met in a later record adds a column. Scalars keep their JSON kind (string, number,
/// boolean, null); nested arrays and objects are kept as compact JSON text. Errors name the
/// record number and the line.
final class JSONRecordReader {
    let source: ByteSource
    /// The column names met so far, in order of first appearance.
    private(set) var columns: [String] = []
    private var columnBytes: [[UInt8]] = []
    private var columnIndex: [String: Int] = [:]

    private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0
    private var line = 1
    private var recordNumber = 0
    private enum Layout { case unknown, array, lines, finished }
    private var layout = Layout.unknown
    private var key: [UInt8] = []
    private var value: [UInt8] = []
    private var nextGuess = 0
    private let maximumDepth = 512

    init(source: ByteSource) {
        self.source = source
    }

    /// Reads the next record into `record`, sized to all columns known after it.
    ///
    /// - Returns: `false` after the last record.
    /// - Throws: ``CLIError`` with the record number and line for malformed JSON, a record that is
    ///   not an object, or invalid UTF-8.
    func next(into record: Record) throws -> Bool {
        if layout == .finished { return false }
        if layout == .unknown {
            guard let first = try skipWhitespace() else {
                layout = .finished
                return false
            }
            if first == UInt8(ascii: "[") {
                position += 1
                layout = .array
                guard let after = try skipWhitespace() else { throw failure("the file ends inside the top-level array") }
                if after == UInt8(ascii: "]") {
                    position += 1
                    try expectEnd()
                    return false
                }
            } else {
                layout = .lines
            }
        } else if layout == .array {
            guard let separator = try skipWhitespace() else { throw failure("the file ends inside the top-level array (a `]` is missing)") }
            if separator == UInt8(ascii: "]") {
                position += 1
                try expectEnd()
                return false
            }
            guard separator == UInt8(ascii: ",") else { throw failure("expected `,` or `]` after record \(recordNumber)") }
            position += 1
        }
        guard let start = try skipWhitespace() else {
            if layout == .array { throw failure("the file ends inside the top-level array") }
            layout = .finished
            return false
        }
        recordNumber += 1
        record.reset(columns: columns.count)
        record.number = recordNumber
        record.line = line
        guard start == UInt8(ascii: "{") else {
            throw failure("record \(recordNumber) is not a JSON object (each record must be {\"column\": value, …})")
        }
        position += 1
        try readObjectFields(into: record)
        return true
    }

    /// Where the reader is, for errors the importer finds in the current record.
    func describe(_ record: Record) -> String { "record \(record.number) (line \(record.line))" }

    private func readObjectFields(into record: Record) throws {
        guard let first = try skipWhitespace() else { throw failure("the file ends inside record \(recordNumber)") }
        if first == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard try skipWhitespace() == UInt8(ascii: "\"") else { throw failure("expected a key (a string in quotes)") }
            position += 1
            key.removeAll(keepingCapacity: true)
            try readString(into: &key)
            let column = columnFor(key)
            while record.count < columns.count { record.appendNullField() }
            guard try skipWhitespace() == UInt8(ascii: ":") else { throw failure("expected `:` after a key") }
            position += 1
            value.removeAll(keepingCapacity: true)
            let kind = try readValue(into: &value, depth: 0)
            let begin = record.byteCount
            record.append(value)
            record.setField(column, start: begin, length: value.count, kind: kind)
            record.append(byte: 0)
            guard let after = try skipWhitespace() else { throw failure("the file ends inside record \(recordNumber)") }
            position += 1
            if after == UInt8(ascii: "}") { return }
            guard after == UInt8(ascii: ",") else { throw failure("expected `,` or `}` in record \(recordNumber)") }
        }
    }

    /// The column for a key, adding one for a key not seen before.
    private func columnFor(_ key: [UInt8]) -> Int {
        // Records usually list their keys in the same order: check the next expected one first.
        if nextGuess < columnBytes.count, columnBytes[nextGuess] == key {
            defer { nextGuess += 1 }
            return nextGuess
        }
        let name = String(decoding: key, as: UTF8.self)
        if let index = columnIndex[name] {
            nextGuess = index + 1
            return index
        }
        columns.append(name)
        columnBytes.append(key)
        columnIndex[name] = columns.count - 1
        nextGuess = columns.count
        return columns.count - 1
    }

    /// Reads one value; scalars' bytes are their text (strings decoded), nested values compact JSON.
    private func readValue(into output: inout [UInt8], depth: Int) throws -> FieldKind {
        guard let byte = try skipWhitespace() else { throw failure("the file ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "\""):
            position += 1
            try readString(into: &output)
            return .string
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try copyNested(into: &output, depth: depth + 1)
            return .nested
        case UInt8(ascii: "t"):
            try readLiteral("true", into: &output)
            return .boolean
        case UInt8(ascii: "f"):
            try readLiteral("false", into: &output)
            return .boolean
        case UInt8(ascii: "n"):
            var ignored: [UInt8] = []
            try readLiteral("null", into: &ignored)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try readNumber(into: &output)
            return .number
        default:
            throw failure("unexpected character `\(Character(Unicode.Scalar(byte)))` where a value was expected")
        }
    }

    /// Copies an array or object as compact JSON (whitespace dropped, strings kept as written).
    private func copyNested(into output: inout [UInt8], depth: Int) throws {
        guard depth <= maximumDepth else { throw failure("values are nested more than \(maximumDepth) levels deep") }
        guard let open = try skipWhitespace() else { throw failure("the file ends inside a value") }
        let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        output.append(open)
        position += 1
        if try skipWhitespace() == close {
            position += 1
            output.append(close)
            return
        }
        while true {
            if open == UInt8(ascii: "{") {
                guard try skipWhitespace() == UInt8(ascii: "\"") else { throw failure("expected a key (a string in quotes)") }
                position += 1
                var decoded: [UInt8] = []
                try readString(into: &decoded)
                JSONWriter.appendString(decoded, to: &output)
                guard try skipWhitespace() == UInt8(ascii: ":") else { throw failure("expected `:` after a key") }
                position += 1
                output.append(UInt8(ascii: ":"))
            }
            let begin = output.count
            let kind = try readValue(into: &output, depth: depth)
            switch kind {
            case .string:
                let decoded = Array(output[begin...])
                output.removeSubrange(begin...)
                JSONWriter.appendString(decoded, to: &output)
            case .null: output += Array("null".utf8)
            default: break
            }
            guard let after = try skipWhitespace() else { throw failure("the file ends inside a value") }
            position += 1
            if after == close {
                output.append(close)
                return
            }
            guard after == UInt8(ascii: ",") else { throw failure("expected `,` or `\(Character(Unicode.Scalar(close)))`") }
            output.append(UInt8(ascii: ","))
        }
    }

    private func readLiteral(_ literal: StaticString, into output: inout [UInt8]) throws {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            guard try peek() == expected else { throw failure("invalid literal (expected `\(literal)`)") }
            position += 1
        }
        output.append(contentsOf: bytes)
    }

    private func readNumber(into output: inout [UInt8]) throws {
        let begin = output.count
        func digits() throws -> Int {
            var count = 0
            while let byte = try peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                output.append(byte)
                position += 1
                count += 1
            }
            return count
        }
        if try peek() == UInt8(ascii: "-") {
            output.append(UInt8(ascii: "-"))
            position += 1
        }
        let leadingZero = try peek() == UInt8(ascii: "0")
        let integerDigits = try digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { throw failure("invalid number `\(String(decoding: output[begin...], as: UTF8.self))`") }
        if try peek() == UInt8(ascii: ".") {
            output.append(UInt8(ascii: "."))
            position += 1
            guard try digits() > 0 else { throw failure("invalid number: digits must follow the decimal point") }
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            output.append(byte)
            position += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                output.append(sign)
                position += 1
            }
            guard try digits() > 0 else { throw failure("invalid number: digits must follow the exponent") }
        }
    }

    /// Reads a string's content after its opening quote, decoding escapes into UTF-8.
    private func readString(into output: inout [UInt8]) throws {
        while true {
            if position == chunk.count, try !refill() { throw failure("the file ends inside a string") }
            guard let base = chunk.baseAddress else { continue }
            var index = position
            while index < chunk.count {
                let byte = base[index]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                index += 1
            }
            if index > position { output.append(contentsOf: UnsafeBufferPointer(start: base + position, count: index - position)) }
            position = index
            if index == chunk.count { continue }
            let byte = base[index]
            position += 1
            if byte == 0x22 { return }
            if byte < 0x20 { throw failure("a control character (a raw line break or tab) inside a string; write it as \\n or \\t") }
            guard let escape = try peek() else { throw failure("the file ends inside a string") }
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard try peek() == 0x5C else { throw failure("a \\u escape holds half of a surrogate pair") }
                    position += 1
                    guard try peek() == UInt8(ascii: "u") else { throw failure("a \\u escape holds half of a surrogate pair") }
                    position += 1
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("a \\u escape holds half of a surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw failure("a \\u escape holds half of a surrogate pair")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                output.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw failure("invalid escape `\\\(Character(Unicode.Scalar(escape)))` in a string")
            }
        }
    }

    private func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek() else { throw failure("the file ends inside a \\u escape") }
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape (four hex digits expected)")
            }
            value = value << 4 | digit
        }
        return value
    }

    private func expectEnd() throws {
        if try skipWhitespace() != nil { throw failure("text after the end of the top-level array") }
        layout = .finished
    }

    /// Skips whitespace (counting lines) and returns the next byte without consuming it.
    private func skipWhitespace() throws -> UInt8? {
        while true {
            if position == chunk.count, try !refill() { return nil }
            let byte = chunk[position]
            switch byte {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
            default: return byte
            }
        }
    }

    @inline(__always)
    private func peek() throws -> UInt8? {
        if position == chunk.count, try !refill() { return nil }
        return chunk[position]
    }

    private func failure(_ cause: String) -> CLIError {
        let whereText = recordNumber > 0 ? "record \(recordNumber) (line \(line))" : "line \(line)"
        return CLIError(file: source.name, position: whereText, "invalid JSON: " + cause)
    }

    private func refill() throws -> Bool {
        do {
            guard let next = try source.nextChunk(), next.count > 0 else {
                chunk = UnsafeBufferPointer(start: nil, count: 0)
                position = 0
                return false
            }
            chunk = next
            position = 0
            return true
        } catch let invalid as ByteSource.InvalidUTF8 {
            let shown = invalid.bytes.map { "0x" + (hexDigits[Int($0 >> 4)] + hexDigits[Int($0 & 0xF)]).uppercased() }
            let whereText = recordNumber > 0 ? "record \(recordNumber) (line \(line))" : "line \(line)"
            throw CLIError(
                file: source.name, position: whereText,
                "invalid UTF-8 (byte \(shown.joined(separator: " "))); JSON must be UTF-8, or give the encoding with --encoding latin1")
        }
    }
}
