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
