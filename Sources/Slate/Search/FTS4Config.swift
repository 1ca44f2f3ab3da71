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
            ("matchinfo", matchInfo?.rawValue), ("order", order?.rawValue)
        ]
        for case let (key, value?) in named {
            arguments.append(key + "=" + SQLiteValue.quoteIdentifier(value))
        }
        return arguments
    }
}
