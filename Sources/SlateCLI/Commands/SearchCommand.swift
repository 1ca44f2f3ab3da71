import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate search`: rows of a table that match a full-text query, best first, in any format
/// `slate query` writes.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search a table's full-text index: matching rows, best first (bm25).",
        discussion: """
            The table needs a full-text index: `slate enable-fts DB TABLE COLUMN…` makes one. The \
            query is FTS5's (https://sqlite.org/fts5.html#full_text_query_syntax): words (all must \
            match), "a phrase", OR, NOT, prefix*, column:word, NEAR(a b, 5); --quote searches \
            for the words as they are. Rows come best first by FTS5's rank (bm25 unless the index \
            was configured otherwise), in the formats of `slate query`.

            Example: slate search shop.db products "red NOT blue" --column name --column price --limit 10 --format json
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @Argument(help: "The full-text query.")
    var query: String

    @Option(name: .shortAndLong, parsing: .singleValue, help: ArgumentHelp("A column to show (repeatable; all by default).", valueName: "column"))
    var column: [String] = []

    @Option(name: .long, help: "At most this many rows.")
    var limit: Int?

    @Flag(name: .long, help: "Add the rank (bm25: lower is better) as a last column.")
    var rank = false

    @Flag(name: .long, help: "Search for the words as they are, quoting each one (no operators).")
    var quote = false

    @OptionGroup var output: OutputOptions<TableFormatByDefault>

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    /// The query with each word quoted as an FTS5 string, so that no word is an operator.
    static func quoted(_ query: String) -> String {
        query.split(whereSeparator: \.isWhitespace).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " ")
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        let sink = OutputSink.standard
        let text = quote ? Self.quoted(query) : query
        do {
            let table = try TableColumns(db, path: database, table: self.table)
            guard let index = try FullTextIndex.find(db, table: table.table) else {
                throw CLIError(
                    file: database, position: nil,
                    "\(table.table) has no full-text index; run `slate enable-fts \(database) \(table.table) COLUMN…` first")
            }
            guard index.module == "fts5" else {
                throw CLIError(
                    file: database, position: nil,
                    "\(index.name) is an \(index.module.uppercased()) table; slate searches FTS5 indexes: "
                        + "run `slate enable-fts … --replace` to make one")
            }
            let source = SQLiteValue.quoteIdentifier(table.table)
            let fts = SQLiteValue.quoteIdentifier(index.name)
            let shown = try column.map { source + "." + SQLiteValue.quoteIdentifier(try table.resolve($0)) }
            var select = (shown.isEmpty ? [source + ".*"] : shown).joined(separator: ", ")
            if rank { select += ", " + fts + ".rank AS rank" }
            let match = " FROM " + fts + " JOIN " + source + " ON " + source + ".rowid = " + fts + ".rowid WHERE " + fts + " MATCH ?1"
            // A bad query fails at its first step: find out before any output is written.
            do {
                let probe = try db.prepare(sql: "SELECT 1 FROM " + fts + " WHERE " + fts + " MATCH ?1 LIMIT 1")
                try probe.bind(SQLiteValue.text(text), at: 1)
                try probe.executeToCompletion()
            } catch {
                throw CLIError(
                    file: database, position: nil,
                    "bad full-text query \(sqlLiteral(query)): \(error.explanation)"
                        + (quote ? "" : " (--quote searches for the words as they are)"))
            }
            let statement = try db.prepare(
                sql: "SELECT " + select + match + " ORDER BY " + fts + ".rank" + (limit.map { " LIMIT \($0)" } ?? ""))
            try statement.bind(SQLiteValue.text(text), at: 1)
            try streamRows(of: statement, to: output.writer(sink: sink), sink: sink)
        } catch let error as SQLiteError {
            try? sink.finish()
            throw CLIError.database(database, error)
        }
        try sink.finish()
    }
}
