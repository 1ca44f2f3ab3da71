/// Helpers shared by the schema builders: DDL cannot bind parameters, so every value is inlined
/// as an SQL literal, and a few clauses need parentheses SQLite's grammar insists on.
enum SchemaSQL {
    /// An expression's SQL with its values inlined (DDL statements take no bound parameters).
    static func inlined(_ expressible: any Expressible) -> String {
        expressible.asSQL()
    }

    /// The bare quoted column name of a column expression: `"id"` for `"users"."id"`.
    static func columnName(_ expressible: any Expressible) -> String {
        let template = expressible.expression.template
        return ColumnKeys.lastComponent(of: template) ?? template
    }

    /// The column's name without quotes, for generated index names.
    static func unquotedName(_ expressible: any Expressible) -> String {
        let quoted = columnName(expressible)
        // Bytes, not `Character`s: a quote followed by a combining mark is one `Character`.
        let quote = UInt8(ascii: "\"")
        guard quoted.utf8.count >= 2, quoted.utf8.first == quote, quoted.utf8.last == quote else { return quoted }
        return ColumnKeys.unquoted(quoted)
    }

    /// Whether the whole text is one parenthesized group, such as `("a" > 1)` (but not
    /// `("a") + ("b")`), skipping parentheses inside quotes.
    static func isParenthesized(_ sql: String) -> Bool {
        guard sql.hasPrefix("("), sql.hasSuffix(")") else { return false }
        var depth = 0
        var quote: Character?
        for (offset, character) in sql.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"", "`": quote = character
            case "(": depth += 1
            case ")":
                depth -= 1
                // The group closed before the end: the text is several terms.
                if depth == 0 && offset != sql.count - 1 { return false }
            default: break
            }
        }
        return depth == 0
    }

    /// `(sql)` unless `sql` is already one parenthesized group.
    static func parenthesized(_ sql: String) -> String {
        isParenthesized(sql) ? sql : "(" + sql + ")"
    }

    /// A `DEFAULT` value, always in parentheses (`DEFAULT (0)`, `DEFAULT ('s')`), which SQLite
    /// accepts for any expression and is the text SQLite.swift generates.
    static func defaultClause(_ expressible: any Expressible) -> String {
        "DEFAULT (" + inlined(expressible) + ")"
    }

    /// A default value's SQL as SQLite accepts it after `DEFAULT`: expressions get parentheses.
    static func parenthesizedDefault(_ sql: String) -> String {
        let keywords: Set<String> = ["NULL", "TRUE", "FALSE", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"]
        if keywords.contains(sql.uppercased()) || isLiteral(sql) { return sql }
        return parenthesized(sql)
    }

    /// Whether text is one SQL literal: a number, a string or a blob.
    static func isLiteral(_ sql: String) -> Bool {
        if Double(sql) != nil { return true }
        // On UTF-8 bytes: a quote followed by a combining mark is one `Character`, not a quote.
        let quote = UInt8(ascii: "'")
        var body = Array(sql.utf8)[...]
        if body.count >= 2, body.first == UInt8(ascii: "X") || body.first == UInt8(ascii: "x"), body.dropFirst().first == quote {
            body = body.dropFirst()
        }
        guard body.count >= 2, body.first == quote, body.last == quote else { return false }
        // A single string literal has only doubled quotes inside.
        var inner = body.dropFirst().dropLast()
        while let first = inner.first {
            inner = inner.dropFirst()
            guard first == quote else { continue }
            guard inner.first == quote else { return false }
            inner = inner.dropFirst()
        }
        return true
    }

    /// SQLite.swift's generated index name: `index_<table>_on_<columns>`, lowercased, every
    /// character other than a letter or a digit turned into `_` (quotes dropped).
    static func indexName(table: String, columns: [any Expressible]) -> String {
        let words = ["index", table, "on"] + columns.map { $0.expression.template }
        var name = ""
        for character in words.joined(separator: " ").lowercased() where character != "\"" {
            let isAlphanumeric = character.isASCII && (character.isLetter || character.isNumber)
            name.append(isAlphanumeric ? character : "_")
        }
        return name
    }
}
