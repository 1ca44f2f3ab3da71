import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate create-index`: an index on columns of a table, named as sqlite-utils names it.
struct CreateIndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-index",
        abstract: "Create an index on columns of a table.",
        discussion: """
            The index is named idx_TABLE_COLUMNS unless --name says otherwise. A column written \
            -name (after --, so it is not read as an option) is indexed in descending order. With \
            --unique, rows that share a value make it fail, naming the value.

            Example: slate create-index shop.db products category -- -price
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @Argument(help: "The columns, in order; -column for descending.")
    var columns: [String]

    @Option(name: .long, help: "The index's name.")
    var name: String?

    @Flag(name: .long, help: "A UNIQUE index.")
    var unique = false

    @Flag(name: [.customLong("if-not-exists"), .customLong("ignore")], help: "Do nothing if an index of that name exists.")
    var ifNotExists = false

    @Flag(name: .long, help: "Run ANALYZE on the index afterwards, for the query planner.")
    var analyze = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard !columns.isEmpty, !columns.contains(where: { $0.isEmpty || $0 == "-" }) else {
            throw ValidationError("name at least one column to index")
        }
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: false)
        let (index, created) = try inWriteTransaction(db, path: database) { () throws -> (String, Bool) in
            let table = try TableColumns(db, path: database, table: self.table)
            var names: [String] = []
            var orders: [String: IndexDefinition.Order] = [:]
            for column in columns {
                let descending = column.hasPrefix("-") && !table.contains(column)
                let resolved = try table.resolve(descending ? String(column.dropFirst()) : column)
                names.append(resolved)
                if descending { orders[resolved] = .DESC }
            }
            let index = name ?? "idx_" + table.table + "_" + names.joined(separator: "_")
            let exists = try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name = ?1 COLLATE NOCASE", index) ?? 0 > 0
            if exists && ifNotExists { return (index, false) }
            let definition = IndexDefinition(table: table.table, name: index, unique: unique, columns: names, orders: orders)
            do {
                try db.schemaChanger.alter(table: table.table) { $0.add(index: definition) }
            } catch let error as SQLiteError where unique && error.code == SQLITE_CONSTRAINT_UNIQUE {
                throw CLIError(
                    file: database, position: nil,
                    "cannot create unique index \(index): " + (try Self.sharedValue(db, table: table.table, columns: names)))
            }
            if analyze { try db.execute(sql: "ANALYZE " + SQLiteValue.quoteIdentifier(index)) }
            return (index, true)
        }
        OutputSink.standard.write(created ? "created index \(index)\n" : "index \(index) already exists; left as it is\n")
        try OutputSink.standard.finish()
    }

    /// `2 rows share the value 'x'`, for the first value that several rows share.
    static func sharedValue(_ db: Connection, table: String, columns: [String]) throws -> String {
        let list = columns.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")
        // quote() gives back an integer as it is in older SQLite (3.15 of the SQLCipher build):
        // the cast makes it text.
        let values = columns.map { "CAST(quote(" + SQLiteValue.quoteIdentifier($0) + ") AS TEXT)" }.joined(separator: " || ', ' || ")
        let found = try db.prepare(
            sql: "SELECT " + values + ", count(*) FROM " + SQLiteValue.quoteIdentifier(table) + " GROUP BY " + list
                + " HAVING count(*) > 1 LIMIT 1")
        guard let row = try found.cursor().next()?.snapshot(), case .text(let shared) = row[0], case .int(let count) = row[1]
        else { return "rows share a value" }
        return "\(count) rows share the " + (columns.count == 1 ? "value \(shared)" : "values (\(shared))")
    }
}
