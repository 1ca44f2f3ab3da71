#if SQLCipher
import CSQLCipher
#else
import CSQLite
#endif

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
    /// - Throws: ``SQLiteError`` on failure (a constraint violation, rows setting different
    ///   columns, an upsert needing a newer SQLite, …); the database is left unchanged.
    @discardableResult
    public func run(_ query: Insert) throws(SQLiteError) -> Int64 {
        try check(query)
        let chunks = try chunks(of: query)
        if chunks.isEmpty { return lastInsertRowid }   // insertMany of no rows inserts nothing
        if chunks.count == 1 {
            try bound(query.expression).executeToCompletion()
            return lastInsertRowid
        }
        try inSavepoint { () throws(SQLiteError) in
            for chunk in chunks { try bound(query.render(chunk)).executeToCompletion() }
        }
        return lastInsertRowid
    }

    /// Runs an `UPDATE` and returns the number of changed rows.
    ///
    /// - Parameter query: The update.
    /// - Returns: The number of rows changed.
    /// - Throws: ``SQLiteError`` on failure; the database is left unchanged.
    @discardableResult
    public func run(_ query: Update) throws(SQLiteError) -> Int {
        try bound(query.expression).executeToCompletion()
        return Int(changes)
    }

    /// Runs a `DELETE` and returns the number of deleted rows.
    ///
    /// - Parameter query: The delete.
    /// - Returns: The number of rows deleted.
    /// - Throws: ``SQLiteError`` on failure; the database is left unchanged.
    @discardableResult
    public func run(_ query: Delete) throws(SQLiteError) -> Int {
        try bound(query.expression).executeToCompletion()
        return Int(changes)
    }

    /// Runs an `INSERT`, `UPDATE` or `DELETE` with `RETURNING` and returns one row per changed row.
    ///
    /// - Parameter query: The statement with its `RETURNING` clause.
    /// - Returns: The returned rows; read them with the returned expressions (`row[id]`).
    /// - Throws: ``SQLiteError`` on failure, or when the linked SQLite is older than 3.35.
    @discardableResult
    public func run(_ query: Returning) throws(SQLiteError) -> [Row] {
        try SQLite.require("RETURNING", version: 3_035_000)
        var pieces: [SQLExpression<Void>] = []
        if case .insert(let insert) = query.statement {
            try check(insert)
            pieces = try chunks(of: insert).map { query.render($0) }
            if pieces.isEmpty { return [] }   // insertMany of no rows inserts nothing
        } else {
            pieces = [query.expression]
        }
        let keys = query.columns.map { QueryColumns.alias(in: $0.template) ?? $0.template }
        var rows: [Row] = []
        let collect = { (piece: SQLExpression<Void>) throws(SQLiteError) in
            let statement = try self.bound(piece)
            let run = QueryExecution(statement: statement, makeLayout: Self.layout(keys: keys))
            while let row = try run.nextRow() { rows.append(row) }
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

    /// Rejects inserts that cannot run, with a clear reason.
    private func check(_ insert: Insert) throws(SQLiteError) {
        if let problem = insert.problem { throw SQLiteError(code: SQLITE_MISUSE, message: problem) }
        if insert.upsert != nil { try SQLite.require("upsert (INSERT … ON CONFLICT … DO)", version: 3_024_000) }
    }

    /// The rows of an insert grouped so that each statement stays within the variable limit.
    private func chunks(of insert: Insert) throws(SQLiteError) -> [ArraySlice<[SQLExpression<Void>]>] {
        guard insert.rows.count > 1 else { return insert.rows.isEmpty ? [] : [insert.rows[...]] }
        // Rows of defaults have no VALUES list to share: one `DEFAULT VALUES` statement each.
        if insert.columns.isEmpty { return insert.rows.indices.map { insert.rows[$0...$0] } }
        let handle = try checkedHandle()
        let limit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let fixed = insert.table.values.count + (insert.upsert?.values.count ?? 0)
        var chunks: [ArraySlice<[SQLExpression<Void>]>] = []
        var start = insert.rows.startIndex
        var used = fixed
        for (index, row) in insert.rows.enumerated() {
            let count = row.reduce(0) { $0 + $1.values.count }
            if index > start && used + count > limit {
                chunks.append(insert.rows[start..<index])
                start = index
                used = fixed
            }
            used += count
        }
        chunks.append(insert.rows[start...])
        return chunks
    }

    /// Runs work in a savepoint: released on success, rolled back on error.
    private func inSavepoint(_ work: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        let name = "slate_write_\(UInt64.random(in: 0...UInt64.max))"
        try execute(raw: "SAVEPOINT \"\(name)\"")
        do {
            try work()
        } catch {
            try? execute(raw: "ROLLBACK TO SAVEPOINT \"\(name)\"")
            try? execute(raw: "RELEASE SAVEPOINT \"\(name)\"")
            throw error
        }
        try execute(raw: "RELEASE SAVEPOINT \"\(name)\"")
    }
}
