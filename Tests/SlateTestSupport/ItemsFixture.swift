import Slate
import SlateCoreTestSupport
import Testing

/// The `items` fixture of the write-path tests: a table with a unique `a`, and typed columns.
///
/// `makeItemsDatabase()` opens a new, empty in-memory database on every call.
public protocol ItemsFixture {}

extension ItemsFixture {
    /// The `items` table.
    public var items: Table { Table("items") }
    /// `items.a`, unique and not null.
    public var a: SQLExpression<Int64> { SQLExpression("a") }
    /// `items.b`, nullable text.
    public var b: SQLExpression<String?> { SQLExpression("b") }
    /// `items.c`, nullable real.
    public var c: SQLExpression<Double?> { SQLExpression("c") }

    /// A new database with an empty `items (id INTEGER PRIMARY KEY, a INTEGER UNIQUE NOT NULL,
    /// b TEXT, c REAL)`.
    public func makeItemsDatabase() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE items (id INTEGER PRIMARY KEY, a INTEGER UNIQUE NOT NULL, b TEXT, c REAL)")
    }

    /// The values of every row `sql` returns; by default `a`, `b`, `c` of every item, in insertion order.
    public func itemRows(_ db: Connection, _ sql: String = "SELECT a, b, c FROM items ORDER BY id") throws -> [[SQLiteValue]] {
        try rowValues(db, sql)
    }

    /// Inserts items 1 and 2 ("outer") with a trigger calling the SQL function `function` on each
    /// new row's `a`; the function inserts an item `a + offset` ("nested") for each outer row.
    /// Expects exactly those four rows.
    public func expectNestedInserts(
        _ db: Connection, through function: String, offset: Int64, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try db.execute(sql: "CREATE TRIGGER t AFTER INSERT ON items BEGIN SELECT \(function)(NEW.a); END")
        try db.run(items.insert(a <- 1, b <- "outer"))
        try db.run(items.insert(a <- 2, b <- "outer"))
        #expect(
            try itemRows(db, "SELECT a, b FROM items ORDER BY a") == [
                [.int(1), .text("outer")], [.int(2), .text("outer")], [.int(1 + offset), .text("nested")], [.int(2 + offset), .text("nested")]
            ],
            sourceLocation: sourceLocation)
    }
}

/// The insert statement of a new table `described (id INTEGER NOT NULL, label TEXT, <third> TEXT)`,
/// created in `db` from its `TableDescription`.
public func describedTableInsert(_ db: Connection, thirdColumn third: String) throws -> InsertStatement {
    let description = try TableDescription(
        name: "described",
        columns: [
            ColumnDescription(name: "id", type: .integer, nullable: false),
            ColumnDescription(name: "label", type: .text),
            ColumnDescription(name: third, type: .text)
        ])
    try db.createTable(description)
    return try db.prepareInsert(into: description)
}
