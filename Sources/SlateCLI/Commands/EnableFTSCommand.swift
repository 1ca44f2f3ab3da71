import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate enable-fts`: an FTS5 full-text index over a table's columns, with Slate's FTS5 support.
struct EnableFTSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable-fts",
        abstract: "Index columns of a table for full-text search (FTS5), for `slate search`.",
        discussion: """
            Creates the FTS5 table TABLE_fts (named as sqlite-utils names it), which reads its text \
            from the table by rowid (external content, so the text is not stored twice), and \
            indexes every row, in one transaction. With --create-triggers, the triggers TABLE_ai, \
            TABLE_ad and TABLE_au keep it in sync as rows are inserted, updated and deleted; \
            without them, run enable-fts --replace after changing the table. --tokenize picks \
            FTS5's tokenizer: porter (English stemming), unicode61 (the default), ascii, trigram \
            (substrings; SQLite 3.34+), with its options (`unicode61 remove_diacritics 2`).

            Example: slate enable-fts shop.db products name description --create-triggers --tokenize porter
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @Argument(help: "The columns to index.")
    var columns: [String]

    @Flag(name: .customLong("create-triggers"), help: "Keep the index in sync with triggers on the table.")
    var createTriggers = false

    @Option(name: .long, help: ArgumentHelp("The FTS5 tokenizer and its options, such as porter or \"unicode61 remove_diacritics 2\".", valueName: "tokenizer"))
    var tokenize: String?

    @Flag(name: .long, help: "Replace the table's full-text index (and its triggers) if it has one.")
    var replace = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard !columns.isEmpty else { throw ValidationError("name at least one column to index") }
        if let tokenize, tokenize.split(separator: " ").isEmpty { throw ValidationError("--tokenize needs a tokenizer name") }
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: false)
        do { try db.requireFTS5() } catch { throw CLIError.database(database, error) }
        let (index, rows) = try inWriteTransaction(db, path: database) { () throws -> (String, Int64) in
            let table = try TableColumns(db, path: database, table: self.table)
            guard table.hasRowid else {
                throw CLIError(
                    file: database, position: nil,
                    "\(table.table) is a WITHOUT ROWID table: an FTS5 index reads its rows by rowid")
            }
            let indexed = try columns.map(table.resolve)
            if let existing = try FullTextIndex.find(db, table: table.table) {
                guard replace else {
                    throw CLIError(
                        file: database, position: nil,
                        "full-text search is already enabled on \(table.table) (\(existing.name)); "
                            + "use --replace to index again, or `slate disable-fts` first")
                }
                try DisableFTSCommand.drop(existing, db)
            }
            let name = FullTextIndex.name(for: table.table)
            let tokenizer = tokenize.map { $0.split(separator: " ").map(String.init) }
            try db.execute(sql: FullTextIndex.createSQL(name: name, table: table.table, columns: indexed, tokenizer: tokenizer))
            let fts = FullTextIndex(table: table.table, name: name, module: "fts5", columns: indexed)
            try fts.rebuild(db)
            if createTriggers {
                for sql in Self.triggers(for: fts) { try db.execute(sql: sql) }
            }
            return (name, try db.scalar(Int64.self, "SELECT count(*) FROM " + SQLiteValue.quoteIdentifier(table.table)) ?? 0)
        }
        OutputSink.standard.write(
            "indexed \(rows) row\(rows == 1 ? "" : "s") of \(table) in \(index)" + (createTriggers ? ", kept in sync by triggers" : "")
                + "\n")
        try OutputSink.standard.finish()
    }

    /// The triggers that keep an external-content FTS5 index in sync (the pattern of
    /// https://sqlite.org/fts5.html#external_content_tables): an update deletes the old text
    /// from the index and adds the new.
    static func triggers(for index: FullTextIndex) -> [String] {
        let table = SQLiteValue.quoteIdentifier(index.table)
        let fts = SQLiteValue.quoteIdentifier(index.name)
        let columns = index.columns.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")
        func values(_ row: String) -> String { index.columns.map { row + "." + SQLiteValue.quoteIdentifier($0) }.joined(separator: ", ") }
        let insert = "INSERT INTO \(fts) (rowid, \(columns)) VALUES (new.rowid, \(values("new")));"
        let delete = "INSERT INTO \(fts) (\(fts), rowid, \(columns)) VALUES ('delete', old.rowid, \(values("old")));"
        let names = FullTextIndex.triggerNames(for: index.table).map(SQLiteValue.quoteIdentifier)
        return [
            "CREATE TRIGGER \(names[0]) AFTER INSERT ON \(table) BEGIN \(insert) END",
            "CREATE TRIGGER \(names[1]) AFTER DELETE ON \(table) BEGIN \(delete) END",
            "CREATE TRIGGER \(names[2]) AFTER UPDATE ON \(table) BEGIN \(delete) \(insert) END"
        ]
    }
}
