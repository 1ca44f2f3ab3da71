// The primary spelling for reading records: the type, then what to read. `Player.fetchAll(db)`
// reads the table; `Player.filter { $0.score > 10 }` starts a `RecordQuery`.

// swift-format-ignore: AmbiguousTrailingClosureOverload
// (The closures' result type picks the `filter` and `order` overload: a condition over optional
// columns is `SQLExpression<Bool?>`, several orderings an array, as in SQLite.swift's `filter`.)
extension TableRecord {
    /// A query of the whole table.
    ///
    /// - Returns: The query (`Player.all().fetchCursor(db)`).
    public static func all() -> RecordQuery<Self> { RecordQuery() }

    /// The rows for which a condition holds: `Player.filter { $0.score > 10 }`.
    ///
    /// - Parameter condition: The condition, from the record's ``columns``.
    /// - Returns: The filtered query.
    public static func filter(_ condition: (Columns) -> SQLExpression<Bool>) -> RecordQuery<Self> {
        RecordQuery(table).filter(condition)
    }

    /// The rows for which a condition over optional columns holds (`NULL` counts as false).
    ///
    /// - Parameter condition: The condition, from the record's ``columns``.
    /// - Returns: The filtered query.
    public static func filter(_ condition: (Columns) -> SQLExpression<Bool?>) -> RecordQuery<Self> {
        RecordQuery(table).filter(condition)
    }

    /// The table's rows in an order: `Player.order { $0.score.desc }`.
    ///
    /// - Parameter ordering: A column or an ordering.
    /// - Returns: The ordered query.
    public static func order(_ ordering: (Columns) -> any Expressible) -> RecordQuery<Self> {
        RecordQuery(table).order(ordering)
    }

    /// The table's rows in an order of several terms: `Player.order { [$0.score.desc, $0.name] }`.
    ///
    /// - Parameter ordering: The columns or orderings, most significant first.
    /// - Returns: The ordered query.
    public static func order(_ ordering: (Columns) -> [any Expressible]) -> RecordQuery<Self> {
        RecordQuery(table).order(ordering)
    }

    /// Reads every row of the table.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The records, in the table's order.
    /// - Throws: `SQLiteError` when the query fails or a row does not read (naming the column
    ///   and the type).
    @inlinable
    public static func fetchAll(_ db: Connection) throws(SQLiteError) -> [Self] {
        try all().fetchAll(db)
    }

    /// Reads the record whose primary key is `key`.
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - key: The primary key's value.
    /// - Returns: The record, or `nil` when no row has that key.
    /// - Throws: `SQLiteError` when the record declares no primary key, the query fails or
    ///   the row does not read.
    @inlinable
    public static func fetchOne(_ db: Connection, key: some SQLiteBindable) throws(SQLiteError) -> Self? {
        try RecordReader.readFirst(Self.self, from: try keyedStatement(db, key: key))
    }

    /// Reads the first row of the table.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The record, or `nil` when the table is empty.
    /// - Throws: `SQLiteError` when the query fails or the row does not read.
    @inlinable
    public static func fetchOne(_ db: Connection) throws(SQLiteError) -> Self? {
        try all().fetchOne(db)
    }

    /// Counts the table's rows.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The number of rows.
    /// - Throws: `SQLiteError` when the query fails.
    public static func fetchCount(_ db: Connection) throws -> Int {
        try all().fetchCount(db)
    }

    /// The record's `SELECT … WHERE key = ?1`, with `key` bound.
    @usableFromInline
    static func keyedStatement(_ db: Connection, key: some SQLiteBindable) throws(SQLiteError) -> Statement {
        let statement = try db.recordStatement(Self.self, .selectByKey) { statements throws(SQLiteError) in
            guard let sql = statements.selectByKey else { throw statements.noPrimaryKey(for: "be read by its key") }
            return sql
        }
        try statement.bind(key, at: 1)
        return statement
    }

    // MARK: The table

    /// The `CREATE TABLE` statement of the record's table, from its columns' types.
    ///
    /// ```sql
    /// CREATE TABLE "players" ("id" INTEGER PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "score" INTEGER)
    /// ```
    ///
    /// - Parameter ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The SQL.
    public static func createTableSQL(ifNotExists: Bool = false) -> String {
        "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + SQLiteValue.quoteIdentifier(tableName) + " ("
            + columnDefinitions.map(\.sql).joined(separator: ", ") + ")"
    }

    /// Creates the record's table (see ``createTableSQL(ifNotExists:)``).
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - ifNotExists: Whether an existing table is kept rather than an error.
    /// - Throws: `SQLiteError` when the statement fails (the table exists, the database is
    ///   read-only, …).
    public static func createTable(_ db: Connection, ifNotExists: Bool = false) throws(SQLiteError) {
        try db.execute(sql: createTableSQL(ifNotExists: ifNotExists))
    }
}
