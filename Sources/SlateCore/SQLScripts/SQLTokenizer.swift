/// Splits SQL text into tokens the way SQLite's tokenizer (`sqlite3GetToken`) does, keeping the
/// whitespace and comments before each token so that the text can be put back together exactly.
///
/// The one tokenizer for everything Slate reads in SQL text before or after SQLite compiles it:
/// where a script's statements end (``StatementBoundaries``), which NUL bytes are text
/// (``CompilableSQL``), and the schema code's reading of `CREATE` statements (Slate's
/// `TableSQL`, `IndexSQL`, `DependentSQL`). It works on UTF-8 bytes, as SQLite does: a quote
/// followed by a combining mark is still a quote, and every byte above 0x7F is part of a word.
///
/// It knows quotes (strings, the four identifier quotings, blob literals), numbers, variables,
/// comments and words, enough to tell a column name from a type name, a keyword, a string or
/// another table's column; it does not know SQL's grammar, which its users add for the
/// statements they read. Unterminated quotes and comments run to the end of the text, where
/// SQLite would report them.
package struct SQLTokenizer {
    /// One token.
    package struct Token: Sendable {
        /// What a token is.
        package enum Kind: Sendable, Equatable {
            /// A bare word: a keyword or an unquoted identifier.
            case word
            /// `"x"`, `` `x` `` or `[x]`.
            case quotedIdentifier
            /// `'x'`.
            case string
            /// `x'00ff'`.
            case blob
            /// A number (`1`, `1.5e3`, `0x1F`, `.5`).
            case number
            /// `?`, `?1`, `:name`, `@name`, `$name`, `#name`.
            case variable
            /// Any other character or operator (`(`, `)`, `,`, `.`, `;`, `||`, `<=`, …).
            case punctuation
            /// The whitespace and comments after the last token (its text is empty).
            case end
        }

        /// Whitespace and comments before the token.
        package let leading: String
        /// The token's text as written.
        package let text: String
        /// What it is.
        package let kind: Kind
        /// Where its text lies in the source, as UTF-8 offsets (`nil` for ``Kind/end``). Offsets,
        /// not `String.Index`es: a token may end inside a `Character` (`)` + a combining mark).
        package let range: Range<Int>?

        /// The leading whitespace and the text.
        package var source: String { leading + text }

        /// The identifier the token spells, unquoted: a bare word, `"x"`, `` `x` ``, `[x]`.
        package var identifier: String? {
            switch kind {
            case .word: return text
            case .quotedIdentifier: return Self.unquoted(text)
            default: return nil
            }
        }

        /// The name the token gives where SQLite accepts a name: an identifier, or a string
        /// (SQLite takes `'x'` as a name in a column definition's head and elsewhere).
        package var name: String? {
            kind == .string ? Self.unquoted(text) : identifier
        }

        /// Whether the token is the bare word `keyword` (ASCII case-insensitive, as SQLite
        /// compares keywords).
        package func isKeyword(_ keyword: String) -> Bool {
            guard kind == .word, text.utf8.count == keyword.utf8.count else { return false }
            return zip(text.utf8, keyword.utf8).allSatisfy { SQLTokenizer.asciiLowercased($0) == SQLTokenizer.asciiLowercased($1) }
        }

        /// Whether the token is the punctuation `text`.
        package func isPunctuation(_ text: String) -> Bool {
            kind == .punctuation && self.text == text
        }

        private static func unquoted(_ text: String) -> String {
            // Bytes, not `Character`s: the closing quote may be followed by a combining mark.
            let bytes = Array(text.utf8)
            guard bytes.count >= 2 else { return text }
            let inner = String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
            switch bytes[0] {
            case UInt8(ascii: "\""): return inner.replacingOccurrences(of: "\"\"", with: "\"")
            case UInt8(ascii: "`"): return inner.replacingOccurrences(of: "``", with: "`")
            case UInt8(ascii: "'"): return inner.replacingOccurrences(of: "''", with: "'")
            default: return inner  // [x] has no escape
            }
        }
    }

    /// The tokens, ending with one ``Token/Kind/end`` token when whitespace or comments follow
    /// the last one.
    package let tokens: [Token]

    /// Tokenizes SQL text.
    ///
    /// - Parameter sql: SQL text; it need not be valid.
    package init(_ sql: String) {
        var sql = sql
        tokens = sql.withUTF8 { bytes in
            func text(_ range: Range<Int>) -> String {
                // Tokens start and end at ASCII bytes (or the text's ends), never inside a
                // multi-byte character, so each piece is valid UTF-8 on its own.
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var tokens: [Token] = []
            var index = 0
            while index < bytes.count {
                let start = Self.endOfTrivia(bytes, from: index)
                guard start < bytes.count else {
                    tokens.append(Token(leading: text(index..<start), text: "", kind: .end, range: nil))
                    break
                }
                let lexeme = Self.lexeme(bytes, at: start)
                tokens.append(
                    Token(
                        leading: text(index..<start), text: text(start..<lexeme.end), kind: lexeme.kind,
                        range: start..<lexeme.end))
                index = lexeme.end
            }
            return tokens
        }
    }

    // MARK: Reading bytes

    /// One token found in bytes: what it is, where it ends, and, for quotes, whether the closing
    /// quote was there (an unterminated one runs to the end of the text).
    struct Lexeme {
        /// What the token is.
        let kind: Token.Kind
        /// The offset just past the token.
        let end: Int
        /// `false` for a quoted token whose closing quote is missing.
        let isTerminated: Bool
    }

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

    /// Whether a byte is whitespace between tokens: the five characters SQLite's tokenizer and
    /// `sqlite3_complete` both skip. (Vertical tab is not one: a token to both.)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0C, UInt8(ascii: "\r"): true
        default: false
        }
    }

    /// The offset of the first byte at or after `start` that is neither whitespace nor part of a
    /// comment (`bytes.count` when none is).
    static func endOfTrivia(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        while index < count {
            let byte = bytes[index]
            if isWhitespace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "-") {
                // The newline that ends the comment is whitespace of its own.
                index = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: index + 2) ?? count
            } else if byte == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "*") {
                index = commentEnd(bytes, from: index + 2) ?? count
            } else {
                break
            }
        }
        return index
    }

    /// The token that starts at `start`, which must be neither whitespace nor a comment (see
    /// ``endOfTrivia(_:from:)``).
    static func lexeme(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Lexeme {
        let count = bytes.count
        func byte(_ index: Int) -> UInt8? { index < count ? bytes[index] : nil }
        let first = bytes[start]
        let second = byte(start + 1)
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        func punctuation(_ length: Int) -> Lexeme { Lexeme(kind: .punctuation, end: start + length, isTerminated: true) }
        /// The end of a run of identifier bytes from `index`.
        func identifierEnd(from index: Int) -> Int {
            var end = index
            while end < count && isIdentifierByte(bytes[end]) { end += 1 }
            return end
        }
        /// A quoted token from the opening quote at `start`; `doubles`: a doubled closing quote
        /// stands for one and does not close.
        func quoted(_ kind: Token.Kind, closing: UInt8, from open: Int, doubles: Bool) -> Lexeme {
            var index = open + 1
            while let close = firstIndex(of: closing, in: bytes, from: index) {
                if doubles && byte(close + 1) == closing {
                    index = close + 2
                    continue
                }
                return Lexeme(kind: kind, end: close + 1, isTerminated: true)
            }
            return Lexeme(kind: kind, end: count, isTerminated: false)
        }

        /// A number, from its first digit or its `.`.
        func number() -> Lexeme {
            var end = start
            let isHex =
                first == UInt8(ascii: "0") && (second == UInt8(ascii: "x") || second == UInt8(ascii: "X"))
                && byte(start + 2).map(\.isHexDigit) == true
            if isHex {
                end = start + 2
                while let digit = byte(end), digit.isHexDigit || digit == UInt8(ascii: "_") { end += 1 }
            } else {
                while isDigit(byte(end)) || byte(end) == UInt8(ascii: "_") { end += 1 }
                if byte(end) == UInt8(ascii: ".") {
                    end += 1
                    while isDigit(byte(end)) || byte(end) == UInt8(ascii: "_") { end += 1 }
                }
                if let e = byte(end), e | 0x20 == UInt8(ascii: "e") {
                    var exponent = end + 1
                    if byte(exponent) == UInt8(ascii: "+") || byte(exponent) == UInt8(ascii: "-") { exponent += 1 }
                    if isDigit(byte(exponent)) {
                        end = exponent
                        while isDigit(byte(end)) { end += 1 }
                    }
                }
            }
            // A word glued to a number (`1abc`) is one bad token to SQLite; keep it one token.
            return Lexeme(kind: .number, end: identifierEnd(from: end), isTerminated: true)
        }

        switch first {
        case UInt8(ascii: "'"):
            return quoted(.string, closing: first, from: start, doubles: true)
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            return quoted(.quotedIdentifier, closing: first, from: start, doubles: true)
        case UInt8(ascii: "["):
            return quoted(.quotedIdentifier, closing: UInt8(ascii: "]"), from: start, doubles: false)
        case UInt8(ascii: "x") where second == UInt8(ascii: "'"), UInt8(ascii: "X") where second == UInt8(ascii: "'"):
            return quoted(.blob, closing: UInt8(ascii: "'"), from: start + 1, doubles: false)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        case UInt8(ascii: ".") where isDigit(second):
            return number()
        case UInt8(ascii: "?"):
            var end = start + 1
            while isDigit(byte(end)) { end += 1 }
            return Lexeme(kind: .variable, end: end, isTerminated: true)
        case UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "#"):
            // `:name`, `@name`, `$name`, `#name`, with Tcl's `::` inside a name.
            var end = start + 1
            var letters = 0
            while let next = byte(end) {
                if isIdentifierByte(next) {
                    letters += 1
                    end += 1
                } else if next == UInt8(ascii: ":") && byte(end + 1) == UInt8(ascii: ":") {
                    end += 2
                } else {
                    break
                }
            }
            return letters > 0 ? Lexeme(kind: .variable, end: end, isTerminated: true) : punctuation(1)
        case UInt8(ascii: "-"):
            guard second == UInt8(ascii: ">") else { return punctuation(1) }
            return punctuation(byte(start + 2) == UInt8(ascii: ">") ? 3 : 2)  // -> and ->>
        case UInt8(ascii: "<"):
            let pairs = second == UInt8(ascii: "=") || second == UInt8(ascii: ">") || second == UInt8(ascii: "<")
            return punctuation(pairs ? 2 : 1)
        case UInt8(ascii: ">"):
            return punctuation(second == UInt8(ascii: "=") || second == UInt8(ascii: ">") ? 2 : 1)
        case UInt8(ascii: "="), UInt8(ascii: "!"):
            return punctuation(second == UInt8(ascii: "=") ? 2 : 1)
        case UInt8(ascii: "|"):
            return punctuation(second == UInt8(ascii: "|") ? 2 : 1)
        default:
            guard isIdentifierByte(first) else { return punctuation(1) }
            return Lexeme(kind: .word, end: identifierEnd(from: start + 1), isTerminated: true)
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

    /// An ASCII letter in lower case; any other byte as it is (SQLite folds ASCII letters only).
    package static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }
}
