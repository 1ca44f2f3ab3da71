import SlateCore

/// A new in-memory database, after running `sql` (a script that creates and fills its tables).
///
/// Every call opens its own connection, so a test that changes the database changes only its own.
public func inMemoryDatabase(_ sql: String) throws -> Connection {
    let db = try Connection()
    try db.execute(sql: sql)
    return db
}

/// An in-memory database with an empty `users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)`
/// table (the statement tests' fixture).
public func usersDatabase() throws -> Connection {
    try inMemoryDatabase("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)")
}

/// An in-memory database with a `sales (region, amount)` table of five rows: north 10 and NULL,
/// south 5, 7 and 1 (the aggregate function tests' fixture).
public func salesDatabase() throws -> Connection {
    try inMemoryDatabase(
        """
        CREATE TABLE sales (region TEXT, amount INTEGER);
        INSERT INTO sales VALUES ('north', 10), ('north', NULL), ('south', 5), ('south', 7), ('south', 1);
        """)
}

/// Every row that `sql` returns, each as the values of its columns in order.
public func rowValues(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
    try db.prepare(sql: sql).rows().map(\.values)
}

/// The re-entry suites' database: `t` with ids 1, 2, 3 and texts a, b, c, and an empty `log`.
///
/// - Parameter logColumns: The column definitions of `log`.
public func reentryDatabase(log logColumns: String) throws -> Connection {
    try inMemoryDatabase(
        """
        CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT NOT NULL);
        INSERT INTO t (id, x) VALUES (1, 'a'), (2, 'b'), (3, 'c');
        CREATE TABLE log (\(logColumns));
        """)
}
