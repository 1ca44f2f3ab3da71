import SlateCore

/// A new in-memory database, after running `sql` (a script that creates and fills its tables).
///
/// Every call opens its own connection, so a test that changes the database changes only its own.
public func inMemoryDatabase(_ sql: String) throws -> Connection {
    let db = try Connection()
    try db.execute(sql: sql)
    return db
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
