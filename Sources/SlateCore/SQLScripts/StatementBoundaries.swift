/// Finds where the statements of SQL text end, as `sqlite3_complete` decides, in one pass.
///
/// `sqlite3_complete` answers for a whole text, so asking it at every `;` rescans the statement so
/// far each time: quadratic in a statement with many `;` inside a literal (a dump) or a trigger
/// body. This walks the same state machine once, over ``SQLTokenizer``'s tokens: a `;` ends a
/// statement unless it is inside a string, a quoted name, a comment, or a `CREATE TRIGGER` before
/// its `END`. The tests check that it agrees with `sqlite3_complete` on random scripts.
///
/// A NUL byte is an ordinary character here (`sqlite3_complete` would stop at it): compiling
/// such text is ``CompilableSQL/text(_:)``'s concern.
struct StatementBoundaries {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next statement starts.
    private(set) var position: Int

    /// Starts at the beginning of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.position = 0
    }

    /// `sqlite3_complete`'s token classes, as indexes into ``transitions``. Whitespace and
    /// comments leave every state as it is, so they need no class here.
    private enum Token: Int {
        case semicolon, other = 2, explain, create, temp, trigger, end
    }

    /// `sqlite3_complete`'s states: 0 nothing yet, 1 after a complete statement, 2 inside an
    /// ordinary statement, 3 after EXPLAIN, 4 after CREATE (and TEMP), 5 inside a trigger, 6 after
    /// a `;` inside a trigger, 7 after that `;` and END. A row per state, a column per token
    /// class (the second column, whitespace, is SQLite's, kept so the table reads as its own).
    private static let transitions: [UInt8] = [
        1, 0, 2, 3, 4, 2, 2, 2,
        1, 1, 2, 3, 4, 2, 2, 2,
        1, 2, 2, 2, 2, 2, 2, 2,
        1, 3, 3, 2, 4, 2, 2, 2,
        1, 4, 2, 2, 2, 4, 5, 2,
        6, 5, 5, 5, 5, 5, 5, 5,
        6, 6, 5, 5, 5, 5, 5, 7,
        1, 7, 5, 5, 5, 5, 5, 5
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
        while true {
            // An unterminated comment or quote runs to the end: no `;` can follow it.
            let start = SQLTokenizer.endOfTrivia(bytes, from: index)
            guard start < count else { break }
            let lexeme = SQLTokenizer.lexeme(bytes, at: start)
            index = lexeme.end
            switch lexeme.kind {
            case .punctuation where bytes[start] == UInt8(ascii: ";"):
                state = Int(transitions[state &* 8])
                if state == 1 {
                    position = index
                    return index
                }
            case .word, .number, .variable, .punctuation:
                // `sqlite3_complete` knows no numbers or variables: it reads `1.end` and `@end`
                // as other characters and a word, which may be a keyword it tracks.
                var offset = start
                while offset < index {
                    var token = Token.other
                    if SQLTokenizer.isIdentifierByte(bytes[offset]) {
                        var end = offset + 1
                        while end < index && SQLTokenizer.isIdentifierByte(bytes[end]) { end += 1 }
                        token = Self.keyword(bytes, offset..<end)
                        offset = end
                    } else {
                        offset += 1
                    }
                    state = Int(transitions[state &* 8 &+ token.rawValue])
                }
            case .string, .quotedIdentifier, .blob, .end:
                state = Int(transitions[state &* 8 &+ Token.other.rawValue])
            }
        }
        position = count
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
}
