import SlateSchema

/// The schema builders' helpers for expressions: DDL cannot bind parameters, so every value is
/// inlined as an SQL literal. The helpers on SQL text are SlateSchema's.
extension SchemaSQL {
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

    /// A `DEFAULT` value, always in parentheses (`DEFAULT (0)`, `DEFAULT ('s')`), which SQLite
    /// accepts for any expression and is the text SQLite.swift generates.
    static func defaultClause(_ expressible: any Expressible) -> String {
        "DEFAULT (" + inlined(expressible) + ")"
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
