import Foundation
import Slate
import Testing

/// Reads a database's rows in a test.
func rows(in database: String, _ sql: String) throws -> [[SQLiteValue]] {
    let connection = try Connection(database, options: .readonly)
    return try connection.prepare(sql: sql).rows().map(\.values)
}

/// The bytes of a file, to show that a failed command left a database exactly as it was.
func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// Holds a write lock on a database until `release()` (or the end of the test): the locked
/// database every writing command must wait for, then give up on.
final class LockHolder {
    let connection: Connection

    /// `exclusive` also keeps readers out (a rollback-journal database with pending changes).
    init(_ path: String, exclusive: Bool = false) throws {
        connection = try Connection(path, options: .readwrite)
        try connection.execute(sql: exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE")
        try connection.execute(sql: "CREATE TABLE lock_holder_scratch (x)")
    }

    func release() throws {
        try connection.execute(sql: "ROLLBACK")
    }
}

/// Runs `slate` with `arguments` in `work`, expecting exit 1, the one line
/// `slate: DATABASE: MESSAGE`, and the database file byte for byte as it was.
func expectFailure(
    _ work: Workspace, database: String, _ arguments: [String], _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = try fileBytes(work.file(database))
    let result = try CLIRunner.run(arguments, in: work.path)
    #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stderr == "slate: \(database): \(message)\n", "\(arguments)", sourceLocation: sourceLocation)
    #expect(try fileBytes(work.file(database)) == before, "\(arguments)", sourceLocation: sourceLocation)
}

/// Runs `slate` with `arguments` (and a short busy timeout) while another connection holds the
/// database, expecting exit 1 with "database is locked" and the file byte for byte as it was.
func expectLockedOut(
    _ work: Workspace, database: String, _ arguments: [String], exclusive: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let path = work.file(database)
    let before = try fileBytes(path)
    let holder = try LockHolder(path, exclusive: exclusive)
    let result = try CLIRunner.run(arguments + ["--busy-timeout", "0.2"], in: work.path)
    try holder.release()
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(
        result.stderr.hasPrefix("slate: \(database): ") && result.stderr.contains("database is locked"), "\(result.stderr)",
        sourceLocation: sourceLocation)
    #expect(try fileBytes(path) == before, sourceLocation: sourceLocation)
}

/// `slate transform`: every option on real tables, the data checks, and the database byte for
/// byte as it was after each failure.
@Suite("CLI transform")
struct TransformCommandTests {
    @Test("rename, drop, type, primary key, NOT NULL, default and order in one run, keeping rows, rowids, indexes and triggers")
    func everything() throws {
        let (work, path) = try Workspace.holding(.transformShop)
        let result = try work.slate(
            "transform", "shop.db", "items", "--rename", "price=cost", "--drop", "note", "--type", "cost=REAL",
            "--pk", "name", "--not-null", "cost", "--default", "cost=0", "--column-order", "name,cost")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "transformed items: 3 rows kept\n")
        #expect(result.stderr == "slate: warning: index items_on_note was dropped with its column\n")
        #expect(
            try rows(in: path, "SELECT sql FROM sqlite_master WHERE name = 'items'")
                == [[.text(#"CREATE TABLE "items" (name TEXT PRIMARY KEY, "cost" REAL NOT NULL DEFAULT 0, id INTEGER)"#)]])
        #expect(
            try rows(in: path, "SELECT rowid, name, cost, id FROM items ORDER BY rowid") == [
                [.int(10), .text("brick"), .real(42), .int(1)], [.int(20), .text("plate"), .real(7), .int(2)],
                [.int(30), .text("axle"), .real(2.5), .int(3)]
            ])
        #expect(try rows(in: path, "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") == [[.text("items_on_name")]])
        // The trigger followed the rename.
        let db = try Connection(path)
        try db.execute(sql: "UPDATE items SET cost = 9 WHERE name = 'brick'")
        #expect(try rows(in: path, "SELECT * FROM changes") == [[.int(1), .real(9)]])
        expectSQLiteErrorCode(SQLITE_CONSTRAINT_PRIMARYKEY) { try db.execute(sql: "INSERT INTO items (name, cost) VALUES ('axle', 1)") }
        try db.execute(sql: "INSERT INTO items (name) VALUES ('wheel')")
        #expect(try db.scalar(Double.self, "SELECT cost FROM items WHERE name = 'wheel'") == 0)
    }

    @Test("a value the new type cannot hold is an error naming it, and the file is byte-identical")
    func typeRefused() throws {
        let (work, path) = try Workspace.holding(.transformShop)
        let before = try fileBytes(path)
        let integer = try work.slate("transform", "shop.db", "items", "--rename", "name=title", "--type", "price=INTEGER")
        #expect(integer.status == 1)
        #expect(
            integer.stderr
                == "slate: shop.db: cannot change column price of items to INTEGER: 1 value cannot be stored as INTEGER without changing, the first '2.5' at rowid 30\n")
        #expect(try fileBytes(path) == before)
        let db = try Connection(path)
        try db.execute(sql: "UPDATE items SET price = 'abc' WHERE id = 2")
        db.close()
        let changed = try fileBytes(path)
        let real = try work.slate("transform", "shop.db", "items", "--type", "price=REAL")
        #expect(real.stderr.hasSuffix("the first 'abc' at rowid 20\n"), "\(real.stderr)")
        #expect(try fileBytes(path) == changed)
    }

    @Test("NULLs under --not-null, duplicates and NULLs under --pk, a bad default: errors, file byte-identical")
    func dataRefused() throws {
        let (work, path) = try Workspace.holding(.transformShop)
        let db = try Connection(path)
        try db.execute(sql: "INSERT INTO items (rowid, id, name, price) VALUES (40, 1, NULL, '5')")
        db.close()
        let cases: [([String], String)] = [
            (["--not-null", "note"], "cannot make column note of items NOT NULL: 2 rows hold NULL, the first at rowid 20"),
            (["--pk", "id"], "cannot make id the primary key of items: 2 rows share the value 1"),
            (["--pk", "name"], "cannot make name the primary key of items: 1 row holds NULL in it, the first at rowid 40"),
            (
                ["--type", "id=INTEGER", "--default", "id=many"],
                "cannot give column id of items the default 'many': INTEGER cannot store it without changing it"
            )
        ]
        for (arguments, message) in cases {
            try expectFailure(work, database: "shop.db", ["transform", "shop.db", "items"] + arguments, message)
        }
    }

    @Test("a missing table, an unknown column, a locked database and usage errors leave the file as it was")
    func failures() throws {
        let (work, path) = try Workspace.holding(.transformShop)
        try expectFailure(work, database: "shop.db", ["transform", "shop.db", "nope", "--drop", "x"], "no such table: nope")
        try expectFailure(
            work, database: "shop.db", ["transform", "shop.db", "items", "--type", "nope=TEXT"], "no such column: nope in table items")
        let before = try fileBytes(path)
        try work.fails("transform", "shop.db", "items", "--type", "price=DATE", status: 64, stderr: "slate: --type price=DATE: expected column=INTEGER|REAL|NUMERIC|TEXT|BLOB (see slate help transform)\n")
        #expect(try work.slate("transform", "shop.db", "items").status == 64)
        #expect(try work.slate("transform", "shop.db", "items", "--drop", "note", "--not-null", "note").status == 64)
        #expect(try fileBytes(path) == before)
        try expectLockedOut(work, database: "shop.db", ["transform", "shop.db", "items", "--type", "price=REAL"])
        let view = try Connection(path)
        try view.execute(sql: "CREATE VIEW notes AS SELECT note FROM items")
        view.close()
        let used = try work.slate("transform", "shop.db", "items", "--drop", "note")
        #expect(used.status == 1)
        #expect(used.stderr.contains("view notes names it"), "\(used.stderr)")
    }

    @Test("an INTEGER column made the key becomes the rowid, with a warning, and the full-text index follows")
    func integerKeyMovesRowids() throws {
        let (work, path) = try Workspace.holding(.transformShop)
        let fts = (try? Connection())?.supportsFTS5 ?? false
        if fts { #expect(try work.slate("enable-fts", "shop.db", "items", "name", "--create-triggers").status == 0) }
        let result = try work.succeeds("transform", "shop.db", "items", "--pk", "id")
        #expect(
            result.stderr
                == "slate: warning: 3 rows took a new rowid: an INTEGER PRIMARY KEY is the rowid, so each row's rowid is now its key\n"
                + (fts ? "slate: warning: the full-text index items_fts was rebuilt\n" : ""))
        #expect(try rows(in: path, "SELECT rowid, id FROM items ORDER BY id") == [[.int(1), .int(1)], [.int(2), .int(2)], [.int(3), .int(3)]])
        guard fts else { return }
        let search = try work.slate("search", "shop.db", "items", "plate", "--column", "id", "--format", "csv", "--no-header")
        #expect(search.stdout == "2\n")
        // A column the index uses cannot be renamed or dropped under it.
        let renamed = try work.slate("transform", "shop.db", "items", "--rename", "name=title")
        #expect(renamed.status == 1)
        #expect(
            renamed.stderr
                == "slate: shop.db: column name is indexed by the full-text table items_fts; run `slate disable-fts` first, then enable-fts again after the change\n")
    }

    @Test("--help has an example")
    func help() throws {
        let help = try Workspace().slate("transform", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("Example: slate transform shop.db products --rename cost=price"))
    }
}

/// Expects `body` to throw an `SQLiteError` with `code`.
func expectSQLiteErrorCode(_ code: Int32, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected an SQLiteError with code \(code)", sourceLocation: sourceLocation)
    } catch let error as SQLiteError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected an SQLiteError, got \(error)", sourceLocation: sourceLocation)
    }
}
