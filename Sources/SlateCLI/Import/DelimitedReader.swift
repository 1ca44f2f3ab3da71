/// A streaming CSV/TSV parser (RFC 4180) over bytes.
///
/// Fields are separated by the delimiter and records by LF, CRLF or CR. A field that starts with
/// a quote runs to the matching quote, with `""` standing for one quote; it may hold delimiters
/// and line breaks. A blank line is a record of one empty unquoted field (the end of the input
/// after the last line break is not a record). Positions count physical lines, so a record after a multi-line field reports its real
/// line.
///
/// Strict by default: a quote inside an unquoted field, text after a closing quote, or a quote
/// never closed is an error naming the line and column. With `lenient`, those are kept as
/// sqlite3's shell keeps them (the quote as text; an unclosed field runs to the end of the
/// file), with one warning per line.
final class DelimitedReader {
    let source: ByteSource
    /// The field delimiter; ``detectDelimiter()`` may change it before the first record.
    private(set) var delimiter: UInt8
    let lenient: Bool
    /// A line that starts with this byte is a comment: skipped, as if it were not there.
    var comment: UInt8?
    /// Receives one line per lenient repair.
    var warn: (String) -> Void = { _ in }

    // Unchecked: its check costs 76 instructions per row of `slate import` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0
    /// The absolute offset (in the UTF-8 stream) of `chunk[0]`.
    private var chunkStart: Int64 = 0
    /// The physical line the parser is on (1-based).
    private(set) var line = 1
    /// The absolute offset where the current line starts.
    private var lineStart: Int64 = 0
    /// A CR ended the last line: an LF right after it belongs to the same line break.
    private var skipLineFeed = false
    private var warnedLine = 0

    private enum State { case fieldStart, unquoted, quoted, afterQuote, comment }

    // The parser's state is read and written for every field of every record by one thread
    // only; the run-time exclusivity checks of class properties cost more than the parsing.

    init(source: ByteSource, delimiter: UInt8, lenient: Bool) {
        self.source = source
        self.delimiter = delimiter
        self.lenient = lenient
    }

    /// Discards `count` physical lines (a preamble before the header).
    func skipLines(_ count: Int) throws {
        var skipped = 0
        while skipped < count {
            if position == chunk.count, try !refill() { return }
            let byte = chunk[position]
            position += 1
            if skipLineFeed {
                skipLineFeed = false
                if byte == 0x0A {
                    lineStart = chunkStart + Int64(position)
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                newLine(endingWith: byte, at: position - 1)
                skipped += 1
            }
        }
    }

    /// Reads the next record into `record`.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: ``CLIError`` with the line and column for malformed input (strict mode) or
    ///   invalid UTF-8.
    func next(into record: Record) throws -> Bool {
        record.removeAll()
        record.line = line
        var state = State.fieldStart
        var started = false
        var fieldBegin = 0
        var fieldQuoted = false
        // Where the open quote of a quoted field is, formatted only for an error.
        var openedLine = 0
        var openedLineStart: Int64 = 0
        var openedOffset: Int64 = 0

        while true {
            if position == chunk.count {
                guard try refill() else {
                    switch state {
                    case .quoted:
                        let cause = "a quoted field starts here and is never closed (the file ends inside it)"
                        let openedAt = describe(line: openedLine, lineStart: openedLineStart, offset: openedOffset)
                        if !lenient {
                            throw CLIError(file: source.name, position: openedAt, cause + "; use --lenient to keep the rest of the file as its text")
                        }
                        warn("\(source.name), \(openedAt): \(cause); kept the rest of the file as its text (--lenient)")
                    case .fieldStart:
                        // The input ends after a delimiter: the last field is empty.
                        fieldBegin = record.byteCount
                        fieldQuoted = false
                    case .unquoted, .afterQuote: break
                    case .comment: return false
                    }
                    guard started else { return false }
                    record.endField(from: fieldBegin, kind: fieldQuoted ? .quoted : .unquoted)
                    return true
                }
            }
            guard let base = chunk.baseAddress else { continue }
            let count = chunk.count
            var index = position
            if skipLineFeed {
                skipLineFeed = false
                if base[index] == 0x0A {
                    position = index + 1
                    lineStart = chunkStart + Int64(position)
                    continue
                }
            }
            switch state {
            case .fieldStart:
                fieldBegin = record.byteCount
                fieldQuoted = false
                let byte = base[index]
                if !started, let comment, byte == comment {
                    state = .comment
                    position = index + 1
                } else if byte == 0x22 {
                    started = true
                    fieldQuoted = true
                    openedLine = line
                    openedLineStart = lineStart
                    openedOffset = chunkStart + Int64(index)
                    state = .quoted
                    position = index + 1
                } else if byte == delimiter {
                    started = true
                    record.endField(from: fieldBegin, kind: .unquoted)  // an empty field
                    position = index + 1
                } else if byte == 0x0A || byte == 0x0D {
                    position = index + 1
                    newLine(endingWith: byte, at: index)
                    // An empty last field; alone, a blank line: one empty field, which the
                    // record source counts as a value or reports (see ``Record/isBlankLine``).
                    record.endField(from: fieldBegin, kind: .unquoted)
                    return true
                } else {
                    started = true
                    state = .unquoted
                }
            case .unquoted:
                let delimiter = self.delimiter
                while index < count {
                    let byte = base[index]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D || byte == 0x22 { break }
                    index += 1
                }
                if index > position { record.append(base + position, count: index - position) }
                position = index
                if index == count { continue }
                let byte = base[index]
                position = index + 1
                if byte == delimiter {
                    record.endField(from: fieldBegin, kind: fieldQuoted ? .quoted : .unquoted)
                    state = .fieldStart
                } else if byte == 0x22 {
                    let cause = "a quote inside an unquoted field"
                    if !lenient {
                        throw CLIError(
                            file: source.name, position: describe(index),
                            cause + " (quote the whole field and double the quote: \"a\"\"b\"), or use --lenient to keep it as text")
                    }
                    lenientWarning(at: index, cause + "; kept it as text (--lenient)")
                    record.append(byte: 0x22)
                } else {
                    newLine(endingWith: byte, at: index)
                    record.endField(from: fieldBegin, kind: fieldQuoted ? .quoted : .unquoted)
                    return true
                }
            case .quoted:
                while index < count {
                    let byte = base[index]
                    if byte == 0x22 { break }
                    if byte == 0x0A {
                        line += 1
                        lineStart = chunkStart + Int64(index + 1)
                    }
                    index += 1
                }
                if index > position { record.append(base + position, count: index - position) }
                position = index
                if index == count { continue }
                position = index + 1
                state = .afterQuote
            case .comment:
                while index < count, base[index] != 0x0A, base[index] != 0x0D { index += 1 }
                position = index
                if index == count { continue }
                position = index + 1
                newLine(endingWith: base[index], at: index)
                record.line = line
                state = .fieldStart
            case .afterQuote:
                let byte = base[index]
                position = index + 1
                if byte == 0x22 {
                    record.append(byte: 0x22)
                    state = .quoted
                } else if byte == delimiter {
                    record.endField(from: fieldBegin, kind: fieldQuoted ? .quoted : .unquoted)
                    state = .fieldStart
                } else if byte == 0x0A || byte == 0x0D {
                    newLine(endingWith: byte, at: index)
                    record.endField(from: fieldBegin, kind: fieldQuoted ? .quoted : .unquoted)
                    return true
                } else {
                    let cause = "text after the closing quote of a quoted field"
                    if !lenient {
                        throw CLIError(
                            file: source.name, position: describe(index),
                            cause + " (a quote inside a quoted field is written \"\"), or use --lenient to keep it")
                    }
                    lenientWarning(at: index, cause + "; kept it (--lenient)")
                    position = index
                    state = .unquoted
                }
            }
        }
    }

    /// Looks at the next line (the header) and, when it holds no `,` but does hold `;`, a tab
    /// or `|` outside quotes, makes the commonest of those the delimiter.
    ///
    /// - Returns: The delimiter chosen, or `nil` when it stays as it was.
    func detectDelimiter() throws -> UInt8? {
        if position == chunk.count, try !refill() { return nil }
        if let comment, chunk[position] == comment { return nil }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        var index = position
        while index < chunk.count {
            let byte = chunk[index]
            if byte == 0x22 { quoted.toggle() }
            if !quoted && (byte == 0x0A || byte == 0x0D) { break }
            if !quoted && [0x2C, 0x3B, 0x09, 0x7C].contains(byte) { counts[byte, default: 0] += 1 }
            index += 1
        }
        guard counts[delimiter] == nil, let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else { return nil }
        delimiter = best.key
        return best.key
    }

    /// `line L, column C` for a byte of the current chunk; the column counts characters.
    func describe(_ index: Int) -> String {
        describe(line: line, lineStart: lineStart, offset: chunkStart + Int64(index))
    }

    /// `line L, column C` for a byte at an absolute offset. The column counts characters while
    /// the line's bytes are still in the chunk (nearly always), bytes otherwise.
    private func describe(line: Int, lineStart: Int64, offset: Int64) -> String {
        var column = Int(offset - lineStart) + 1
        if lineStart >= chunkStart, offset <= chunkStart + Int64(chunk.count), let base = chunk.baseAddress {
            column = 1
            for index in Int(lineStart - chunkStart)..<Int(offset - chunkStart) where base[index] & 0xC0 != 0x80 { column += 1 }
        }
        return "line \(line), column \(column)"
    }

    /// Where the parser is now (for errors found after a record was read).
    var currentPosition: String { describe(position) }

    @inline(__always)
    private func newLine(endingWith byte: UInt8, at index: Int) {
        line += 1
        lineStart = chunkStart + Int64(index + 1)
        if byte == 0x0D { skipLineFeed = true }
    }

    private func lenientWarning(at index: Int, _ message: String) {
        guard warnedLine != line else { return }
        warnedLine = line
        warn("\(source.name), \(describe(index)): \(message)")
    }

    private func refill() throws -> Bool {
        let next: UnsafeBufferPointer<UInt8>?
        do {
            next = try source.nextChunk()
        } catch let invalid as ByteSource.InvalidUTF8 {
            let shown = invalid.bytes.map { "0x" + hexDigits[Int($0 >> 4)].uppercased() + hexDigits[Int($0 & 0xF)].uppercased() }
            throw CLIError(
                file: source.name, position: describe(chunk.count),
                "invalid UTF-8 (byte \(shown.joined(separator: " "))); if the file is in another encoding, give it with --encoding latin1 or --encoding cp1252")
        }
        chunkStart += Int64(chunk.count)
        guard let next, next.count > 0 else {
            chunk = UnsafeBufferPointer(start: nil, count: 0)
            position = 0
            return false
        }
        chunk = next
        position = 0
        return true
    }
}
