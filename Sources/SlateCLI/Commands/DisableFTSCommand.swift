import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate disable-fts`: removes the full-text index `enable-fts` made, and its triggers.
struct DisableFTSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable-fts",
        abstract: "Remove a table's full-text index (TABLE_fts) and the triggers that keep it in sync.",
        discussion: "Example: slate disable-fts shop.db products"
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: false)
        let name = try inWriteTransaction(db, path: database) { () throws -> String in
            let table = try TableColumns(db, path: database, table: self.table)
            guard let index = try FullTextIndex.find(db, table: table.table) else {
                throw CLIError(file: database, position: nil, "\(table.table) has no full-text index (\(FullTextIndex.name(for: table.table)))")
            }
            try Self.drop(index, db)
            return index.name
        }
        OutputSink.standard.write("dropped \(name)\n")
        try OutputSink.standard.finish()
    }

    /// Drops a full-text index and the triggers on its table that write to it.
    static func drop(_ index: FullTextIndex, _ db: Connection) throws {
        let triggers = try db.prepare(
            sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 COLLATE NOCASE")
        try triggers.bind(SQLiteValue.text(index.table), at: 1)
        let quoted = SQLiteValue.quoteIdentifier(index.name).lowercased()
        for row in try triggers.rows() {
            guard case .text(let name) = row[0], case .text(let sql) = row[1] else { continue }
            let text = sql.lowercased()
            if text.contains("insert into " + quoted) || text.contains("insert into " + index.name.lowercased() + " ") {
                try db.execute(sql: "DROP TRIGGER " + SQLiteValue.quoteIdentifier(name))
            }
        }
        try db.execute(sql: "DROP TABLE " + SQLiteValue.quoteIdentifier(index.name))
    }
}
