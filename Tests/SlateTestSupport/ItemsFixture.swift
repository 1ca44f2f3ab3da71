import Slate
import SlateCoreTestSupport

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
}
