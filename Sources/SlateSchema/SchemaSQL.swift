import SlateCore

/// Helpers on DDL text shared by the schema reader, the schema changer and the builders: a few
/// clauses need parentheses SQLite's grammar insists on, and a default value is written as SQLite
/// accepts it. The builders' helpers on expressions extend it in `Slate`.
package enum SchemaSQL {
    /// Whether the whole text is one parenthesized group, such as `("a" > 1)` (but not
    /// `("a") + ("b")`), skipping parentheses inside quotes.
    package static func isParenthesized(_ sql: String) -> Bool {
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
    package static func parenthesized(_ sql: String) -> String {
        isParenthesized(sql) ? sql : "(" + sql + ")"
    }

    /// A default value's SQL as SQLite accepts it after `DEFAULT`: expressions get parentheses.
    package static func parenthesizedDefault(_ sql: String) -> String {
        let keywords: Set<String> = ["NULL", "TRUE", "FALSE", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"]
        if keywords.contains(sql.uppercased()) || isLiteral(sql) { return sql }
        return parenthesized(sql)
    }

    /// Whether text is one SQL literal: a number, a string or a blob.
    package static func isLiteral(_ sql: String) -> Bool {
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
}
