// What Slate must know about SQL text before SQLite compiles it, each found in one pass over the
// bytes: where statements end, and where NUL bytes are.

/// Finds where the statements of SQL text end, as `sqlite3_complete` decides, in one pass.
///
/// `sqlite3_complete` answers for a whole text, so asking it at every `;` rescans the statement so
/// far each time: quadratic in a statement with many `;` inside a literal (a dump) or a trigger
/// body. This walks the same state machine once, token by token: a `;` ends a statement unless it
/// is inside a string, a quoted name, a comment, or a `CREATE TRIGGER` before its `END`. The
/// tests check that it agrees with `sqlite3_complete` on random scripts.
///
/// A NUL byte is an ordinary character here (`sqlite3_complete` would stop at it): compiling
/// such text is ``SQLLexer/compilableText(_:)``'s concern.
struct StatementBoundaries {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next statement starts.
    private(set) var position: Int

    /// Starts at the beginning of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.position = 0
    }

    /// `sqlite3_complete`'s token classes, as indexes into ``transitions``.
    private enum Token: Int {
        case semicolon, whitespace, other, explain, create, temp, trigger, end
    }

    /// `sqlite3_complete`'s states: 0 nothing yet, 1 after a complete statement, 2 inside an
    /// ordinary statement, 3 after EXPLAIN, 4 after CREATE (and TEMP), 5 inside a trigger, 6 after
    /// a `;` inside a trigger, 7 after that `;` and END. A row per state, a column per ``Token``.
    private static let transitions: [UInt8] = [
        1, 0, 2, 3, 4, 2, 2, 2,
        1, 1, 2, 3, 4, 2, 2, 2,
        1, 2, 2, 2, 2, 2, 2, 2,
        1, 3, 3, 2, 4, 2, 2, 2,
        1, 4, 2, 2, 2, 4, 5, 2,
        6, 5, 5, 5, 5, 5, 5, 5,
        6, 6, 5, 5, 5, 5, 5, 7,
        1, 7, 5, 5, 5, 5, 5, 5,
    ]

    /// Moves past the next complete statement.
    ///
    /// - Returns: The offset just past the `;` that ends it, or `nil` when the text ends first
    ///   (the rest, if any, is an incomplete statement).
    mutating func nextEnd() -> Int? {
        let transitions = Self.transitions
        let count = bytes.count
        var state = 0
        var index = position
        while index < count {
            let byte = bytes[index]
            let token: Token
            switch byte {
            case UInt8(ascii: ";"):
                token = .semicolon
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0C:
                token = .whitespace
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                guard let close = SQLLexer.commentEnd(bytes, from: index + 2) else { return finish() }
                index = close - 1
                token = .whitespace
            case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                guard let newline = SQLLexer.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: index + 2) else {
                    return finish()
                }
                index = newline
                token = .whitespace
            case UInt8(ascii: "["):
                guard let close = SQLLexer.firstIndex(of: UInt8(ascii: "]"), in: bytes, from: index + 1) else {
                    return finish()
                }
                index = close
                token = .other
            case UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A doubled quote reads as two quoted tokens in a row, which is the same verdict.
                guard let close = SQLLexer.firstIndex(of: byte, in: bytes, from: index + 1) else { return finish() }
                index = close
                token = .other
            default:
                guard SQLLexer.isIdentifierByte(byte) else {
                    token = .other
                    break
                }
                var end = index + 1
                while end < count && SQLLexer.isIdentifierByte(bytes[end]) { end += 1 }
                token = Self.keyword(bytes, index..<end)
                index = end - 1
            }
            state = Int(transitions[state &* 8 &+ token.rawValue])
            index += 1
            if token == .semicolon && state == 1 {
                position = index
                return index
            }
        }
        return finish()
    }

    /// Ends the walk: the rest of the text holds no complete statement.
    private mutating func finish() -> Int? {
        position = bytes.count
        return nil
    }

    /// The token class of a word: the five keywords `sqlite3_complete` tracks, in any case.
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Token {
        func matches(_ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            // Setting bit 5 lowercases an ASCII letter, and maps nothing else onto one.
            for (offset, letter) in letters.enumerated() where bytes[range.lowerBound + offset] | 0x20 != letter {
                return false
            }
            return true
        }
        switch bytes[range.lowerBound] | 0x20 {
        case UInt8(ascii: "c"): return matches("create") ? .create : .other
        case UInt8(ascii: "t"):
            if matches("trigger") { return .trigger }
            return matches("temp") || matches("temporary") ? .temp : .other
        case UInt8(ascii: "e"):
            if matches("end") { return .end }
            return matches("explain") ? .explain : .other
        default: return .other
        }
    }
}

/// SQL text checks and helpers shared by everything that hands SQL to SQLite.
enum SQLLexer {
    /// Whether a byte can be part of an unquoted word (SQLite's `IdChar`): ASCII letters and
    /// digits, `_`, `$`, and every byte of a multi-byte UTF-8 character.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    /// The first index at or after `start` holding `byte`.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The index just past the `*/` that closes a block comment whose text starts at `start`.
    static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// A statement's text for ``SQLScript`` and error messages: without the whitespace and
    /// comments before it, and without trailing whitespace.
    static func statementText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var start = range.lowerBound
        let end = range.upperBound
        while start < end {
            let byte = bytes[start]
            if byte == UInt8(ascii: " ") || (9...13).contains(byte) {
                start += 1
            } else if byte == UInt8(ascii: "-") && start + 1 < end && bytes[start + 1] == UInt8(ascii: "-") {
                while start < end && bytes[start] != UInt8(ascii: "\n") { start += 1 }
            } else if byte == UInt8(ascii: "/") && start + 1 < end && bytes[start + 1] == UInt8(ascii: "*") {
                start += 2
                while start < end && !(bytes[start] == UInt8(ascii: "*") && start + 1 < end && bytes[start + 1] == UInt8(ascii: "/")) {
                    start += 1
                }
                start = Swift.min(end, start + 2)
            } else {
                break
            }
        }
        return String(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).trimmingWhitespace())
    }

    /// SQLite's `nByte` for text of `count` bytes followed by its NUL terminator (as `withCString`
    /// provides): SQLite then neither copies the text nor searches for its end. Text too long for
    /// an `Int32` is passed as NUL-terminated (-1); SQLite rejects it as too big.
    static func byteLength(_ count: Int) -> Int32 {
        count < Int(Int32.max) ? Int32(count + 1) : -1
    }

    // MARK: NUL bytes

    /// The SQL to hand SQLite for `sql`, which may hold NUL bytes.
    ///
    /// SQLite reads SQL only up to its first NUL, even when told the text's length, so a NUL
    /// silently cut a script or a statement short. A NUL inside a string literal is text: that
    /// literal is rewritten as the same text spliced with `char(0)` (`'a' || char(0) || 'b'`,
    /// as ``SQLiteValue/sqliteLiteral`` writes it), which SQLite evaluates to exactly the value
    /// written. Anywhere else (between statements, in a comment, a quoted name or a blob literal)
    /// it is an error.
    ///
    /// - Parameter sql: SQL text.
    /// - Returns: `sql` itself when it holds no NUL (the common case costs one scan).
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR`) with the NUL's byte offset in ``SQLiteError/offset``.
    static func compilableText(_ sql: String) throws(SQLiteError) -> String {
        guard sql.utf8.contains(0) else { return sql }
        var copy = sql
        let result = copy.withUTF8 { bytes in Result { () throws(SQLiteError) in try splicingNULs(bytes, sql: sql) } }
        return try result.get()
    }

    private static func splicingNULs(_ bytes: UnsafeBufferPointer<UInt8>, sql: String) throws(SQLiteError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var copied = 0   // bytes before this are in `output`
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0:
                throw nulError(at: index, where: "outside any string literal", sql: sql)
            case UInt8(ascii: "'"):
                var end = index + 1
                var firstNUL: Int?
                var closed = false
                while end < count {
                    if bytes[end] == UInt8(ascii: "'") {
                        if end + 1 < count && bytes[end + 1] == UInt8(ascii: "'") {
                            end += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    if bytes[end] == 0 && firstNUL == nil { firstNUL = end }
                    end += 1
                }
                guard let nul = firstNUL else {
                    index = end + 1
                    continue
                }
                guard closed else {
                    throw nulError(at: nul, where: "inside a string literal that is never closed", sql: sql)
                }
                // X'…' is a blob literal: hex digits only.
                if index >= 1 && bytes[index - 1] | 0x20 == UInt8(ascii: "x")
                    && (index < 2 || !isIdentifierByte(bytes[index - 2]))
                {
                    throw nulError(at: nul, where: "inside a blob literal", sql: sql)
                }
                output.append(contentsOf: bytes[copied..<index])
                output.append(UInt8(ascii: "("))
                output.append(UInt8(ascii: "'"))
                for position in (index + 1)..<end {
                    if bytes[position] == 0 {
                        output.append(contentsOf: "' || char(0) || '".utf8)
                    } else {
                        output.append(bytes[position])
                    }
                }
                output.append(UInt8(ascii: "'"))
                output.append(UInt8(ascii: ")"))
                copied = end + 1
                index = end + 1
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                // A doubled quote inside a name is two quoted runs in a row: the same NUL check.
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                let end = firstIndex(of: close, in: bytes, from: index + 1) ?? count
                if let nul = firstIndex(of: 0, in: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), from: 0) {
                    throw nulError(at: index + 1 + nul, where: "inside a quoted name", sql: sql)
                }
                index = end + 1
            case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                let end = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: index + 2) ?? count
                if let nul = firstIndex(of: 0, in: UnsafeBufferPointer(rebasing: bytes[index..<end]), from: 0) {
                    throw nulError(at: index + nul, where: "inside a comment", sql: sql)
                }
                index = end
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                let end = commentEnd(bytes, from: index + 2) ?? count
                if let nul = firstIndex(of: 0, in: UnsafeBufferPointer(rebasing: bytes[index..<end]), from: 0) {
                    throw nulError(at: index + nul, where: "inside a comment", sql: sql)
                }
                index = end
            default:
                index += 1
            }
        }
        output.append(contentsOf: bytes[copied..<count])
        return String(decoding: output, as: UTF8.self)
    }

    private static func nulError(at offset: Int, where place: String, sql: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR,
            details: "the SQL holds a NUL byte at offset \(offset), \(place): SQLite stops reading SQL at a "
                + "NUL, so the text after it would be silently ignored; remove the NUL, or bind the value "
                + "as a parameter",
            sql: sql, offset: offset)
    }
}
