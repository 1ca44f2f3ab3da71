/// The databases the CLI suites start from: a file in the workspace and the SQL that fills it.
/// `Workspace(fixture)` makes a workspace holding one.
struct CLIFixture {
    var file: String
    var sql: String
}

extension Workspace {
    /// A new workspace holding the database of `fixture`.
    convenience init(_ fixture: CLIFixture) throws {
        try self.init()
        try database(fixture.file, sql: fixture.sql)
    }

    /// A new workspace holding the database of `fixture`, and that database's path.
    static func holding(_ fixture: CLIFixture) throws -> (Workspace, String) {
        let work = try Workspace(fixture)
        return (work, work.file(fixture.file))
    }
}

extension CLIFixture {
    /// The database `FullTextSearchCommandTests` starts from.
    static let docs = CLIFixture(
        file: "docs.db",
        sql: """
            CREATE TABLE docs (title TEXT, body TEXT, year INTEGER);
            INSERT INTO docs (rowid, title, body, year) VALUES
                (1, 'Bricks', 'red bricks and more red bricks, red all the way', 2001),
                (2, 'Plates', 'one red plate among blue ones', 2002),
                (3, 'Axles', 'no colour at all', 2003);
            """)

    /// The database `IndexAndColumnCommandTests` starts from.
    static let indexShop = CLIFixture(
        file: "shop.db",
        sql: """
            CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE tags (name TEXT UNIQUE, note TEXT);
            CREATE TABLE items (id INTEGER, name TEXT, price REAL);
            INSERT INTO categories VALUES (1, 'tools');
            INSERT INTO items VALUES (1, 'brick', 2.5), (2, 'plate', 1.0), (3, 'brick', 3.0);
            """)

    /// The database `OutputFormatTests` starts from.
    static let querySample = CLIFixture(
        file: "sample.db",
        sql: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB);
            INSERT INTO t VALUES (1, 'Ada', 2.5, x'0102'), (2, NULL, NULL, NULL), (3, 'NULL', -10.25, NULL),
                                 (4, '日本語', 100000.0, NULL), (5, 'two
            lines', 0.1, NULL), (6, '', 7.0, NULL);
            """)

    /// The database `TransformCommandTests` starts from.
    static let transformShop = CLIFixture(
        file: "shop.db",
        sql: """
            CREATE TABLE items (id INTEGER, name TEXT, price TEXT, note TEXT CHECK (length(note) < 20));
            CREATE INDEX items_on_name ON items (name);
            CREATE INDEX items_on_note ON items (note);
            CREATE TABLE changes (item INTEGER, price);
            CREATE TRIGGER items_priced AFTER UPDATE OF price ON items BEGIN
                INSERT INTO changes VALUES (NEW.id, NEW.price);
            END;
            INSERT INTO items (rowid, id, name, price, note) VALUES
                (10, 1, 'brick', '042', 'a'), (20, 2, 'plate', ' 7 ', NULL), (30, 3, 'axle', '2.5', 'c');
            """)

    /// The database `ShellFormatTests` starts from.
    static let shellSample = CLIFixture(
        file: "sample.db",
        sql: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB);
            INSERT INTO t VALUES (1, 'Ada & <Bob>', 2.5, x'0102'), (2, NULL, NULL, NULL), (3, 'it''s "two"
            lines', 0.1, NULL), (4, '', 1e999, x'');
            """)

    /// The database `AnalyzeTests` starts from.
    static let analyze = CLIFixture(
        file: "a.db",
        sql: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v, label TEXT);
            INSERT INTO t (v, label) VALUES (1, 'a'), (1, 'a'), (1.5, 'b'), ('1', 'b'), (2.5, ''), (x'00ff', NULL), (NULL, NULL), ('z', 'c'), (2, 'c');
            """)

    /// The database `ImportDefectTests` starts from.
    static let inspection = CLIFixture(
        file: "app.db",
        sql: """
            CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT);
            CREATE INDEX parts_name ON parts (name);
            CREATE TABLE "it's" (v);
            INSERT INTO parts VALUES (1, 'a'), (2, 'b');
            INSERT INTO "it's" VALUES (1);
            """)
}
