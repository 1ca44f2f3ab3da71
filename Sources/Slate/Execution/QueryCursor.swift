// Walking a typed query's rows in place: no `Row` copy per row, and expression lookups that
// cost one string comparison once the first row has resolved them.

extension Connection {
    /// Runs a typed query through a cursor that reads each row where it lies in SQLite's
    /// statement, for large reads.
    ///
    /// ```swift
    /// let cursor = try db.cursor(users.filter(verified))
    /// while let user = try cursor.next() {
    ///     let id: Int64 = try user.get(id)
    ///     print(user[email])
    /// }
    /// ```
    ///
    /// Unlike ``prepare(_:)``, no row is copied: a row is valid until the cursor steps again
    /// (copy what must outlive the step with ``QueryRowView/snapshot()``). The cursor compiles
    /// its own statement, so two cursors over the same query never share one.
    ///
    /// - Parameter query: The query.
    /// - Returns: A cursor positioned before the first row.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func cursor(_ query: some QueryType) throws(SQLiteError) -> QueryCursor {
        try requireSQLiteFeatures(of: query)
        let expression = query.expression
        let sql = expression.template
        let statement = try bound(expression, cached: false)
        // The cursor holds the connection: it is the caller's, never cached.
        let columns = QueryCursorColumns(statement: statement) { statement in
            self.queryLayout(for: query, sql: sql, statement: statement)
        }
        return QueryCursor(cursor: statement.cursor(), columns: columns)
    }
}

/// A forward-only walk over a typed query's rows, read in place; see
/// ``SlateCore/Connection/cursor(_:)-(QueryType)``.
public struct QueryCursor {
    /// The statement cursor underneath, for reading columns by index or name.
    public let cursor: Cursor
    @usableFromInline let columns: QueryCursorColumns

    /// Steps to the next row.
    ///
    /// - Returns: The row, valid until the next step, or `nil` once the rows are exhausted.
    /// - Throws: `SQLiteError` on failure.
    @inlinable
    public func next() throws(SQLiteError) -> QueryRowView? {
        guard let view = try cursor.next() else { return nil }
        return QueryRowView(view: view, columns: columns)
    }

    /// Calls `body` with each remaining row.
    ///
    /// - Parameter body: Reads the row; a thrown error stops the walk and is rethrown.
    @inlinable
    public func forEach(_ body: (QueryRowView) throws -> Void) throws {
        let columns = self.columns
        try cursor.forEach { view in try body(QueryRowView(view: view, columns: columns)) }
    }

    /// Reads each remaining row with `transform` and collects the results.
    ///
    /// - Parameter transform: Reads one row.
    /// - Returns: The transformed rows.
    @inlinable
    public func map<T>(_ transform: (QueryRowView) throws -> T) throws -> [T] {
        let columns = self.columns
        return try cursor.map { view in try transform(QueryRowView(view: view, columns: columns)) }
    }
}
