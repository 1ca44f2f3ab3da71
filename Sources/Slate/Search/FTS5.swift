// Full-text search with FTS5 (https://sqlite.org/fts5.html).

extension Module {
    /// An FTS5 table: `fts5("subject", "body" UNINDEXED)`.
    ///
    /// The linked SQLite must include FTS5; `Connection.requireFTS5()` checks it, and creating
    /// the table fails with "no such module: fts5" otherwise.
    ///
    /// - Parameter config: The configuration.
    /// - Returns: The module.
    public static func FTS5(_ config: FTS5Config) -> Module {
        Module(raw: "fts5", config.arguments())
    }
}

/// Configuration of an FTS5 table: the shared options plus `content_rowid`, `columnsize` and
/// `detail`.
///
/// ```swift
/// let config = FTS5Config().column(subject).column(body, [.unindexed])
/// // fts5("subject", "body" UNINDEXED)
/// ```
open class FTS5Config: FTSConfig {
    /// The `detail=` option: how much position data the index keeps.
    public enum Detail: String, Sendable {
        /// Rowid, column and offset of every term (the default).
        case full
        /// Rowid and column.
        case column
        /// Rowid only.
        case none
    }

    var detail: Detail?
    var contentRowId: (any Expressible)?
    var columnSize: Int?

    /// Creates an empty configuration.
    override public init() {}

    /// Names the external content table's rowid column (`content_rowid=`).
    ///
    /// - Parameter column: The column.
    /// - Returns: The configuration.
    @discardableResult open func contentRowId(_ column: any Expressible) -> Self {
        contentRowId = column
        return self
    }

    /// Sets the `columnsize=` option (0 stores no column sizes).
    ///
    /// - Parameter size: 0 or 1.
    /// - Returns: The configuration.
    @discardableResult open func columnSize(_ size: Int) -> Self {
        columnSize = size
        return self
    }

    /// Sets the `detail=` option.
    ///
    /// - Parameter detail: The detail level.
    /// - Returns: The configuration.
    @discardableResult open func detail(_ detail: Detail) -> Self {
        self.detail = detail
        return self
    }

    override func tokenizeValue(_ tokenizer: Tokenizer) -> String {
        tokenizer.fts5Value
    }

    override func formatColumnDefinitions() -> [String] {
        columnDefinitions.map { column, options in
            SchemaSQL.inlined(column) + (options.contains(.unindexed) ? " UNINDEXED" : "")
        }
    }

    override func arguments() -> [String] {
        var arguments = super.arguments()
        if let contentRowId { arguments.append("content_rowid=" + SchemaSQL.columnName(contentRowId)) }
        if let columnSize { arguments.append("columnsize=\(columnSize)") }
        if let detail { arguments.append("detail=" + SQLiteValue.quoteIdentifier(detail.rawValue)) }
        return arguments
    }
}
