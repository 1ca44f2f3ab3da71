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
