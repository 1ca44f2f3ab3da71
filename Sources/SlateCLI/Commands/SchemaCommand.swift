import ArgumentParser
import Slate

/// `slate schema`: prints the SQL that defines a database's tables, indexes, views and triggers.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the CREATE statements of a database."
    )

    @Argument(help: "The database file.")
    var database: String

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        do {
            OutputSink.standard.write(try SchemaCommand.render(db))
        } catch {
            throw CLIError.database(database, error)
        }
        try OutputSink.standard.finish()
    }

    /// The schema's SQL, one statement per line, in creation order.
    static func render(_ db: Connection) throws(SQLiteError) -> String {
        let cursor = try db.cursor("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        var out = ""
        while let row = try cursor.next() { out += try row.get(0, as: String.self) + ";\n" }
        return out
    }
}
