// Running typed queries. Every read goes through one pipeline:
//
//   query ──render──▶ SQLExpression ──cachedStatement + bind──▶ Statement (with the query's
//   column keys) ──cursor()──▶ Cursor ──next()──▶ RowView ──get(expr)──▶ value
//                                                        └──snapshot()──▶ Row (a copy)
//
// `pluck` and `scalar` (and SlateSQLiteSwift's `prepare(query)` and `prepareRowIterator`) are
// that pipeline with the rows copied; see the Typed Queries article.

extension Connection {
    /// Runs a typed query through a cursor that reads each row where it lies in SQLite's
    /// statement: the primary way to read a query's rows.
    ///
    /// ```swift
    /// let cursor = try db.cursor(users.filter(verified))
    /// while let user = try cursor.next() {
    ///     let id: Int64 = try user.get(id)
    ///     print(user[email])
    /// }
    /// ```
    ///
    /// No row is copied: a row is valid until the cursor steps again (copy what must outlive
    /// the step with `RowView.snapshot()`). The cursor compiles its own statement,
    /// so two cursors over the same query never share one.
    ///
    /// - Parameter query: The query.
    /// - Returns: A cursor positioned before the first row.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func cursor(_ query: some QueryType) throws(SQLiteError) -> Cursor {
        try statement(for: query, cached: false).cursor()
    }

    /// The first row of a query (`LIMIT 1`), or `nil` when there is none.
    ///
    /// - Parameter query: The query.
    /// - Returns: The row, or `nil`.
    /// - Throws: `SQLiteError` on failure.
    public func pluck(_ query: some QueryType) throws(SQLiteError) -> Row? {
        // `LIMIT 1`, keeping a smaller limit (0: no row) and the offset; a negative limit
        // means none to SQLite.
        let length = query.clauses.limit.map { $0.length >= 0 ? min($0.length, 1) : 1 } ?? 1
        return try firstRow(of: try statement(for: query.limit(length, offset: query.clauses.limit?.offset)))
    }

    /// Runs a scalar query and returns its value.
    ///
    /// ```swift
    /// let count = try db.scalar(users.count)            // Int
    /// let maxID = try db.scalar(users.select(id.max))   // Int64?
    /// ```
    ///
    /// - Parameter query: A query selecting one expression.
    /// - Returns: The first row's value.
    /// - Throws: `SQLiteError` on failure, when there is no row, or when the value is `NULL` or
    ///   does not convert; or the error ``Value/fromDatatypeValue(_:)`` throws.
    public func scalar<V: Value>(_ query: ScalarQuery<V>) throws -> V {
        guard let row = try firstRow(of: try statement(for: query)) else {
            throw SQLiteError(code: SQLITE_ERROR, details: "the scalar query returned no row", sql: query.asSQL())
        }
        return try row.decode(V.self, at: 0, column: row.layout.key(at: 0))
    }

    /// Runs a scalar query whose value may be `NULL`.
    ///
    /// - Parameter query: A query selecting one expression.
    /// - Returns: The first row's value, or `nil` for `NULL` or no row.
    /// - Throws: `SQLiteError` on failure or when the value does not convert; or the error
    ///   ``Value/fromDatatypeValue(_:)`` throws.
    public func scalar<V: Value>(_ query: ScalarQuery<V?>) throws -> V? {
        guard let row = try firstRow(of: try statement(for: query)), !row[0].isNull else { return nil }
        return try row.decode(V.self, at: 0, column: row.layout.key(at: 0))
    }

    /// Evaluates an expression (`SELECT expression`).
    ///
    /// - Parameter expression: The expression.
    /// - Returns: Its value.
    /// - Throws: `SQLiteError` on failure or when the value is `NULL` or does not convert.
    public func scalar<V: Value>(_ expression: SQLExpression<V>) throws -> V {
        guard let row = try firstRow(of: try selecting(expression)) else {
            throw SQLiteError(code: SQLITE_ERROR, details: "the expression returned no row")
        }
        return try row.decode(V.self, at: 0, column: expression.template)
    }

    /// Evaluates an expression that may be `NULL` (`SELECT expression`).
    ///
    /// - Parameter expression: The expression.
    /// - Returns: Its value, or `nil`.
    /// - Throws: `SQLiteError` on failure or when the value does not convert.
    public func scalar<V: Value>(_ expression: SQLExpression<V?>) throws -> V? {
        guard let row = try firstRow(of: try selecting(expression)), !row[0].isNull else { return nil }
        return try row.decode(V.self, at: 0, column: expression.template)
    }

    // MARK: The pipeline

    /// A typed query's statement, ready to step: the query rendered once, its statement taken
    /// from the connection's cache (or compiled for the caller alone when `cached` is false),
    /// its values bound, and its rows given the query's column keys (see ``columnKeys(of:)``).
    package func statement(for query: some QueryType, cached: Bool = true) throws(SQLiteError) -> Statement {
        try requireSQLiteFeatures(of: query)
        let statement = try bound(query.expression, cached: cached)
        // A cached statement is reused only for the same SQL, which selects the same columns:
        // keys it already has are this query's. (Checked here, not in SlateCore, so that a
        // repeated query makes no closure: W6, `Benchmarks/PROFILE.md`.)
        if !statement.hasColumnKeys { statement.useColumnKeys(Self.columnKeys(of: query)) }
        return statement
    }

    /// The statement of `SELECT expression`, whose one column is found by the expression.
    private func selecting(_ expression: SQLExpression<some Any>) throws(SQLiteError) -> Statement {
        let select = SQLExpression<Void>(template: "SELECT " + expression.template, values: expression.values)
        return try bound(select, keys: [expression.template])
    }

    /// The first row of a statement, copied (as a cursor's `RowView.snapshot()`
    /// copies it), leaving the statement reset for the next caller. The statement comes fresh
    /// from ``bound(_:cached:columnKeys:)``, so it steps directly: a ``SlateCore/Cursor`` and a
    /// row view for one row cost more than the row (W6, `Benchmarks/PROFILE.md`).
    func firstRow(of statement: Statement) throws(SQLiteError) -> Row? {
        defer { try? statement.reset() }
        guard try statement.step() else { return nil }
        return Row(statement: statement)
    }

    /// A statement for an expression's SQL with the expression's values bound: from the
    /// connection's cache, or compiled for the caller alone when `cached` is false or when the
    /// SQL grows with its input (see ``isCacheable(_:)``).
    func bound(_ expression: SQLExpression<Void>, cached: Bool = true) throws(SQLiteError) -> Statement {
        do {
            return try statement(
                sql: expression.template, values: expression.values, cached: cached && Self.isCacheable(expression))
        } catch {
            throw explainingOldSQLite(error, sql: expression.template)
        }
    }

    /// ``bound(_:cached:)`` for rows whose column keys are known in advance (a `RETURNING`
    /// list, a scalar's expression; the names SQLite reports when the counts differ).
    func bound(_ expression: SQLExpression<Void>, keys: [String]) throws(SQLiteError) -> Statement {
        let statement = try bound(expression)
        if !statement.hasColumnKeys {
            statement.useColumnKeys { _, names in keys.count == names.count ? keys : names.map(SQLiteValue.quoteIdentifier) }
        }
        return statement
    }

    /// The most values a statement binds and is still cached.
    static let maximumCachedParameterCount = 100

    /// Whether an expression's statement is worth caching: not when it binds more than
    /// ``maximumCachedParameterCount`` values. SQL with that many parameters is nearly always
    /// SQL whose text grows with its input (`ids.contains(id)` renders one `?` per element,
    /// `insertMany` one row of them per element), so each new input makes new SQL: caching it
    /// would only evict the statements that are reused, each holding memory in proportion to
    /// its length.
    static func isCacheable(_ expression: SQLExpression<Void>) -> Bool {
        expression.values.count <= maximumCachedParameterCount
    }

    // MARK: Column keys

    /// The key of each result column of a query: its expression's SQL, or `namespace."column"`
    /// for `*`. Made when the statement's layout is built (after a run's first step, when
    /// SQLite has recompiled the statement for a changed schema), from its column names.
    static func columnKeys(of query: some QueryType) -> (Statement, [String]) -> [String] {
        { statement, names in
            let clauses = query.clauses
            var sources: [(namespace: String, columnsSQL: String?)] = [(query.namespace, nil)]
            for join in clauses.join { sources.append((join.namespace, join.columnsSQL)) }
            var keys: [String] = []
            for column in clauses.select.columns {
                let template = column.template
                guard template == "*" || template.hasSuffix(".*") else {
                    keys.append(ColumnKeys.alias(in: template) ?? template)
                    continue
                }
                let namespace = template == "*" ? nil : String(template.dropLast(2))
                if clauses.join.isEmpty, namespace == nil || namespace == query.namespace {
                    keys += names.map { query.namespace + "." + SQLiteValue.quoteIdentifier($0) }
                    continue
                }
                // A joined source's columns: ask SQLite for them, through the statement (the
                // `Connection` object may be gone while a cursor lives on).
                for source in sources where namespace == nil || namespace == source.namespace {
                    let sql =
                        source.columnsSQL
                        ?? ("SELECT * FROM "
                            + SQLTemplate.inline(
                                query.fromExpression.values, into: query.fromExpression.template))
                    guard let columns = statement.columnNames(ofSQL: sql) else {
                        return names.map(SQLiteValue.quoteIdentifier)
                    }
                    keys += columns.map { source.namespace + "." + SQLiteValue.quoteIdentifier($0) }
                }
            }
            // A mismatch (a source we could not inspect) falls back to the names SQLite reports.
            guard keys.count == names.count else { return names.map(SQLiteValue.quoteIdentifier) }
            return keys
        }
    }
}
