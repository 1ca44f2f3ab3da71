import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate dump`: SQL text that recreates a database, or some of its tables, as sqlite3's
/// `.dump` writes it.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print SQL text that recreates a database (or some tables), as sqlite3's .dump does.",
        discussion: """
            The text is PRAGMA foreign_keys=OFF and one transaction: each table's CREATE \
            statement and its rows as INSERT statements, then sqlite_sequence, then the indexes, \
            triggers and views, in the order they were made. Values read back exactly: a REAL as \
            the shortest text SQLite reads as the same number, a BLOB as X'…', text with line \
            breaks spliced in with char(10), and text holding a NUL or bytes that are not UTF-8 as \
            CAST(X'…' AS TEXT). A table whose rowids are not 1, 2, 3, … (rows were deleted) \
            names them, so they are kept. Virtual tables (FTS5 and others) are written into \
            sqlite_master under PRAGMA writable_schema, with their shadow tables, as the shell \
            does; generated columns are left to be computed again. A full dump also keeps \
            PRAGMA user_version and application_id. The database is read in one read \
            transaction: the dump is one state of the database, whatever others write.

            Examples:
              slate dump shop.db > shop.sql
              slate query copy.db --write < shop.sql     # an equal database
              slate dump shop.db products orders -o some.sql
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "Tables (or views) to dump, with their indexes and triggers; all of the database without any.")
    var tables: [String] = []

    @Option(name: .shortAndLong, help: "The file to write (default: standard output); it appears only when complete.")
    var output: String?

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        let file = try output.map { try AtomicOutputFile(path: $0) }
        let sink = file?.sink ?? OutputSink.standard
        do {
            try DatabaseDump(db: db).write(tables: tables, to: sink)
        } catch let error as SQLiteError {
            throw CLIError.database(database, error)
        } catch let error as CLIError {
            throw CLIError(file: database, position: nil, error.message)
        }
        if let file { try file.commit() } else { try sink.finish() }
    }
}

/// Writes the SQL that recreates a database, or some of its tables: `dump`, and `memory --dump`.
struct DatabaseDump {
    let db: Connection

    private struct SchemaEntry {
        var type: String
        var name: String
        var table: String
        var sql: String

        var isVirtual: Bool { sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }
    }

    /// Writes the dump, in one read transaction.
    ///
    /// - Parameter tables: The tables and views to dump (with their indexes and triggers), or
    ///   empty for everything.
    /// - Throws: ``CLIError`` for a name that is no table or view; ``SQLiteError`` when a read
    ///   fails (a lock held past the busy timeout, a damaged file).
    func write(tables: [String], to sink: OutputSink) throws {
        let ownTransaction = db.isAutocommit
        if ownTransaction { try db.beginTransaction(.deferred) }
        defer { if ownTransaction && !db.isAutocommit { try? db.rollbackTransaction() } }
        let schema = try readSchema()
        let selected = try selection(tables, in: schema)
        let literals = SQLLiteralWriter(sink: sink)
        sink.write("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        var writableSchema = false
        let tableEntries = schema.filter { $0.type == "table" }
        // sqlite_sequence after every table, as the shell writes it: their inserts fill it first.
        for entry in tableEntries.filter({ $0.name.lowercased() != "sqlite_sequence" }) + tableEntries.filter({ $0.name.lowercased() == "sqlite_sequence" }) {
            let lowered = entry.name.lowercased()
            if let selected, !selected.contains(lowered) { continue }
            switch lowered {
            case "sqlite_sequence":
                sink.write("DELETE FROM sqlite_sequence;\n")
                try writeRows(of: entry.name, literals: literals, to: sink)
            case "sqlite_stat1":
                // Creates the table without analysing anything; its rows follow.
                sink.write("ANALYZE sqlite_master;\n")
                try writeRows(of: entry.name, literals: literals, to: sink)
            case _ where lowered.hasPrefix("sqlite_"):
                continue  // sqlite_stat4 and other internal tables SQLite makes itself
            case _ where entry.isVirtual:
                // Made by writing its row into the schema, so that its module does not create
                // the shadow tables, which follow as ordinary tables with their rows.
                if !writableSchema {
                    sink.write("PRAGMA writable_schema=ON;\n")
                    writableSchema = true
                }
                sink.write("INSERT INTO sqlite_master(type,name,tbl_name,rootpage,sql) VALUES('table',")
                literals.writeString(entry.name)
                sink.write(",")
                literals.writeString(entry.table)
                sink.write(",0,")
                literals.writeString(entry.sql)
                sink.write(");\n")
            default:
                sink.write(entry.sql + ";\n")
                try writeRows(of: entry.name, literals: literals, to: sink)
            }
        }
        if let selected {
            try writeSequences(for: tableEntries.filter { selected.contains($0.name.lowercased()) }.map(\.name), literals: literals, to: sink)
        }
        for entry in schema where ["index", "trigger", "view"].contains(entry.type) {
            let owner = entry.type == "view" ? entry.name : entry.table
            if let selected, !selected.contains(owner.lowercased()) { continue }
            sink.write(entry.sql + ";\n")
        }
        if selected == nil {
            for pragma in ["user_version", "application_id"] {
                let value = try db.scalar(Int64.self, "PRAGMA \(pragma)") ?? 0
                if value != 0 { sink.write("PRAGMA \(pragma)=\(value);\n") }
            }
        }
        if writableSchema { sink.write("PRAGMA writable_schema=OFF;\n") }
        sink.write("COMMIT;\n")
    }

    private func readSchema() throws -> [SchemaEntry] {
        let cursor = try db.cursor("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        var entries: [SchemaEntry] = []
        while let row = try cursor.next() {
            entries.append(
                SchemaEntry(
                    type: try row.get(0, as: String.self), name: try row.get(1, as: String.self), table: try row.get(2, as: String.self),
                    sql: try row.get(3, as: String.self)))
        }
        return entries
    }

    /// The lowercased names to dump (the shadow tables of a virtual table with it), or `nil` for all.
    private func selection(_ names: [String], in schema: [SchemaEntry]) throws -> Set<String>? {
        guard !names.isEmpty else { return nil }
        var selected = Set<String>()
        for name in names {
            guard let entry = schema.first(where: { ($0.type == "table" || $0.type == "view") && $0.name.lowercased() == name.lowercased() }) else {
                throw CLIError("no such table: \(name)")
            }
            selected.insert(entry.name.lowercased())
            if entry.isVirtual {
                for shadow in try shadowTables(of: entry.name, in: schema) { selected.insert(shadow.lowercased()) }
            }
        }
        return selected
    }

    /// The tables a virtual table keeps its data in (`docs_data`, `docs_idx`, … for FTS5):
    /// those SQLite marks as shadow tables (3.37 and later), else the ordinary tables named
    /// `<name>_<suffix>` with a suffix FTS3/4/5 or R*Tree uses.
    private func shadowTables(of name: String, in schema: [SchemaEntry]) throws -> [String] {
        let prefix = name.lowercased() + "_"
        let candidates = schema.filter { $0.type == "table" && !$0.isVirtual && $0.name.lowercased().hasPrefix(prefix) }.map(\.name)
        if SQLite.versionNumber >= 3_037_000 {
            let cursor = try db.cursor("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'")
            var shadows = Set<String>()
            while let row = try cursor.next() { shadows.insert(try row.get(0, as: String.self).lowercased()) }
            return candidates.filter { shadows.contains($0.lowercased()) }
        }
        let suffixes: Set<String> = ["data", "idx", "content", "docsize", "config", "segments", "segdir", "stat", "node", "rowid", "parent"]
        return candidates.filter { suffixes.contains(String($0.lowercased().dropFirst(prefix.count))) }
    }

    /// For a dump of some tables, their AUTOINCREMENT counters, which may exceed their largest key.
    private func writeSequences(for tables: [String], literals: SQLLiteralWriter, to sink: OutputSink) throws {
        guard try db.scalar(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_sequence'") == 1 else { return }
        for table in tables {
            guard let value = try db.scalar(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = ?", table) else { continue }
            sink.write("DELETE FROM sqlite_sequence WHERE name = ")
            literals.writeString(table)
            sink.write(";\nINSERT INTO sqlite_sequence VALUES(")
            literals.writeString(table)
            sink.write(",\(value));\n")
        }
    }

    /// One table's rows as INSERT statements, in rowid (or primary key) order.
    private func writeRows(of table: String, literals: SQLLiteralWriter, to sink: OutputSink) throws {
        let quoted = SQLiteValue.quoteIdentifier(table)
        let (columns, generated) = try storedColumns(of: table)
        let rowid = try keptRowid(of: table, columns: columns)
        var selected = columns.map(SQLiteValue.quoteIdentifier)
        var named = columns
        if let rowid {
            selected.insert(rowid, at: 0)
            named.insert(rowid, at: 0)
        }
        let order = try rowidAlias(of: table, columns: columns).map { " ORDER BY \($0)" } ?? ""
        let statement = try db.prepare(sql: "SELECT \(selected.joined(separator: ", ")) FROM \(quoted)\(order)")
        // The shell's form, `INSERT INTO "t" VALUES(…)`, unless a rowid or a generated column
        // needs the columns named.
        let list = rowid != nil || generated ? named : nil
        let writer = InsertWriter(sink: sink, table: table, header: list != nil, columns: list, literals: literals)
        try streamRows(of: statement, to: writer, sink: sink)
    }

    /// The columns that hold stored values (not generated ones), and whether any were left out.
    private func storedColumns(of table: String) throws -> ([String], generated: Bool) {
        let quoted = SQLiteValue.quoteIdentifier(table)
        // table_xinfo (3.26) shows generated columns (hidden 2 and 3); older SQLite has none.
        var columns: [String] = []
        var generated = false
        for row in try db.prepare(sql: "PRAGMA table_xinfo(\(quoted))").rows() {
            let hidden = try row.get(6, as: Int.self)
            if hidden == 2 || hidden == 3 { generated = true } else { columns.append(try row.get(1, as: String.self)) }
        }
        if columns.isEmpty && !generated {
            columns = try db.prepare(sql: "PRAGMA table_info(\(quoted))").rows().map { try $0.get(1, as: String.self) }
        }
        return (columns, generated)
    }

    /// A name for the table's rowid that no column takes (`rowid`, `_rowid_` or `oid`); `nil`
    /// for a WITHOUT ROWID table, or when columns take all three.
    private func rowidAlias(of table: String, columns: [String]) throws -> String? {
        let taken = Set(columns.map { $0.lowercased() })
        guard let alias = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains($0) }) else { return nil }
        do {
            _ = try db.prepare(sql: "SELECT \(alias) FROM \(SQLiteValue.quoteIdentifier(table)) LIMIT 0")
            return alias
        } catch {
            return nil  // WITHOUT ROWID: "no such column"
        }
    }

    /// The rowid alias to write with each row, when inserting the rows in order would not give
    /// them their rowids back: the table has rowids, no INTEGER PRIMARY KEY holds them, and they
    /// are not 1, 2, 3, ….
    private func keptRowid(of table: String, columns: [String]) throws -> String? {
        guard let alias = try rowidAlias(of: table, columns: columns) else { return nil }
        let quoted = SQLiteValue.quoteIdentifier(table)
        let info = try db.prepare(sql: "PRAGMA table_info(\(quoted))").rows()
        let key = try info.filter { try $0.get(5, as: Int.self) > 0 }
        if key.count == 1, try key[0].get(2, as: String.self).uppercased() == "INTEGER" {
            // An INTEGER PRIMARY KEY is the rowid, unless declared DESC, which makes it an
            // ordinary key with its own index (origin "pk").
            let indexes = try db.prepare(sql: "PRAGMA index_list(\(quoted))").rows()
            if try !indexes.contains(where: { try $0.get(3, as: String.self) == "pk" }) { return nil }
        }
        let sequential = try db.scalar(Int.self, "SELECT count(*) = coalesce(max(\(alias)), 0) AND coalesce(min(\(alias)), 1) >= 1 FROM \(quoted)")
        return sequential == 1 ? nil : alias
    }
}
