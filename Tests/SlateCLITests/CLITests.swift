import Foundation
import Slate
import Testing

@testable import SlateCLI

@Suite("slate CLI")
struct CLITests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("slate-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test("the demo builds the catalog and its report matches the database")
    func demoCatalog() throws {
        let db = try Connection()
        let report = try CatalogDemo(setCount: 300, partCount: 100, partsPerSet: 5).run(on: db)
        #expect(report.themes == CatalogDemo.themeNames.count)
        #expect(report.sets == 300)
        #expect(report.parts == 100)
        #expect(report.inventoryRows > 300 && report.inventoryRows <= 1_500)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM inventory") == report.inventoryRows)
        #expect(try db.scalar(Int64.self, "SELECT sum(quantity) FROM inventory") == report.piecesInInventory)
        #expect(report.largestSet.contains("pieces"))
        #expect(report.busiestTheme.contains("sets"))
        // The catalog's constraints hold: every inventory row points at a real set and part.
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM inventory WHERE set_id NOT IN (SELECT id FROM sets)") == 0)
        #expect(try db.prepare(sql: "PRAGMA foreign_key_check").rows().isEmpty)

        // Running again replaces the catalog instead of failing on existing tables.
        let again = try CatalogDemo(setCount: 300, partCount: 100, partsPerSet: 5).run(on: db)
        #expect(again.sets == 300 && again.piecesInInventory == report.piecesInInventory)
    }

    @Test("`slate demo --path` writes a database file; --in-memory leaves nothing behind")
    func demoCommand() throws {
        let path = temporaryPath("demo.sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        var command = try SlateCommand.parseAsRoot(["demo", "--path", path, "--sets", "200", "--parts", "50"])
        try command.run()
        let db = try Connection(toExistingDatabaseAt: path, readonly: true)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM sets") == 200)

        var inMemory = try SlateCommand.parseAsRoot(["demo", "--in-memory", "--sets", "10", "--parts", "10"])
        try inMemory.run()
        #expect(throws: (any Error).self) { _ = try SlateCommand.parseAsRoot(["demo", "--sets", "0"]) }
    }

    @Test("`slate demo --path` on an existing file replaces its four tables and keeps the rest, as the help says")
    func demoKeepsOtherTables() throws {
        let path = temporaryPath("existing.sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            let db = try Connection(toNewDatabaseAt: path)
            try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me'); CREATE TABLE sets (old INTEGER)")
        }
        var command = try SlateCommand.parseAsRoot(["demo", "--path", path, "--sets", "20", "--parts", "10"])
        try command.run()
        let db = try Connection(toExistingDatabaseAt: path, readonly: true)
        #expect(try db.scalar(String.self, "SELECT body FROM notes") == "keep me")
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM sets") == 20)
        #expect(db.journalMode == .wal)
    }

    @Test("`slate query` and `slate schema` print rows and definitions; errors are SQLiteErrors")
    func queryAndSchema() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB); INSERT INTO t VALUES (1, 'Ada', x'0102'), (2, NULL, NULL)")
        let table = try QueryCommand.render(sql: "SELECT id, name, data FROM t ORDER BY id", on: db)
        #expect(table == """
            id | name | data
            ---+------+----------
            1  | Ada  | <2 bytes>
            2  | NULL | NULL
            (2 rows)

            """)
        #expect(try QueryCommand.render(sql: "UPDATE t SET name = 'x'", on: db) == "2 row(s) changed\n")
        #expect(try QueryCommand.render(sql: "INSERT INTO t (id) VALUES (3); SELECT count(*) AS n FROM t", on: db).contains("3"))
        #expect(throws: SQLiteError.self) { _ = try QueryCommand.render(sql: "SELECT nope FROM t", on: db) }
        #expect(try SchemaCommand.render(db) == "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB);\n")

        let missing = temporaryPath("missing.sqlite")
        var query = try SlateCommand.parseAsRoot(["query", missing, "SELECT 1"])
        #expect(throws: SQLiteError.self) { try query.run() }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}

@Suite("slate import and backup")
struct ImportBackupTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("slate-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test("CSV parsing handles quotes, escaped quotes, embedded commas and newlines, CRLF")
    func csvParsing() {
        let rows = CSVParser.parse("a,b,c\r\n1,\"x, \"\"y\"\"\",\n2,\"multi\nline\",3.5\n")
        #expect(rows == [["a", "b", "c"], ["1", "x, \"y\"", ""], ["2", "multi\nline", "3.5"]])
        #expect(CSVParser.parse("") == [])
        #expect(CSVParser.parse("only") == [["only"]])
    }

    @Test("import creates the table, types numbers, and rejects ragged rows without a partial load")
    func importCSV() throws {
        let db = try Connection()
        let count = try ImportCommand.load("number,name,weight\n3001,Brick 2 x 4,2.32\n3003,\"Brick, 2 x 2\",\n", into: "parts", on: db)
        #expect(count == 2)
        #expect(try db.scalar("SELECT typeof(number) || typeof(weight) FROM parts WHERE number = 3001") as? String == "integerreal")
        #expect(try db.scalar("SELECT name FROM parts WHERE weight IS NULL") as? String == "Brick, 2 x 2")
        #expect(throws: (any Error).self) { _ = try ImportCommand.load("a,b\n1,2\n3\n", into: "parts2", on: db) }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'parts2'") as? Int64 == 0)
        #expect(throws: (any Error).self) { _ = try ImportCommand.load("a,a\n1,2\n", into: "dup", on: db) }
        // A constraint violation is an SQLiteError, and the import rolls back.
        try db.execute(sql: "CREATE TABLE strict (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        #expect(throws: SQLiteError.self) { _ = try ImportCommand.load("id,name\n1,a\n2,\n", into: "strict", on: db) }
        #expect(try db.scalar("SELECT count(*) FROM strict") as? Int64 == 0)
    }

    @Test("backup copies a database to a new file and refuses to overwrite one")
    func backup() throws {
        let source = temporaryPath("source.sqlite")
        let copy = temporaryPath("copy.sqlite")
        defer { for path in [source, copy] { try? FileManager.default.removeItem(atPath: path) } }
        let db = try Connection(source)
        _ = try CatalogDemo(setCount: 50, partCount: 20, partsPerSet: 3).run(on: db)
        let pages = try BackupCommand.copy(from: source, to: copy, pagesPerStep: 2)
        #expect(pages > 2)
        let copied = try Connection(toExistingDatabaseAt: copy, readonly: true)
        #expect(try copied.scalar(Int.self, "SELECT count(*) FROM sets") == 50)
        let error = #expect(throws: SQLiteError.self) { _ = try BackupCommand.copy(from: source, to: copy, pagesPerStep: 10) }
        #expect(error?.message.contains("already exists") == true)
        #expect(throws: SQLiteError.self) { _ = try BackupCommand.copy(from: temporaryPath("missing"), to: temporaryPath("x"), pagesPerStep: 1) }
    }
}
