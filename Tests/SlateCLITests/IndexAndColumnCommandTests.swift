import Foundation
import Slate
import Testing

/// `slate create-index` and `slate add-column`, as sqlite-utils names them.
@Suite("CLI create-index and add-column")
struct IndexAndColumnCommandTests {
    @Test("create-index names the index as sqlite-utils does, sorts -columns descending, --unique refuses shared values")
    func createIndex() throws {
        let (work, path) = try Workspace.holding(.indexShop)
        let created = try work.succeeds("create-index", "shop.db", "items", "NAME", "--", "-price")
        #expect(created.stdout == "created index idx_items_name_price\n")
        #expect(
            try rows(in: path, "SELECT sql FROM sqlite_master WHERE name = 'idx_items_name_price'")
                == [[.text(#"CREATE INDEX "idx_items_name_price" ON "items" ("name", "price" DESC)"#)]])
        try work.fails("create-index", "shop.db", "items", "name", "--", "-price", stderr: "slate: shop.db: index idx_items_name_price already exists\n")
        let ignored = try work.slate("create-index", "shop.db", "items", "name", "-price", "--if-not-exists")
        #expect(ignored.status == 64)  // -price without -- reads as an option
        let kept = try work.slate("create-index", "shop.db", "items", "--if-not-exists", "name", "--", "-price")
        #expect(kept.status == 0)
        #expect(kept.stdout == "index idx_items_name_price already exists; left as it is\n")
        let before = try fileBytes(path)
        try work.fails("create-index", "shop.db", "items", "name", "--unique", "--name", "one_name", stderr: "slate: shop.db: cannot create unique index one_name: 2 rows share the value 'brick'\n")
        #expect(try fileBytes(path) == before)
        try work.succeeds("create-index", "shop.db", "items", "id", "--unique", "--analyze")
        #expect(try rows(in: path, "SELECT count(*) FROM sqlite_stat1 WHERE idx = 'idx_items_id'") == [[.int(1)]])
    }

    @Test("create-index failures: missing table, unknown column, locked database; the file stays as it was")
    func createIndexFailures() throws {
        let work = try Workspace(.indexShop)
        try expectFailure(work, database: "shop.db", ["create-index", "shop.db", "nope", "name"], "no such table: nope")
        try expectFailure(work, database: "shop.db", ["create-index", "shop.db", "items", "nope"], "no such column: nope in table items")
        try expectLockedOut(work, database: "shop.db", ["create-index", "shop.db", "items", "name"])
        try work.database("shop.db", sql: "INSERT INTO items VALUES (1, 'wheel', 9.0)")
        try expectFailure(
            work, database: "shop.db", ["create-index", "shop.db", "items", "id", "--unique"],
            "cannot create unique index idx_items_id: 2 rows share the value 1")
    }

    @Test("add-column: a type, NOT NULL with a default, a foreign key to a primary key or a named column")
    func addColumn() throws {
        let (work, path) = try Workspace.holding(.indexShop)
        #expect(try work.slate("add-column", "shop.db", "items", "note").stdout == "added column note to items\n")
        #expect(try work.slate("add-column", "shop.db", "items", "qty", "int", "--not-null-default", "0").status == 0)
        try work.succeeds("add-column", "shop.db", "items", "category_id", "INTEGER", "--fk", "categories", "--not-null-default", "1")
        #expect(try work.slate("add-column", "shop.db", "items", "tag", "--fk", "tags.NAME").status == 0)
        #expect(
            try rows(in: path, "SELECT sql FROM sqlite_master WHERE name = 'items'") == [
                [
                    .text(
                        #"CREATE TABLE items (id INTEGER, name TEXT, price REAL, "note" TEXT, "qty" INTEGER DEFAULT 0 NOT NULL, "category_id" INTEGER DEFAULT 1 NOT NULL REFERENCES "categories" ("id"), "tag" TEXT REFERENCES "tags" ("name"))"#)
                ]
            ])
        #expect(try rows(in: path, "SELECT qty, category_id FROM items WHERE id = 1") == [[.int(0), .int(1)]])
        let again = try work.slate("add-column", "shop.db", "items", "qty")
        #expect(again.stderr == "slate: shop.db: duplicate column name: qty (table items has it)\n")
        #expect(try work.slate("add-column", "shop.db", "items", "qty", "--ignore").stdout == "column qty exists; left as it is\n")
    }

    @Test("add-column failures: missing table, a default the type cannot hold, a broken foreign key, a locked database")
    func addColumnFailures() throws {
        let (work, path) = try Workspace.holding(.indexShop)
        let cases: [([String], String)] = [
            (["nope", "x"], "no such table: nope"),
            (["items", "qty", "INTEGER", "--not-null-default", "many"], "INTEGER cannot store the default 'many' as the same value"),
            (["items", "qty", "REAL", "--not-null-default", ""], "REAL cannot store the default '' as the same value"),
            (["items", "c", "INTEGER", "--fk", "nope"], "no such table: nope"),
            (["items", "c", "INTEGER", "--fk", "categories.nope"], "no such column: nope in table categories"),
            (["items", "c", "INTEGER", "--fk", "tags"], "table tags has no primary key; name the column: --fk tags.COLUMN"),
            (
                ["items", "c", "--fk", "tags.note"],
                #"tags.note is neither a primary key nor UNIQUE, and a foreign key must point at one (foreign key mismatch - "items" referencing "tags")"#
            ),
            (
                ["items", "c", "INTEGER", "--fk", "categories", "--not-null-default", "7"],
                "the default '7' is not a key of categories: 3 rows would refer to a missing row"
            )
        ]
        for (arguments, message) in cases {
            try expectFailure(work, database: "shop.db", ["add-column", "shop.db"] + arguments, message)
        }
        let before = try fileBytes(path)
        #expect(try work.slate("add-column", "shop.db", "items", "x", "DATE").status == 64)
        #expect(try fileBytes(path) == before)
        try expectLockedOut(work, database: "shop.db", ["add-column", "shop.db", "items", "x"])
    }

    @Test("--help has an example", arguments: ["create-index", "add-column"])
    func help(command: String) throws {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Example: slate \(command) "), "\(help.stdout)")
    }
}
