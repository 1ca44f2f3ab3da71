/// Splits SQL text into tokens the way SQLite's tokenizer does, keeping the whitespace and
/// comments before each token so that the text can be put back together exactly.
///
/// It knows quotes (strings, the four identifier quotings, blob literals), numbers, comments
/// and words, enough for the schema code to tell a column name from a type name, a keyword, a
/// string or another table's column; it does not know SQL's grammar, which ``TableSQL`` and
/// ``IndexSQL`` add for the statements they read.
struct SQLTokenizer {
    /// One token.
    struct Token: Sendable {
        /// What a token is.
        enum Kind: Sendable, Equatable {
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
            /// `?`, `?1`, `:name`, `@name`, `$name`.
            case variable
            /// Any other character or operator (`(`, `)`, `,`, `.`, `||`, `<=`, …).
            case punctuation
            /// The whitespace and comments after the last token (its text is empty).
            case end
        }

        /// Whitespace and comments before the token.
        let leading: String
        /// The token's text as written.
        let text: String
        /// What it is.
        let kind: Kind
        /// Where its text lies in the source (`nil` for ``Kind/end``).
        let range: Range<String.Index>?

        /// The leading whitespace and the text.
        var source: String { leading + text }

        /// The identifier the token spells, unquoted: a bare word, `"x"`, `` `x` ``, `[x]`.
        var identifier: String? {
            switch kind {
            case .word: return text
            case .quotedIdentifier: return Self.unquoted(text)
            default: return nil
            }
        }

        /// The name the token gives where SQLite accepts a name: an identifier, or a string
        /// (SQLite takes `'x'` as a name in a column definition's head and elsewhere).
        var name: String? {
            kind == .string ? Self.unquoted(text) : identifier
        }

        /// Whether the token is the bare word `keyword` (ASCII case-insensitive).
        func isKeyword(_ keyword: String) -> Bool {
            kind == .word && SQLIdentifier.equal(text, keyword)
        }

        /// Whether the token is the punctuation `text`.
        func isPunctuation(_ text: String) -> Bool {
            kind == .punctuation && self.text == text
        }

        private static func unquoted(_ text: String) -> String {
            guard let first = text.first, text.count >= 2 else { return text }
            let inner = String(text.dropFirst().dropLast())
            switch first {
            case "\"": return inner.replacingOccurrences(of: "\"\"", with: "\"")
            case "`": return inner.replacingOccurrences(of: "``", with: "`")
            case "'": return inner.replacingOccurrences(of: "''", with: "'")
            default: return inner   // [x] has no escape
            }
        }
    }

    /// The tokens, ending with one ``Token/Kind/end`` token when whitespace or comments follow
    /// the last one.
    let tokens: [Token]

    /// Tokenizes SQL text. Unterminated quotes and comments run to the end of the text, as
    /// SQLite would report them; the schema code only reads text SQLite has already accepted.
    init(_ sql: String) {
        var tokens: [Token] = []
        var leading = ""
        var index = sql.startIndex
        let end = sql.endIndex

        func next(_ position: String.Index) -> String.Index { sql.index(after: position) }
        func peek(_ position: String.Index) -> Character? { position < end ? sql[position] : nil }
        func isWordCharacter(_ character: Character) -> Bool {
            // SQLite treats every character above 0x7F as part of an identifier.
            character.isASCII ? (character.isLetter || character.isNumber || character == "_" || character == "$")
                : true
        }
        func append(_ kind: Token.Kind, _ range: Range<String.Index>) {
            tokens.append(Token(leading: leading, text: String(sql[range]), kind: kind, range: range))
            leading = ""
        }
        /// The end of a quoted run starting at `start` (on the opening quote).
        func quotedEnd(from start: String.Index, closing: Character, doubles: Bool) -> String.Index {
            var position = next(start)
            while position < end {
                if sql[position] == closing {
                    let after = next(position)
                    if doubles, peek(after) == closing {
                        position = next(after)
                        continue
                    }
                    return after
                }
                position = next(position)
            }
            return end
        }

        while index < end {
            let character = sql[index]
            if character.isWhitespace {
                leading.append(character)
                index = next(index)
            } else if character == "-", peek(next(index)) == "-" {
                let stop = sql[index...].firstIndex(of: "\n") ?? end
                leading += sql[index..<stop]
                index = stop
            } else if character == "/", peek(next(index)) == "*" {
                let stop = sql[next(next(index))...].range(of: "*/")?.upperBound ?? end
                leading += sql[index..<stop]
                index = stop
            } else if character == "'" {
                let stop = quotedEnd(from: index, closing: "'", doubles: true)
                append(.string, index..<stop)
                index = stop
            } else if character == "\"" || character == "`" {
                let stop = quotedEnd(from: index, closing: character, doubles: true)
                append(.quotedIdentifier, index..<stop)
                index = stop
            } else if character == "[" {
                let stop = quotedEnd(from: index, closing: "]", doubles: false)
                append(.quotedIdentifier, index..<stop)
                index = stop
            } else if (character == "x" || character == "X"), peek(next(index)) == "'" {
                let stop = quotedEnd(from: next(index), closing: "'", doubles: false)
                append(.blob, index..<stop)
                index = stop
            } else if character.isASCII && character.isNumber
                || (character == "." && (peek(next(index))?.isASCII ?? false) && (peek(next(index))?.isNumber ?? false))
            {
                var stop = next(index)
                if character == "0", let x = peek(stop), x == "x" || x == "X" {
                    stop = next(stop)
                    while let digit = peek(stop), digit.isHexDigit { stop = next(stop) }
                } else {
                    while let digit = peek(stop), digit.isASCII && (digit.isNumber || digit == "." || digit == "_") {
                        stop = next(stop)
                    }
                    if let e = peek(stop), e == "e" || e == "E" {
                        var exponent = next(stop)
                        if let sign = peek(exponent), sign == "+" || sign == "-" { exponent = next(exponent) }
                        if let digit = peek(exponent), digit.isASCII && digit.isNumber {
                            stop = exponent
                            while let digit = peek(stop), digit.isASCII && digit.isNumber { stop = next(stop) }
                        }
                    }
                }
                // A word glued to a number (`1abc`) is one bad token to SQLite; keep it one token.
                while let glued = peek(stop), isWordCharacter(glued) { stop = next(stop) }
                append(.number, index..<stop)
                index = stop
            } else if character == "?" || character == ":" || character == "@"
                || (character == "$" && (peek(next(index)).map(isWordCharacter) ?? false))
            {
                var stop = next(index)
                while let glued = peek(stop), isWordCharacter(glued) { stop = next(stop) }
                append(.variable, index..<stop)
                index = stop
            } else if isWordCharacter(character) {
                var stop = next(index)
                while let glued = peek(stop), isWordCharacter(glued) { stop = next(stop) }
                append(.word, index..<stop)
                index = stop
            } else {
                var stop = next(index)
                let pair = String(sql[index..<(peek(stop) == nil ? stop : next(stop))])
                if ["||", "<=", ">=", "==", "!=", "<>", "<<", ">>", "->"].contains(pair) {
                    stop = next(stop)
                    if pair == "->", peek(stop) == ">" { stop = next(stop) }
                }
                append(.punctuation, index..<stop)
                index = stop
            }
        }
        if !leading.isEmpty { tokens.append(Token(leading: leading, text: "", kind: .end, range: nil)) }
        self.tokens = tokens
    }
}

/// Identifier rules shared by the schema code.
enum SQLIdentifier {
    /// Whether two identifiers name the same thing: SQLite folds ASCII letters only.
    static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// Words that never stand for a column in an expression when written bare: SQLite's
    /// keywords without a fallback to an identifier, and the operator words (`LIKE`, `MATCH`,
    /// `END`, …) that the grammar reads as operators there. A column with such a name is
    /// always quoted where it is used. (Function-like keywords, `CAST(` and `RAISE(`, are
    /// followed by a parenthesis, which already marks them as no column.)
    static let reservedInExpressions: Set<String> = [
        "ADD", "ALL", "ALTER", "AND", "AS", "AUTOINCREMENT", "BETWEEN", "CASE", "CHECK", "COLLATE", "COMMIT",
        "CONSTRAINT", "CREATE", "CROSS", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DEFAULT", "DEFERRABLE",
        "DELETE", "DISTINCT", "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "FOREIGN", "FROM", "FULL", "GLOB",
        "GROUP", "HAVING", "IN", "INDEX", "INDEXED", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "ISNULL", "JOIN",
        "LEFT", "LIKE", "LIMIT", "MATCH", "NATURAL", "NOT", "NOTNULL", "NULL", "ON", "OR", "ORDER", "OUTER",
        "PRIMARY", "REFERENCES", "REGEXP", "RIGHT", "ROLLBACK", "SELECT", "SET", "TABLE", "THEN", "TO",
        "TRANSACTION", "UNION", "UNIQUE", "UPDATE", "USING", "VALUES", "WHEN", "WHERE",
    ]

    /// Whether a token may be a column reference in an expression: a quoted identifier, or a
    /// bare word that is not a reserved keyword.
    static func canReferToColumn(_ token: SQLTokenizer.Token) -> Bool {
        switch token.kind {
        case .quotedIdentifier: return true
        case .word: return !reservedInExpressions.contains(token.text.uppercased())
        default: return false
        }
    }
}
