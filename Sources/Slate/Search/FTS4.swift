// Full-text search with FTS4 (https://sqlite.org/fts3.html): the module, tokenizers, the
// configuration shared with FTS5, and MATCH on a whole table.

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
        Module("fts4", config.arguments())
    }
}

extension VirtualTable {
    /// `"emails" MATCH pattern`: a full-text query over every column of the table.
    ///
    /// ```swift
    /// emails.filter(emails.match("wonder*"))
    /// // SELECT * FROM "emails" WHERE "emails" MATCH 'wonder*'
    /// ```
    ///
    /// - Parameter pattern: The full-text query.
    /// - Returns: The condition.
    public func match(_ pattern: String) -> SQLExpression<Bool> {
        SQLTemplate.infix("MATCH", tableName(), SQLTemplate.value(pattern), wrap: false)
    }

    /// `"emails" MATCH <expression>`.
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The condition.
    public func match(_ pattern: SQLExpression<String>) -> SQLExpression<Bool> {
        SQLTemplate.infix("MATCH", tableName(), pattern, wrap: false)
    }

    /// `"emails" MATCH <expression>` with a pattern that may be `NULL`.
    ///
    /// - Parameter pattern: The full-text query as an expression.
    /// - Returns: The condition.
    public func match(_ pattern: SQLExpression<String?>) -> SQLExpression<Bool?> {
        SQLTemplate.infix("MATCH", tableName(), pattern, wrap: false)
    }

    /// The table's rows matching a full-text query:
    /// `SELECT * FROM "emails" WHERE "emails" MATCH 'wonder*'`.
    ///
    /// - Parameter pattern: The full-text query.
    /// - Returns: The filtered query.
    public func match(_ pattern: String) -> VirtualTable {
        filter(match(pattern) as SQLExpression<Bool>)
    }
}

/// A full-text tokenizer: how FTS splits text into terms.
///
/// ```swift
/// try db.run(emails.create(.FTS4([subject, body], tokenize: .Porter)))
/// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)
/// ```
public struct Tokenizer: Sendable, Hashable, CustomStringConvertible {
    /// `simple`: ASCII case folding, splitting on non-alphanumerics.
    public static let Simple = Tokenizer("simple")
    /// `porter`: `simple` plus Porter stemming (English).
    public static let Porter = Tokenizer("porter")

    /// `unicode61`: Unicode case folding and word boundaries.
    ///
    /// - Parameters:
    ///   - removeDiacritics: Whether to fold diacritics (`"remove_diacritics=1"`), if given.
    ///   - tokenchars: Characters that are part of terms.
    ///   - separators: Characters that separate terms.
    /// - Returns: The tokenizer.
    public static func Unicode61(
        removeDiacritics: Bool? = nil, tokenchars: Set<Character> = [], separators: Set<Character> = []
    ) -> Tokenizer {
        // FTS4 takes `"key=value"` arguments, FTS5 `key 'value'` pairs inside one string.
        var options: [(key: String, value: String)] = []
        if let removeDiacritics { options.append(("remove_diacritics", removeDiacritics ? "1" : "0")) }
        // Sorted so the generated SQL does not depend on Set order.
        if !tokenchars.isEmpty { options.append(("tokenchars", String(tokenchars.sorted()))) }
        if !separators.isEmpty { options.append(("separators", String(separators.sorted()))) }
        return Tokenizer(
            "unicode61", options.map { SQLiteValue.quoteIdentifier($0.key + "=" + $0.value) },
            fts5Options: options.map { $0.key + " " + SQLiteValue.quote($0.value) })
    }

    /// FTS5's `trigram` tokenizer (SQLite 3.34+), for substring search.
    ///
    /// - Parameter caseSensitive: Whether matching is case-sensitive.
    /// - Returns: The tokenizer.
    public static func Trigram(caseSensitive: Bool = false) -> Tokenizer {
        Tokenizer("trigram", [], fts5Options: ["case_sensitive " + (caseSensitive ? "1" : "0")])
    }

    /// A tokenizer by name: one SQLite provides (`icu`, `ascii`, …) or one registered on the
    /// connection, with its arguments.
    ///
    /// - Parameters:
    ///   - name: The tokenizer's name.
    ///   - arguments: Its arguments: each quoted for FTS4, joined with spaces for FTS5.
    /// - Returns: The tokenizer.
    public static func Custom(_ name: String, _ arguments: [String] = []) -> Tokenizer {
        Tokenizer(SQLiteValue.quoteIdentifier(name), arguments.map(SQLiteValue.quoteIdentifier), fts5Name: name,
            fts5Options: arguments)
    }

    /// The tokenizer's name as it appears in SQL.
    public let name: String
    /// The tokenizer's arguments as they appear in SQL.
    public let arguments: [String]

    /// FTS5's spelling: the name and the options, inside one quoted string when there are options.
    let fts5Value: String

    private init(_ name: String, _ arguments: [String] = [], fts5Name: String? = nil, fts5Options: [String] = []) {
        self.name = name
        self.arguments = arguments
        let words = [fts5Name ?? name] + fts5Options
        fts5Value = fts5Options.isEmpty && fts5Name == nil ? name : SQLiteValue.quoteIdentifier(words.joined(separator: " "))
    }

    /// The FTS4 `tokenize=` value: the name followed by the arguments.
    public var description: String { ([name] + arguments).joined(separator: " ") }
}

/// Options shared by FTS4 and FTS5 tables: columns, tokenizer, prefix indexes and content.
///
/// Methods change the configuration and return it, so they chain:
/// `FTS4Config().column(subject).column(body, [.unindexed])`.
open class FTSConfig {
    /// Options of one column.
    public enum ColumnOption: Sendable, Hashable {
        /// The column is stored but not indexed (`notindexed=` in FTS4, `UNINDEXED` in FTS5).
        case unindexed
    }

    var columnDefinitions: [(column: any Expressible, options: [ColumnOption])] = []
    var tokenizer: Tokenizer?
    var prefixes: [Int] = []
    var externalContentSchema: (any SchemaType)?
    var isContentless = false

    /// Creates an empty configuration.
    public init() {}

    /// Adds a column.
    ///
    /// - Parameters:
    ///   - column: The column.
    ///   - options: Its options.
    /// - Returns: The configuration.
    @discardableResult open func column(_ column: any Expressible, _ options: [ColumnOption] = []) -> Self {
        columnDefinitions.append((column, options))
        return self
    }

    /// Adds columns without options.
    ///
    /// - Parameter columns: The columns.
    /// - Returns: The configuration.
    @discardableResult open func columns(_ columns: [any Expressible]) -> Self {
        for column in columns { self.column(column) }
        return self
    }

    /// Sets the tokenizer (`tokenize=`).
    ///
    /// - Parameter tokenizer: The tokenizer, or `nil` for the default.
    /// - Returns: The configuration.
    @discardableResult open func tokenizer(_ tokenizer: Tokenizer?) -> Self {
        self.tokenizer = tokenizer
        return self
    }

    /// Adds prefix indexes for these prefix lengths (`prefix="2,3"`).
    ///
    /// - Parameter prefix: Prefix lengths in characters.
    /// - Returns: The configuration.
    @discardableResult open func prefix(_ prefix: [Int]) -> Self {
        prefixes += prefix
        return self
    }

    /// Reads the text from another table (`content="table"`), an external-content table.
    ///
    /// - Parameter schema: The content table.
    /// - Returns: The configuration.
    @discardableResult open func externalContent(_ schema: some SchemaType) -> Self {
        externalContentSchema = schema
        return self
    }

    /// Stores no text, only the index (`content=""`).
    ///
    /// - Returns: The configuration.
    @discardableResult open func contentless() -> Self {
        isContentless = true
        return self
    }

    /// The column arguments (FTS5 marks unindexed ones inline).
    func formatColumnDefinitions() -> [String] {
        columnDefinitions.map { SchemaSQL.inlined($0.column) }
    }

    /// The tokenizer as this module spells it (FTS4's form; FTS5 overrides).
    func tokenizeValue(_ tokenizer: Tokenizer) -> String {
        tokenizer.description
    }

    /// Every module argument, as SQL.
    func arguments() -> [String] {
        var arguments = formatColumnDefinitions()
        if let tokenizer { arguments.append("tokenize=" + tokenizeValue(tokenizer)) }
        if !prefixes.isEmpty {
            let list = prefixes.sorted().map(String.init).joined(separator: ",")
            arguments.append("prefix=" + SQLiteValue.quoteIdentifier(list))
        }
        if isContentless {
            arguments.append("content=" + SQLiteValue.quoteIdentifier(""))
        } else if let externalContentSchema {
            arguments.append("content=" + SQLiteValue.quoteIdentifier(externalContentSchema.clauses.from.name))
        }
        return arguments
    }
}

/// Configuration of an FTS4 table: the shared options plus `languageid`, `compress` and
/// `uncompress`, `matchinfo` and `order`.
///
/// ```swift
/// let config = FTS4Config().column(subject).column(body, [.unindexed]).languageId("lid").order(.desc)
/// // fts4("subject", "body", notindexed="body", languageid="lid", order="desc")
/// ```
open class FTS4Config: FTSConfig {
    /// The `matchinfo=` option.
    public enum MatchInfo: String, Sendable, CustomStringConvertible {
        /// `matchinfo="fts3"`: smaller matchinfo data, as FTS3 stores it.
        case fts3
        /// The option's value.
        public var description: String { rawValue }
    }

    /// The `order=` option: which docid order the table is optimized for.
    public enum Order: String, Sendable, CustomStringConvertible {
        /// Ascending docids (the default).
        case asc
        /// Descending docids (newest first).
        case desc
        /// The option's value.
        public var description: String { rawValue }
    }

    var compressFunction: String?
    var uncompressFunction: String?
    var languageId: String?
    var matchInfo: MatchInfo?
    var order: Order?

    /// Creates an empty configuration.
    override public init() {}

    /// Names the SQL function that compresses stored text (`compress=`); set `uncompress` too.
    ///
    /// - Parameter functionName: A function registered on the connection.
    /// - Returns: The configuration.
    @discardableResult open func compress(_ functionName: String) -> Self {
        compressFunction = functionName
        return self
    }

    /// Names the SQL function that uncompresses stored text (`uncompress=`).
    ///
    /// - Parameter functionName: A function registered on the connection.
    /// - Returns: The configuration.
    @discardableResult open func uncompress(_ functionName: String) -> Self {
        uncompressFunction = functionName
        return self
    }

    /// Adds a hidden language-id column (`languageid=`).
    ///
    /// - Parameter columnName: The column's name.
    /// - Returns: The configuration.
    @discardableResult open func languageId(_ columnName: String) -> Self {
        languageId = columnName
        return self
    }

    /// Sets the `matchinfo=` option.
    ///
    /// - Parameter matchInfo: The option.
    /// - Returns: The configuration.
    @discardableResult open func matchInfo(_ matchInfo: MatchInfo) -> Self {
        self.matchInfo = matchInfo
        return self
    }

    /// Sets the `order=` option.
    ///
    /// - Parameter order: The docid order to optimize for.
    /// - Returns: The configuration.
    @discardableResult open func order(_ order: Order) -> Self {
        self.order = order
        return self
    }

    override func arguments() -> [String] {
        var arguments = super.arguments()
        for (column, options) in columnDefinitions where options.contains(.unindexed) {
            arguments.append("notindexed=" + SchemaSQL.columnName(column))
        }
        let named: [(String, String?)] = [
            ("languageid", languageId), ("compress", compressFunction), ("uncompress", uncompressFunction),
            ("matchinfo", matchInfo?.rawValue), ("order", order?.rawValue),
        ]
        for case let (key, value?) in named {
            arguments.append(key + "=" + SQLiteValue.quoteIdentifier(value))
        }
        return arguments
    }
}
