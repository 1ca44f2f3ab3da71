// Running INSERT, UPDATE, DELETE and RETURNING statements.

extension Connection {
    /// Runs an `INSERT` (or upsert) and returns the rowid of the last inserted row.
    ///
    /// Several rows (`insertMany`) are split into statements that respect SQLite's limit on bound
    /// variables; they run in a savepoint, so either every row is inserted or none. An
    /// `insertMany` of no rows does nothing.
    ///
    /// - Parameter query: The insert.
    /// - Returns: The last inserted rowid.
    /// - Throws: `SQLiteError` on failure (a constraint violation, rows setting different
    ///   columns, an upsert needing a newer SQLite, …); the database is left unchanged.
    @discardableResult
    public func run(_ query: Insert) throws(SQLiteError) -> Int64 {
        if !query.misplacedClauses.isEmpty {
            throw Self.misplaced(query.misplacedClauses, in: "INSERT", sql: query.expression.template)
        }
        if let rowid = try runThroughShapeCache(query) { return rowid }
        try check(query)
        let chunks = try chunks(of: query)
        if chunks.isEmpty { return lastInsertRowID }  // insertMany of no rows inserts nothing
        if chunks.count == 1 {
            try bound(query.expression).executeToCompletion()
            return lastInsertRowID
        }
        try inSavepoint { () throws(SQLiteError) in
            for chunk in chunks { try bound(query.render(chunk)).executeToCompletion() }
        }
        return lastInsertRowID
    }

    /// Runs an `UPDATE` (or an `INSERT … SELECT`) and returns the number of changed rows.
    ///
    /// - Parameter query: The update.
    /// - Returns: The number of rows changed.
    /// - Throws: `SQLiteError` on failure; the database is left unchanged. Also when the
    ///   query it was built from has a clause an `UPDATE` cannot take (a join, grouping, a
    ///   compound, `DISTINCT`), or `ORDER BY`/`LIMIT` that the linked SQLite does not accept
    ///   on `UPDATE`: the error names the clause, and nothing runs.
    @discardableResult
    public func run(_ query: Update) throws(SQLiteError) -> Int {
        if let failure = query.failure { throw failure }
        try check(query.statement)
        try bound(query.expression).executeToCompletion()
        return Int(changes)
    }

    /// Runs a `DELETE` and returns the number of deleted rows.
    ///
    /// - Parameter query: The delete.
    /// - Returns: The number of rows deleted.
    /// - Throws: `SQLiteError` on failure; the database is left unchanged. Also when the
    ///   query it was built from has a clause a `DELETE` cannot take (a join, grouping, a
    ///   compound, `DISTINCT`), or `ORDER BY`/`LIMIT` that the linked SQLite does not accept
    ///   on `DELETE`: the error names the clause, and nothing runs.
    @discardableResult
    public func run(_ query: Delete) throws(SQLiteError) -> Int {
        try check(query.statement)
        try bound(query.expression).executeToCompletion()
        return Int(changes)
    }

    /// Runs an `INSERT`, `UPDATE` or `DELETE` with `RETURNING` and returns one row per changed row.
    ///
    /// - Parameter query: The statement with its `RETURNING` clause.
    /// - Returns: The returned rows; read them with the returned expressions (`row[id]`).
    /// - Throws: `SQLiteError` on failure, or when the linked SQLite is older than 3.35.
    @discardableResult
    public func run(_ query: Returning) throws(SQLiteError) -> [Row] {
        try SQLite.require(.returning)
        if let failure = query.failure { throw failure }
        var pieces: [SQLExpression<Void>] = []
        if case .insert(let insert) = query.statement {
            try check(insert)
            pieces = try chunks(of: insert).map { query.render($0) }
            if pieces.isEmpty { return [] }  // insertMany of no rows inserts nothing
        } else {
            if case .write(let write) = query.statement { try check(write) }
            pieces = [query.expression]
        }
        let keys = query.columns.map { ColumnKeys.alias(in: $0.template) ?? $0.template }
        var rows: [Row] = []
        let collect = { (piece: SQLExpression<Void>) throws(SQLiteError) in
            let statement = try self.bound(piece, keys: keys)
            defer { try? statement.reset() }
            let cursor = statement.cursor()
            while let row = try cursor.next() { rows.append(row.snapshot()) }
        }
        if pieces.count == 1 {
            try collect(pieces[0])
        } else {
            try inSavepoint { () throws(SQLiteError) in
                for piece in pieces { try collect(piece) }
            }
        }
        return rows
    }

    // MARK: Internals

    /// Runs a one-row insert of plain values through a statement kept for its shape, or returns
    /// `nil` when the insert does not qualify (several rows, an upsert, a value that is an
    /// expression, `DEFAULT VALUES`, a closed connection, a busy statement): `run` then renders
    /// it in full.
    ///
    /// The shape (conflict clause, table, columns) determines the SQL text, so a repeated shape
    /// needs neither rendering nor hashing: the statement cache's last shape is compared with the
    /// insert in place, and its statement bound and stepped directly. SQLite recompiles it after
    /// a schema change, as it does for any cached statement.
    private func runThroughShapeCache(_ insert: Insert) throws(SQLiteError) -> Int64? {
        guard handle != nil, insert.upsert == nil else { return nil }
        let cache = statementCache
        let last = cache.lastShape(InsertShape.self)
        let statement: Statement
        switch insert.body {
        case .setters(let rows):
            guard rows.count == 1 else { return nil }
            let row = rows[0]
            guard !row.isEmpty else { return nil }
            for setter in row {
                guard case .bound = setter.payload, setter.column.values.isEmpty else { return nil }
            }
            let found: Statement?
            if let last, last.matches(insert, setters: row) {
                found = try shapeStatement(for: insert, cache.useLast())
            } else {
                let shape = InsertShape(insert, columns: row.map(\.column.template), encoded: false)
                found = try shapeStatement(for: insert, cache.lookup(.shape(StatementShapeKey(shape))), shape: shape)
            }
            guard let found else { return nil }
            statement = found
            for index in row.indices {
                if case .bound(let value) = row[index].payload {
                    try statement.bind(value, at: Int32(truncatingIfNeeded: index + 1))
                }
            }
        case .encoded(let row):
            guard !row.isEmpty else { return nil }
            let found: Statement?
            if let last, last.matches(insert, encoded: row) {
                found = try shapeStatement(for: insert, cache.useLast())
            } else {
                let shape = InsertShape(insert, columns: row.map(\.name), encoded: true)
                let lookup = cache.lookup(.shape(StatementShapeKey(shape)))
                // A key encoded twice: the full path renders the row with the name once.
                if case .missing = lookup, EncodedColumn.distinct(row).count != row.count { return nil }
                found = try shapeStatement(for: insert, lookup, shape: shape)
            }
            guard let found else { return nil }
            statement = found
            for index in row.indices {
                try statement.bind(row[index].value, at: Int32(truncatingIfNeeded: index + 1))
            }
        case .record(let row):
            let found: Statement?
            if let last, last.matches(insert, record: row) {
                found = try shapeStatement(for: insert, cache.useLast())
            } else {
                let shape = InsertShape(insert, columns: row.names, encoded: true, recordType: row.type)
                found = try shapeStatement(for: insert, cache.lookup(.shape(StatementShapeKey(shape))), shape: shape)
            }
            guard let found else { return nil }
            statement = found
            for index in row.values.indices {
                try statement.bind(row.values[index], at: Int32(truncatingIfNeeded: index + 1))
            }
        }
        // Every parameter was bound above (the SQL has one `?` per column), so the previous
        // row's bindings need no clearing.
        try statement.executeToCompletion()
        return lastInsertRowID
    }

    /// The statement a shape lookup found, or on a miss the statement compiled for the insert's
    /// rendered SQL, kept in the statement cache under `shape`; `nil` when the found one is busy
    /// (the full path runs the insert then).
    private func shapeStatement(
        for insert: Insert, _ lookup: StatementCache.Lookup, shape: InsertShape? = nil
    ) throws(SQLiteError) -> Statement? {
        switch lookup {
        case .found(let statement):
            return statement
        case .busy:
            return nil
        case .missing:
            guard let shape else { return nil }
            let sql = insert.expression.template
            let statement: Statement
            do { statement = try prepare(sql: sql, options: .persistent) } catch { throw explainingOldSQLite(error, sql: sql) }
            statementCache.keep(statement, for: .shape(StatementShapeKey(shape)))
            return statement
        }
    }

    /// Rejects inserts that cannot run, with a clear reason.
    private func check(_ insert: Insert) throws(SQLiteError) {
        if let failure = insert.unstorable { throw failure }
        if !insert.misplacedClauses.isEmpty {
            throw Self.misplaced(insert.misplacedClauses, in: "INSERT", sql: insert.expression.template)
        }
        if let problem = insert.problem { throw SQLiteError(code: SQLITE_MISUSE, details: problem) }
        if insert.upsert != nil { try SQLite.require(.upsert) }
    }

    /// The rows of an insert grouped so that each statement stays within the variable limit.
    private func chunks(of insert: Insert) throws(SQLiteError) -> [ArraySlice<[SQLExpression<Void>]>] {
        let rows = insert.rows  // computed from the setters: once
        guard rows.count > 1 else { return rows.isEmpty ? [] : [rows[...]] }
        // Rows of defaults have no VALUES list to share: one `DEFAULT VALUES` statement each.
        if insert.columns.isEmpty { return rows.indices.map { rows[$0...$0] } }
        let handle = try checkedHandle()
        let limit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let fixed = insert.table.values.count + (insert.upsert?.values.count ?? 0)
        var chunks: [ArraySlice<[SQLExpression<Void>]>] = []
        var start = rows.startIndex
        var used = fixed
        for (index, row) in rows.enumerated() {
            let count = row.reduce(0) { $0 + $1.values.count }
            if index > start && used + count > limit {
                chunks.append(rows[start..<index])
                start = index
                used = fixed
            }
            used += count
        }
        chunks.append(rows[start...])
        return chunks
    }

    /// Runs work in a savepoint: released on success, rolled back on error.
    private func inSavepoint(_ work: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        let name = "slate_write_\(UInt64.random(in: 0...UInt64.max))"
        try execute(sql: "SAVEPOINT \"\(name)\"")
        do {
            try work()
        } catch {
            try? execute(sql: "ROLLBACK TO SAVEPOINT \"\(name)\"")
            try? execute(sql: "RELEASE SAVEPOINT \"\(name)\"")
            throw error
        }
        try execute(sql: "RELEASE SAVEPOINT \"\(name)\"")
    }
}
