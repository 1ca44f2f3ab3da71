import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate transform`: changes a table's columns beyond `ALTER TABLE`, with Slate's
/// `SchemaChanger`, in one transaction.
struct TransformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transform",
        abstract: "Change a table's columns: rename, drop, retype, reorder, primary key, NOT NULL, defaults.",
        discussion: """
            Every change runs in one transaction: renames first, then drops, then one rebuild of the \
            table for the rest, which keeps every row, its rowid, the indexes, the triggers and the \
            table's other clauses (CHECK, COLLATE, foreign keys). Columns are named as they are now, \
            or by the new name --rename gives them. Nothing changes when a row cannot take a \
            change: a value the new --type cannot store as the same value ('abc' or '' as INTEGER, \
            4.5 as INTEGER, a 20-digit integer as REAL; '042' becoming 42 is a conversion, not a \
            change), a NULL under --not-null or in a new --pk, two rows with the same new --pk, or \
            a foreign key that held and would not. A dropped column takes its indexes with it (each \
            one named in a warning); a view or trigger that uses it is an error. An INTEGER column \
            made the only --pk becomes the rowid, so rows take their key as rowid.

            Example: slate transform shop.db products --rename cost=price --type price=REAL \
            --pk sku --not-null name --default stock=0 --column-order sku,name
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table.")
    var table: String

    @Option(name: .customLong("rename"), parsing: .singleValue, help: ArgumentHelp("Rename a column.", valueName: "old=new"))
    var renames: [String] = []

    @Option(name: .customLong("drop"), parsing: .singleValue, help: ArgumentHelp("Drop a column (and its indexes).", valueName: "column"))
    var drops: [String] = []

    @Option(name: .customLong("type"), parsing: .singleValue, help: ArgumentHelp("Change a column's type: INTEGER, REAL, NUMERIC, TEXT or BLOB.", valueName: "column=TYPE"))
    var types: [String] = []

    @Option(name: .customLong("pk"), parsing: .singleValue, help: ArgumentHelp("Make the column the primary key (repeat for a compound key).", valueName: "column"))
    var primaryKey: [String] = []

    @Flag(name: .customLong("pk-none"), help: "Remove the primary key (the table keeps its rowids).")
    var noPrimaryKey = false

    @Option(name: .customLong("not-null"), parsing: .singleValue, help: ArgumentHelp("Make a column NOT NULL.", valueName: "column"))
    var notNull: [String] = []

    @Option(name: .customLong("not-null-false"), parsing: .singleValue, help: ArgumentHelp("Remove a column's NOT NULL.", valueName: "column"))
    var nullable: [String] = []

    @Option(name: .customLong("default"), parsing: .singleValue, help: ArgumentHelp("Set a column's default: a number, CURRENT_TIMESTAMP (or _DATE, _TIME), or text.", valueName: "column=value"))
    var defaults: [String] = []

    @Option(name: .customLong("default-none"), parsing: .singleValue, help: ArgumentHelp("Remove a column's default.", valueName: "column"))
    var noDefaults: [String] = []

    @Option(name: .customLong("column-order"), parsing: .singleValue, help: ArgumentHelp("Put these columns first, in this order.", valueName: "a,b,c"))
    var columnOrder: [String] = []

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard
            !(renames + drops + types + primaryKey + notNull + nullable + defaults + noDefaults + columnOrder).isEmpty
                || noPrimaryKey
        else {
            throw ValidationError("nothing to change: give --rename, --drop, --type, --pk, --not-null, --default or --column-order")
        }
        if noPrimaryKey && !primaryKey.isEmpty { throw ValidationError("--pk and --pk-none cannot be used together") }
        for entry in renames { _ = try splitAssignment(entry, option: "--rename", form: "old=new") }
        for entry in types { _ = try parseType(entry) }
        for entry in defaults { _ = try splitAssignment(entry, option: "--default", form: "column=value") }
    }

    private func parseType(_ entry: String) throws -> (column: String, type: ColumnDefinition.Affinity) {
        let (column, name) = try splitAssignment(entry, option: "--type", form: "column=INTEGER|REAL|NUMERIC|TEXT|BLOB")
        guard let type = columnAffinity(name) else {
            throw ValidationError("--type \(entry): expected column=INTEGER|REAL|NUMERIC|TEXT|BLOB")
        }
        return (column, type)
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: false)
        // The changer checks foreign keys itself; with them on it could not rebuild in a transaction.
        do { try db.setForeignKeys(false) } catch { throw CLIError.database(database, error) }
        let warnings = WarningPrinter()
        let rows = try inWriteTransaction(db, path: database) { () throws -> Int64 in
            let columns = try TableColumns(db, path: database, table: table)
            let plan = try Plan(self, columns: columns)
            let search = try FullTextIndex.find(db, table: columns.table)
            if let search {
                for column in plan.renames.map(\.old) + plan.drops where search.indexes(column) {
                    throw CLIError(
                        file: database, position: nil,
                        "column \(column) is indexed by the full-text table \(search.name); run `slate disable-fts` first, "
                            + "then enable-fts again after the change")
                }
            }
            let newRowids = try plan.rowidsChanged(db, table: columns)
            let indexesBefore = try indexNames(db, table: columns.table)
            try db.schemaChanger.alter(table: columns.table) { table in
                for rename in plan.renames { table.rename(column: rename.old, to: rename.new) }
                for column in plan.drops { table.drop(column: column) }
                for change in plan.types { table.change(column: change.column, type: change.type) }
                for column in plan.notNull { table.change(column: column, nullable: false) }
                for column in plan.nullable { table.change(column: column, nullable: true) }
                for change in plan.defaults { table.change(column: change.column, defaultValue: change.value) }
                if let key = plan.primaryKey { table.setPrimaryKey(key) }
                if let order = plan.order { table.reorder(columns: order) }
            }
            for index in try Set(indexesBefore).subtracting(indexNames(db, table: columns.table)).sorted() {
                warnings.warn("index \(index) was dropped with its column")
            }
            if newRowids > 0 {
                warnings.warn(
                    "\(newRowids) row\(newRowids == 1 ? "" : "s") took a new rowid: an INTEGER PRIMARY KEY is the rowid, "
                        + "so each row's rowid is now its key")
            }
            if let search, newRowids > 0 || !plan.types.isEmpty {
                // Its rows are found by rowid and its text may have changed: read them again.
                try search.rebuild(db)
                warnings.warn("the full-text index \(search.name) was rebuilt")
            }
            return try db.scalar(Int64.self, "SELECT count(*) FROM " + SQLiteValue.quoteIdentifier(columns.table)) ?? 0
        }
        warnings.finish()
        OutputSink.standard.write("transformed \(table): \(rows) row\(rows == 1 ? "" : "s") kept\n")
        try OutputSink.standard.finish()
    }

    /// The changes, with every column resolved to the name it has when the change is made.
    struct Plan {
        var renames: [(old: String, new: String)] = []
        var drops: [String] = []
        var types: [(column: String, type: ColumnDefinition.Affinity)] = []
        var notNull: [String] = []
        var nullable: [String] = []
        var defaults: [(column: String, value: LiteralValue)] = []
        var primaryKey: [String]?
        var order: [String]?

        init(_ command: TransformCommand, columns: TableColumns) throws {
            for entry in command.renames {
                let (old, new) = try splitAssignment(entry, option: "--rename", form: "old=new")
                renames.append((try columns.resolve(old), new))
            }
            drops = try command.drops.map(columns.resolve)
            // After renames and drops: a current column (under its new name), or a new name.
            func target(_ name: String, _ option: String) throws -> String {
                if let rename = renames.first(where: { $0.new.lowercased() == name.lowercased() }) { return rename.new }
                let current = try columns.resolve(name)
                if drops.contains(current) {
                    throw CLIError("\(option) \(name): the column is dropped by --drop", exitCode: 64)
                }
                return renames.first { $0.old == current }?.new ?? current
            }
            for entry in command.types {
                let (column, type) = try command.parseType(entry)
                types.append((try target(column, "--type"), type))
            }
            notNull = try command.notNull.map { try target($0, "--not-null") }
            nullable = try command.nullable.map { try target($0, "--not-null-false") }
            for entry in command.defaults {
                let (column, value) = try splitAssignment(entry, option: "--default", form: "column=value")
                defaults.append((try target(column, "--default"), defaultLiteral(value)))
            }
            for column in command.noDefaults { defaults.append((try target(column, "--default-none"), .NULL)) }
            if command.noPrimaryKey {
                primaryKey = []
            } else if !command.primaryKey.isEmpty {
                primaryKey = try command.primaryKey.map { try target($0, "--pk") }
            }
            let order = command.columnOrder.flatMap { $0.split(separator: ",") }.map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            if !order.isEmpty { self.order = try order.map { try target($0, "--column-order") } }
        }

        /// How many rows will take a new rowid: those whose key differs from their rowid, when
        /// the new key is one `INTEGER` column (SQLite's rowid alias).
        func rowidsChanged(_ db: Connection, table: TableColumns) throws -> Int64 {
            guard table.hasRowid, let key = primaryKey, key.count == 1 else { return 0 }
            let column = renames.first { $0.new == key[0] }?.old ?? key[0]
            let declared = types.first { $0.column == key[0] }?.type.rawValue ?? table.declaredType(of: column)
            guard declared.uppercased() == "INTEGER" else { return 0 }
            return try db.scalar(
                Int64.self,
                "SELECT count(*) FROM " + SQLiteValue.quoteIdentifier(table.table) + " WHERE rowid IS NOT "
                    + SQLiteValue.quoteIdentifier(column)) ?? 0
        }
    }
}
