import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate schema`: prints the SQL that defines a database's tables, indexes, views and triggers.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the CREATE statements of a database, or of one table.",
        discussion: "Example: slate schema shop.db products (the table, then its indexes and triggers)"
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "One table (or view): its definition, indexes and triggers.")
    var table: String?

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        do {
            OutputSink.standard.write(try SchemaCommand.render(db, table: table))
        } catch let error as SQLiteError {
            throw CLIError.database(database, error)
        } catch let error as CLIError {
            throw CLIError(file: database, position: nil, error.message)
        }
        try OutputSink.standard.finish()
    }

    /// The schema's SQL, one statement per line, in creation order: all of it, or one table's
    /// (its definition first, then its indexes and triggers).
    ///
    /// - Throws: ``CLIError`` when `table` names no table or view.
    static func render(_ db: Connection, table: String? = nil) throws -> String {
        let filter = table.map { "AND tbl_name = \(sqlLiteral($0)) COLLATE NOCASE ORDER BY type NOT IN ('table', 'view'), rowid" } ?? "ORDER BY rowid"
        let cursor = try db.cursor("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL \(filter)")
        var out = ""
        while let row = try cursor.next() { out += try row.get(0, as: String.self) + ";\n" }
        if let table, out.isEmpty { throw CLIError("no such table: \(table)") }
        return out
    }
}
