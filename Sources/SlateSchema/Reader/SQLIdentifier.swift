import SlateCore

/// Identifier rules shared by the schema code.
enum SQLIdentifier {
    /// Whether two identifiers name the same thing: SQLite folds ASCII letters only.
    static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { SQLTokenizer.asciiLowercased($0) == SQLTokenizer.asciiLowercased($1) }
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
        "TRANSACTION", "UNION", "UNIQUE", "UPDATE", "USING", "VALUES", "WHEN", "WHERE"
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
