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
