import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate add-column`: a new column, as sqlite-utils' `add-column` adds it.
struct AddColumnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-column",
        abstract: "Add a column to a table.",
        discussion: """
            TYPE is INTEGER, REAL, NUMERIC, TEXT (the default) or BLOB (or sqlite-utils' int, \
            float, str, bytes). --not-null-default gives every row the value and makes the column \
            NOT NULL; a value the type cannot store as the same value ('abc' for INTEGER) is an \
            error. --fk makes it a foreign key to another table's column (its primary key when no \
            column is given); rows whose value that table lacks make it fail.

            Example: slate add-column shop.db products category_id INTEGER --fk categories.id
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @Argument(help: "The new column's name.")
    var column: String

    @Argument(help: "Its type: INTEGER, REAL, NUMERIC, TEXT or BLOB.")
    var type: String = "TEXT"

    @Option(name: .customLong("not-null-default"), help: ArgumentHelp("Make it NOT NULL with this default: a number, CURRENT_TIMESTAMP, or text.", valueName: "value"))
    var notNullDefault: String?

    @Option(name: .long, help: ArgumentHelp("Make it a foreign key to TABLE's COLUMN (or primary key).", valueName: "TABLE[.COLUMN]"))
    var fk: String?

    @Flag(name: .long, help: "Do nothing if the table has a column of that name.")
    var ignore = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard columnAffinity(type) != nil else {
            throw ValidationError("type \(type): expected INTEGER, REAL, NUMERIC, TEXT or BLOB")
        }
        guard !column.isEmpty else { throw ValidationError("the column needs a name") }
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: false)
        do { try db.setForeignKeys(false) } catch { throw CLIError.database(database, error) }
        let added = try inWriteTransaction(db, path: database) { () throws -> Bool in
            let table = try TableColumns(db, path: database, table: self.table)
            if table.contains(column) {
                if ignore { return false }
                throw CLIError(file: database, position: nil, "duplicate column name: \(column) (table \(table.table) has it)")
            }
            let affinity = columnAffinity(type) ?? .TEXT
            var defaultValue = LiteralValue.NULL
            if let notNullDefault {
                defaultValue = defaultLiteral(notNullDefault)
                let value = try db.prepare(sql: "SELECT " + defaultValue.description).rows().first?[0] ?? .null
                guard try affinity.holds(value, on: db) else {
                    throw CLIError(
                        file: database, position: nil,
                        "\(affinity.rawValue) cannot store the default \(sqlLiteral(notNullDefault)) as the same value")
                }
            }
            let references = try fk.map { try foreignKey($0, db) }
            let errorsBefore = try db.foreignKeyCheck(table: table.table)
            try db.schemaChanger.alter(table: table.table) {
                $0.add(
                    column: ColumnDefinition(
                        name: column, type: affinity, nullable: notNullDefault == nil, defaultValue: defaultValue,
                        references: references))
            }
            let broken: [ForeignKeyError]
            do {
                broken = try db.foreignKeyCheck(table: table.table).filter { !errorsBefore.contains($0) }
            } catch let error as SQLiteError where error.message.hasPrefix("foreign key mismatch") {
                let target = references.map { "\($0.toTable).\($0.toColumn ?? "")" } ?? ""
                throw CLIError(
                    file: database, position: nil,
                    "\(target) is neither a primary key nor UNIQUE, and a foreign key must point at one (\(error.message))")
            }
            if let first = broken.first {
                throw CLIError(
                    file: database, position: nil,
                    "the default \(sqlLiteral(notNullDefault ?? "")) is not a key of \(first.to): "
                        + "\(broken.count) row\(broken.count == 1 ? "" : "s") would refer to a missing row")
            }
            return true
        }
        OutputSink.standard.write(added ? "added column \(column) to \(table)\n" : "column \(column) exists; left as it is\n")
        try OutputSink.standard.finish()
    }

    /// The foreign key `TABLE[.COLUMN]` describes, checked against the database.
    private func foreignKey(_ target: String, _ db: Connection) throws -> ColumnDefinition.ForeignKey {
        let parts = target.split(separator: ".", maxSplits: 1).map(String.init)
        let other = try TableColumns(db, path: database, table: parts[0])
        if parts.count == 2 { return ColumnDefinition.ForeignKey(toTable: other.table, toColumn: try other.resolve(parts[1])) }
        let key = try db.schema.columnDefinitions(table: other.table).filter { $0.primaryKey != nil }.map(\.name)
        guard key.count == 1 else {
            throw CLIError(
                file: database, position: nil,
                "table \(other.table) has \(key.isEmpty ? "no primary key" : "a primary key of \(key.count) columns"); "
                    + "name the column: --fk \(other.table).COLUMN")
        }
        return ColumnDefinition.ForeignKey(toTable: other.table, toColumn: key[0])
    }
}
