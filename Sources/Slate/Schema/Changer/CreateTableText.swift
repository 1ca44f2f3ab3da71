/// The parts of a `CREATE TABLE` statement's text: its column definitions and table constraints
/// as written, and what follows the closing parenthesis (`WITHOUT ROWID`, `STRICT`).
///
/// A table rebuild edits this text instead of regenerating it from `PRAGMA table_info`, so
/// `CHECK` constraints, collations, generated columns and comments-free details survive.
struct CreateTableText {
    /// One column definition or table constraint, as written.
    struct Definition {
        /// The text, trimmed.
        var text: String
        /// The column's name, or `nil` for a table constraint.
        let column: String?
    }

    var definitions: [Definition]
    /// The text after the closing parenthesis, such as ` WITHOUT ROWID`.
    let suffix: String

    /// Parses the text SQLite stores in `sqlite_master`; `nil` when it is not a column list.
    init?(_ sql: String) {
        let tokens = SQLTokens(sql).tokens
        guard let open = tokens.firstIndex(where: { $0.text == "(" }) else { return nil }
        var depth = 0
        var pieces: [[SQLTokens.Token]] = [[]]
        var close: Int?
        for index in tokens.indices where index >= open {
            let token = tokens[index]
            if token.text == "(" {
                depth += 1
                if depth == 1 { continue }
            } else if token.text == ")" {
                depth -= 1
                if depth == 0 {
                    close = index
                    break
                }
            } else if token.text == "," && depth == 1 {
                pieces.append([])
                continue
            }
            pieces[pieces.count - 1].append(token)
        }
        guard let close, let end = tokens[close].range?.upperBound else { return nil }
        suffix = String(sql[end...])
        let keywords: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
        definitions = pieces.map { piece in
            let text = piece.map(\.leadingAndText).joined().trimmingCharacters(in: .whitespacesAndNewlines)
            guard let first = piece.first(where: { !$0.isSpace }), let name = first.identifier,
                !(first.isBareWord && keywords.contains(name.uppercased()))
            else { return Definition(text: text, column: nil) }
            return Definition(text: text, column: name)
        }
        guard !definitions.isEmpty else { return nil }
    }

    /// Whether a definition mentions an identifier (compared as SQLite does, ignoring case).
    static func mentions(_ text: String, _ name: String) -> Bool {
        SQLTokens(text).tokens.contains { $0.identifier?.lowercased() == name.lowercased() }
    }

    /// The text with every identifier equal to `old` replaced by `new`, quoted.
    static func renaming(_ text: String, _ old: String, to new: String) -> String {
        SQLTokens(text).tokens.map { token in
            guard token.identifier?.lowercased() == old.lowercased() else { return token.leadingAndText }
            return token.leading + SQLiteValue.quoteIdentifier(new)
        }.joined()
    }
}

/// A small SQL tokenizer: enough to find identifiers, strings, parentheses and commas without
/// being fooled by quotes or comments.
struct SQLTokens {
    struct Token {
        /// Whitespace and comments before the token.
        let leading: String
        /// The token's text.
        let text: String
        /// Where the token's text lies in the source (nil for the end).
        let range: Range<String.Index>?
        /// Whether the token is a bare word (a keyword or an unquoted identifier).
        let isBareWord: Bool

        var leadingAndText: String { leading + text }
        var isSpace: Bool { text.isEmpty }

        /// The identifier the token spells, unquoted: bare words, `"x"`, `` `x` `` and `[x]`.
        var identifier: String? {
            if isBareWord { return text }
            guard let first = text.first, let last = text.last, text.count >= 2 else { return nil }
            switch (first, last) {
            case ("\"", "\""): return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
            case ("`", "`"): return String(text.dropFirst().dropLast()).replacingOccurrences(of: "``", with: "`")
            case ("[", "]"): return String(text.dropFirst().dropLast())
            default: return nil
            }
        }
    }

    var tokens: [Token] = []

    init(_ sql: String) {
        var index = sql.startIndex
        var leading = ""
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_" || character == "$"
        }
        while index < sql.endIndex {
            let character = sql[index]
            let rest = sql[index...]
            if character.isWhitespace {
                leading.append(character)
                index = sql.index(after: index)
            } else if rest.hasPrefix("--") {
                let end = rest.firstIndex(of: "\n") ?? sql.endIndex
                leading += sql[index..<end]
                index = end
            } else if rest.hasPrefix("/*") {
                let end = rest.range(of: "*/")?.upperBound ?? sql.endIndex
                leading += sql[index..<end]
                index = end
            } else if character == "'" || character == "\"" || character == "`" || character == "[" {
                let closing: Character = character == "[" ? "]" : character
                var end = sql.index(after: index)
                while end < sql.endIndex {
                    if sql[end] == closing {
                        let next = sql.index(after: end)
                        // A doubled quote is an escaped quote, except for [brackets].
                        if closing != "]", next < sql.endIndex, sql[next] == closing {
                            end = sql.index(after: next)
                            continue
                        }
                        end = next
                        break
                    }
                    end = sql.index(after: end)
                }
                tokens.append(Token(leading: leading, text: String(sql[index..<end]), range: index..<end, isBareWord: false))
                leading = ""
                index = end
            } else if isWordCharacter(character) {
                var end = index
                while end < sql.endIndex, isWordCharacter(sql[end]) { end = sql.index(after: end) }
                let word = String(sql[index..<end])
                // Numbers are not identifiers.
                let isWord = !(word.first?.isNumber ?? true)
                tokens.append(Token(leading: leading, text: word, range: index..<end, isBareWord: isWord))
                leading = ""
                index = end
            } else {
                let end = sql.index(after: index)
                tokens.append(Token(leading: leading, text: String(character), range: index..<end, isBareWord: false))
                leading = ""
                index = end
            }
        }
        if !leading.isEmpty { tokens.append(Token(leading: leading, text: "", range: nil, isBareWord: false)) }
    }
}
