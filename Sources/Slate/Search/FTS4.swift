// Full-text search with FTS4 (https://sqlite.org/fts3.html): the module, and MATCH on a whole
// table. Tokenizers are in Tokenizer.swift, the options FTS4 shares with FTS5 in FTSConfig.swift.

extension Module {
    /// An FTS4 table with these columns: `fts4("subject", "body")`.
    ///
    /// - Parameters:
    ///   - column: The first column.
    ///   - more: More columns.
    /// - Returns: The module.
    public static func FTS4(_ column: any Expressible, _ more: any Expressible...) -> Module {
        FTS4([column] + more)
    }

    /// An FTS4 table with these columns and a tokenizer: `fts4("subject", "body", tokenize=porter)`.
    ///
    /// - Parameters:
    ///   - columns: The columns.
    ///   - tokenizer: The tokenizer, or `nil` for SQLite's default (`simple`).
    /// - Returns: The module.
    public static func FTS4(_ columns: [any Expressible] = [], tokenize tokenizer: Tokenizer? = nil) -> Module {
        FTS4(FTS4Config().columns(columns).tokenizer(tokenizer))
    }

    /// An FTS4 table with every option of a configuration.
    ///
    /// - Parameter config: The configuration.
    /// - Returns: The module.
    public static func FTS4(_ config: FTS4Config) -> Module {
        Module(raw: "fts4", config.arguments())
    }
}

extension VirtualTable {
    /// `"emails" MATCH pattern`: a full-text query over every column of the table.
    ///
    /// ```swift
    /// emails.filter(emails.match("wonder*"))
    /// // SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')
    /// ```
    ///
    /// - Parameter pattern: The full-text query.
    /// - Returns: The condition.
    public func match(_ pattern: String) -> SQLExpression<Bool> {
        SQLTemplate.infix("MATCH", tableName(), SQLTemplate.value(pattern))
    }

    /// `("emails" MATCH <expression>)`.
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The condition.
    public func match(_ pattern: SQLExpression<String>) -> SQLExpression<Bool> {
        SQLTemplate.infix("MATCH", tableName(), pattern)
    }

    /// `("emails" MATCH <expression>)` with a pattern that may be `NULL`.
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The condition.
    public func match(_ pattern: SQLExpression<String?>) -> SQLExpression<Bool?> {
        SQLTemplate.infix("MATCH", tableName(), pattern)
    }
}
