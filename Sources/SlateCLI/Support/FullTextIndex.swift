import SlateCore

/// The full-text index `slate enable-fts` makes for a table: an FTS5 table named like
/// sqlite-utils' (`TABLE_fts`) that reads its text from the table by rowid (external content),
/// and, with `--create-triggers`, the triggers `TABLE_ai`, `TABLE_ad` and `TABLE_au` that keep it
/// in sync.
struct FullTextIndex {
    /// The indexed table.
    let table: String
    /// The FTS table's name as the schema spells it.
    let name: String
    /// The module: `fts5`, or `fts4`/`fts3` for one made by other tools.
    let module: String
    /// The indexed columns.
    let columns: [String]

    /// The FTS table's name for a table.
    static func name(for table: String) -> String { table + "_fts" }

    /// The names of the triggers that keep the index in sync: after insert, delete and update.
    static func triggerNames(for table: String) -> [String] { ["_ai", "_ad", "_au"].map { table + $0 } }

    /// The table's full-text index, or `nil` when it has none.
    static func find(_ db: Connection, table: String) throws -> FullTextIndex? {
        let found = try db.prepare(
            sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE "
                + "AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        try found.bind(SQLiteValue.text(name(for: table)), at: 1)
        guard let row = try found.cursor().next()?.snapshot(), case .text(let name) = row[0], case .text(let sql) = row[1]
        else { return nil }
        let lower = sql.lowercased()
        let module = ["fts5", "fts4", "fts3"].first { lower.contains("using " + $0) } ?? "unknown"
        let columns = try db.prepare(sql: "PRAGMA table_info(" + SQLiteValue.quoteIdentifier(name) + ")").rows().compactMap {
            if case .text(let column) = $0[1] { column } else { nil }
        }
        return FullTextIndex(table: table, name: name, module: module, columns: columns)
    }

    /// Whether the index covers a column.
    func indexes(_ column: String) -> Bool {
        columns.contains { $0.lowercased() == column.lowercased() }
    }

    /// The `CREATE VIRTUAL TABLE` of an FTS5 index that reads its text from a table by rowid
    /// (`content=`), with an optional tokenizer given as its name and arguments
    /// (`tokenize="porter ascii"`).
    static func createSQL(name: String, table: String, columns: [String], tokenizer: [String]?) -> String {
        var arguments = columns.map(SQLiteValue.quoteIdentifier)
        // FTS5 takes the tokenizer and its arguments as one string.
        if let tokenizer { arguments.append("tokenize=" + SQLiteValue.quoteIdentifier(tokenizer.joined(separator: " "))) }
        arguments.append("content=" + SQLiteValue.quoteIdentifier(table))
        return "CREATE VIRTUAL TABLE " + SQLiteValue.quoteIdentifier(name) + " USING fts5(" + arguments.joined(separator: ", ") + ")"
    }

    /// Reads every row of the table into the index again.
    func rebuild(_ db: Connection) throws {
        let quoted = SQLiteValue.quoteIdentifier(name)
        try db.execute(sql: "INSERT INTO " + quoted + " (" + quoted + ") VALUES ('rebuild')")
    }
}
