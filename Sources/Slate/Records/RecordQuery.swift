// swift-format-ignore: AmbiguousTrailingClosureOverload
// (The closures' result type picks the `filter` and `order` overload: a condition over optional
// columns is `SQLExpression<Bool?>`, several orderings an array, as in SQLite.swift's `filter`.)
/// A query of a record's table, read as records: `Player.filter { $0.score > 10 }`.
///
/// Its closures receive the record's ``TableRecord/columns``, so a condition names columns as
/// the record names its properties. The query selects the record's columns itself, in order,
/// and reads each row by position into a record.
///
/// ```swift
/// let best = try Player.filter { $0.score > 10 }.order { $0.score.desc }.limit(3).fetchAll(db)
/// let arthur = try Player.filter { $0.name == "Arthur" }.fetchOne(db)
/// let count = try Player.filter { $0.score == nil }.fetchCount(db)
/// ```
///
/// For what the closures cannot say (joins, groups), start from SQLite.swift's query with
/// ``init(_:)`` (`RecordQuery<Player>(Player.table.join(…))`), or read any result with
/// `row.decode()` and `Cursor.decodeAll`, which find the record's columns by name.
public struct RecordQuery<Record: TableRecord>: Sendable {
    /// The query, in SQLite.swift's query language, without its column list (the record's).
    public let query: Table
    /// Whether the query is the whole table, whose `SELECT` is made once per record type.
    @usableFromInline let isWholeTable: Bool

    /// A query of the rows `query` selects, read as records.
    ///
    /// - Parameter query: A query of the record's table; its column list is replaced by the
    ///   record's columns.
    public init(_ query: Table) {
        self.query = query
        self.isWholeTable = false
    }

    /// The whole table.
    init() {
        self.query = Record.table
        self.isWholeTable = true
    }

    /// The rows for which the condition holds (`WHERE`; conditions added one after the other
    /// are joined with `AND`).
    ///
    /// - Parameter condition: The condition, from the record's columns.
    /// - Returns: The filtered query.
    public func filter(_ condition: (Record.Columns) -> SQLExpression<Bool>) -> RecordQuery {
        RecordQuery(query.filter(condition(Record.columns)))
    }

    /// The rows for which the condition holds (`WHERE`), for a condition over optional columns
    /// (`NULL` counts as false).
    ///
    /// - Parameter condition: The condition, from the record's columns.
    /// - Returns: The filtered query.
    public func filter(_ condition: (Record.Columns) -> SQLExpression<Bool?>) -> RecordQuery {
        RecordQuery(query.filter(condition(Record.columns)))
    }

    /// The rows in an order (`ORDER BY`), replacing any earlier order.
    ///
    /// - Parameter ordering: A column or an ordering (`$0.score.desc`).
    /// - Returns: The ordered query.
    public func order(_ ordering: (Record.Columns) -> any Expressible) -> RecordQuery {
        RecordQuery(query.order(ordering(Record.columns)))
    }

    /// The rows in an order of several terms (`ORDER BY a DESC, b`), replacing any earlier order.
    ///
    /// - Parameter ordering: The columns or orderings, most significant first.
    /// - Returns: The ordered query.
    public func order(_ ordering: (Record.Columns) -> [any Expressible]) -> RecordQuery {
        RecordQuery(query.order(ordering(Record.columns)))
    }

    /// At most `length` rows, after skipping `offset` (`LIMIT … OFFSET …`).
    ///
    /// - Parameters:
    ///   - length: The most rows to read.
    ///   - offset: How many rows to skip first.
    /// - Returns: The limited query.
    public func limit(_ length: Int, offset: Int? = nil) -> RecordQuery {
        RecordQuery(query.limit(length, offset: offset))
    }

    // MARK: Reading

    /// Reads every record the query selects.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The records, in the query's order.
    /// - Throws: `SQLiteError` when the query fails or a row does not read (naming the column
    ///   and the type).
    @inlinable
    public func fetchAll(_ db: Connection) throws(SQLiteError) -> [Record] {
        try RecordReader.readAll(Record.self, from: try statement(db))
    }

    /// Reads the first record the query selects (`LIMIT 1`).
    ///
    /// - Parameter db: The connection.
    /// - Returns: The record, or `nil` when the query selects no row.
    /// - Throws: `SQLiteError` when the query fails or the row does not read.
    @inlinable
    public func fetchOne(_ db: Connection) throws(SQLiteError) -> Record? {
        let length = query.clauses.limit.map { $0.length >= 0 ? min($0.length, 1) : 1 } ?? 1
        return try RecordReader.readFirst(
            Record.self, from: try RecordQuery(query.limit(length, offset: query.clauses.limit?.offset)).statement(db))
    }

    /// A cursor over the records the query selects, read one at a time, for results too large
    /// to hold at once.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The cursor, before its first record.
    /// - Throws: `SQLiteError` when the query does not compile.
    public func fetchCursor(_ db: Connection) throws(SQLiteError) -> RecordCursor<Record> {
        RecordCursor(statement: try db.bound(query.select(RecordStatements.of(Record.self).selection).expression, cached: false))
    }

    /// Counts the rows the query selects.
    ///
    /// - Parameter db: The connection.
    /// - Returns: The number of rows.
    /// - Throws: `SQLiteError` when the query fails.
    public func fetchCount(_ db: Connection) throws -> Int {
        try db.scalar(query.count)
    }

    /// Deletes the rows the query selects (its filter; an order or limit needs SQLite's
    /// `UPDATE/DELETE LIMIT` build option, as in SQLite.swift).
    ///
    /// - Parameter db: The connection.
    /// - Returns: The number of rows deleted.
    /// - Throws: `SQLiteError` when the statement fails.
    @discardableResult
    public func deleteAll(_ db: Connection) throws -> Int {
        try db.run(query.delete())
    }

    /// The query's statement, its values bound: the record's own cached `SELECT` for the whole
    /// table, the rendered query from the statement cache otherwise.
    @usableFromInline
    func statement(_ db: Connection) throws(SQLiteError) -> Statement {
        if isWholeTable {
            return try db.recordStatement(Record.self, .select) { $0.select }
        }
        try db.requireSQLiteFeatures(of: query)
        return try db.bound(query.select(RecordStatements.of(Record.self).selection).expression)
    }
}
