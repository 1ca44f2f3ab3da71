// Running typed queries: prepare, prepareRowIterator, pluck and scalar.

extension Connection {
    /// Runs a query and returns its rows for iteration.
    ///
    /// ```swift
    /// for user in try db.prepare(users) {
    ///     print("id: \(user[id]), email: \(user[email])")
    /// }
    /// ```
    ///
    /// - Parameter query: The query.
    /// - Returns: The rows. The query runs when iteration starts, and again for each iteration.
    /// - Throws: `SQLiteError` when the SQL does not compile.
    public func prepare(_ query: some QueryType) throws(SQLiteError) -> RowSequence {
        // Render once and compile now, so that bad SQL fails here; the query itself runs when
        // iteration starts.
        try requireSQLiteFeatures(of: query)
        let expression = query.expression
        let sql = expression.template
        do {
            _ = try Self.isCacheable(expression) ? cachedStatement(sql: sql) : prepare(sql: sql)
        } catch {
            throw explainingOldSQLite(error, sql: sql)
        }
        // The sequence holds the connection (it is the user's, never cached), so that
        // `for row in try Connection(path).prepare(query)` runs after the connection expression.
        return RowSequence {
            do throws(SQLiteError) {
                return try self.prepareQuery(query, rendered: expression)
            } catch {
                return QueryExecution(failure: error)
            }
        }
    }

    /// Runs a query and returns an iterator whose errors are thrown.
    ///
    /// - Parameter query: The query.
    /// - Returns: The row iterator.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func prepareRowIterator(_ query: some QueryType) throws(SQLiteError) -> RowIterator {
        RowIterator(state: try prepareQuery(query))
    }

    /// The first row of a query (`LIMIT 1`), or `nil` when there is none.
    ///
    /// - Parameter query: The query.
    /// - Returns: The row, or `nil`.
    /// - Throws: `SQLiteError` on failure.
    public func pluck(_ query: some QueryType) throws(SQLiteError) -> Row? {
        // One row: step the cached statement directly, without a QueryExecution (and its
        // closure) per call, and leave the statement reset for the next caller.
        // `LIMIT 1`, keeping a smaller limit (0: no row) and the offset; a negative limit
        // means none to SQLite.
        let length = query.clauses.limit.map { $0.length >= 0 ? min($0.length, 1) : 1 } ?? 1
        let limited = query.limit(length, offset: query.clauses.limit?.offset)
        let expression = limited.expression
        let statement = try bound(expression)
        defer { try? statement.reset() }
        guard try statement.step() else { return nil }
        let layout = queryLayout(for: limited, sql: expression.template, statement: statement)
        let count = Int32(layout.names.count)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(statement.columnValue(at: index)) }
        return Row(layout: layout, values: values)
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
        guard let row = try prepareQuery(query).nextRow() else {
            throw SQLiteError(code: SQLITE_ERROR, details: "the scalar query returned no row", sql: query.asSQL())
        }
        return try row.get(SQLExpression<V>(template: row.layout.typedKey(at: 0), values: []))
    }

    /// Runs a scalar query whose value may be `NULL`.
    ///
    /// - Parameter query: A query selecting one expression.
    /// - Returns: The first row's value, or `nil` for `NULL` or no row.
    /// - Throws: `SQLiteError` on failure or when the value does not convert; or the error
    ///   ``Value/fromDatatypeValue(_:)`` throws.
    public func scalar<V: Value>(_ query: ScalarQuery<V?>) throws -> V? {
        guard let row = try prepareQuery(query).nextRow() else { return nil }
        return try row.get(SQLExpression<V?>(template: row.layout.typedKey(at: 0), values: []))
    }

    /// Evaluates an expression (`SELECT expression`).
    ///
    /// - Parameter expression: The expression.
    /// - Returns: Its value.
    /// - Throws: `SQLiteError` on failure or when the value is `NULL` or does not convert.
    public func scalar<V: Value>(_ expression: SQLExpression<V>) throws -> V {
        let statement = try bound(SQLExpression(template: "SELECT " + expression.template, values: expression.values))
        let run = QueryExecution(statement: statement, makeLayout: Self.layout(keys: [expression.template]))
        guard let row = try run.nextRow() else {
            throw SQLiteError(code: SQLITE_ERROR, details: "the expression returned no row")
        }
        return try row.get(expression)
    }

    /// Evaluates an expression that may be `NULL` (`SELECT expression`).
    ///
    /// - Parameter expression: The expression.
    /// - Returns: Its value, or `nil`.
    /// - Throws: `SQLiteError` on failure or when the value does not convert.
    public func scalar<V: Value>(_ expression: SQLExpression<V?>) throws -> V? {
        let statement = try bound(SQLExpression(template: "SELECT " + expression.template, values: expression.values))
        let run = QueryExecution(statement: statement, makeLayout: Self.layout(keys: [expression.template]))
        guard let row = try run.nextRow() else { return nil }
        return try row.get(expression)
    }

    // MARK: Internals

    /// Renders a query once, takes its statement from the cache, binds its values and starts a run.
    func prepareQuery(_ query: some QueryType, rendered: SQLExpression<Void>? = nil) throws(SQLiteError) -> QueryExecution {
        try requireSQLiteFeatures(of: query)
        let expression = rendered ?? query.expression
        let statement = try bound(expression)
        let sql = expression.template
        // The run holds the connection: it is the caller's (a row iterator), never cached.
        return QueryExecution(statement: statement) { statement in
            self.queryLayout(for: query, sql: sql, statement: statement)
        }
    }

    /// A layout builder for rows whose column keys are known in advance (falling back to the
    /// names SQLite reports when the counts differ).
    static func layout(keys: [String]) -> (Statement) -> ColumnLayout {
        { statement in
            let names = statement.columnNames
            let typed = keys.count == names.count ? keys : names.map(SQLiteValue.quoteIdentifier)
            return ColumnLayout(names: names, attachment: QueryColumns(keys: typed))
        }
    }

    /// A statement for an expression's SQL with the expression's values bound: from the
    /// connection's cache, or compiled for the caller alone when `cached` is false or when the
    /// SQL grows with its input (see ``isCacheable(_:)``).
    func bound(_ expression: SQLExpression<Void>, cached: Bool = true) throws(SQLiteError) -> Statement {
        let statement: Statement
        do {
            statement = try cached && Self.isCacheable(expression)
                ? cachedStatement(sql: expression.template) : prepare(sql: expression.template)
        } catch {
            throw explainingOldSQLite(error, sql: expression.template)
        }
        for (offset, value) in expression.values.enumerated() {
            try statement.bind(value, at: Int32(offset + 1))
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

    /// The layout of a query's rows, computed once per statement.
    ///
    /// The layout (column names and the expression keys of ``QueryColumns``) is given to the
    /// statement, which keeps it while SQLite does not recompile it with other columns: a
    /// cached statement's later runs find it there, without reading a column name. A statement
    /// without one (its first run, or one compiled for a cursor) takes the layout kept for its
    /// SQL text when the columns are the same, or a new one.
    func queryLayout(for query: some QueryType, sql: String, statement: Statement) -> ColumnLayout {
        if let layout = statement.existingColumnLayout, let columns = layout.attachment,
           type(of: columns) == QueryColumns.self {
            return layout
        }
        let names = statement.columnNames
        let cache = self[storage: QueryLayoutCache.StorageKey.self]
        let key = SQLText(sql)
        // A schema change can widen `SELECT *` under the same SQL text: reuse only a matching layout.
        if let cached = cache.layout(for: key), cached.names == names {
            statement.adoptColumnLayout(cached)
            return cached
        }
        let layout = ColumnLayout(names: names, attachment: QueryColumns(keys: columnKeys(for: query, names: names)))
        // SQL that grows with its input would only churn the cache (see `isCacheable`).
        if statement.parameterCount() <= Self.maximumCachedParameterCount { cache.keep(layout, for: key) }
        statement.adoptColumnLayout(layout)
        return layout
    }

    /// The key of each result column: its expression's SQL, or `namespace."column"` for `*`.
    func columnKeys(for query: some QueryType, names: [String]) -> [String] {
        let clauses = query.clauses
        var sources: [(namespace: String, columnsSQL: String?)] = [(query.namespace, nil)]
        for join in clauses.join { sources.append((join.namespace, join.columnsSQL)) }
        var keys: [String] = []
        for column in clauses.select.columns {
            let template = column.template
            if template == "*" || template.hasSuffix(".*") {
                let namespace = template == "*" ? nil : String(template.dropLast(2))
                if clauses.join.isEmpty {
                    if namespace == nil || namespace == query.namespace {
                        keys += names.map { query.namespace + "." + SQLiteValue.quoteIdentifier($0) }
                        continue
                    }
                }
                for source in sources where namespace == nil || namespace == source.namespace {
                    let sql = source.columnsSQL ?? ("SELECT * FROM " + SQLTemplate.inline(
                        query.fromExpression.values, into: query.fromExpression.template))
                    guard let statement = try? prepare(sql: sql) else { return names.map(SQLiteValue.quoteIdentifier) }
                    keys += statement.columnNames.map { source.namespace + "." + SQLiteValue.quoteIdentifier($0) }
                }
            } else if let alias = QueryColumns.alias(in: template) {
                keys.append(alias)
            } else {
                keys.append(template)
            }
        }
        // A mismatch (a source we could not inspect) falls back to the names SQLite reports.
        guard keys.count == names.count else { return names.map(SQLiteValue.quoteIdentifier) }
        return keys
    }
}

extension ColumnLayout {
    /// The typed-layer key of a column (its expression's SQL), or its quoted name.
    func typedKey(at index: Int) -> String {
        if let columns = attachment as? QueryColumns, columns.keys.indices.contains(index) {
            return columns.keys[index]
        }
        return names.indices.contains(index) ? SQLiteValue.quoteIdentifier(names[index]) : ""
    }
}
