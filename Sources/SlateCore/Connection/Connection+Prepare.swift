extension Connection {
    /// Compiles exactly one SQL statement.
    ///
    /// ```swift
    /// let statement = try db.prepare(sql: "SELECT * FROM users WHERE age > ?", options: [.persistent])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: One SQL statement; a trailing `;`, whitespace and comments are allowed.
    ///   - options: `SQLITE_PREPARE_*` flags.
    /// - Returns: The compiled statement.
    /// - Throws: ``SQLiteError`` for invalid SQL (with the error's offset when SQLite gives it),
    ///   for empty SQL, for SQL with more than one statement (use ``execute(sql:)-(String)`` for scripts),
    ///   or when the connection is closed.
    public func prepare(sql: String, options: Statement.Options = []) throws(SQLiteError) -> Statement {
        // Inside an update or rollback hook, read-only queries may run: they are compiled here,
        // and their steps are checked.
        guard let db = handle else { throw SQLiteError.connectionClosed }
        if connectionHandle.accessOwner != ConnectionHandle.insideChangeHook { try connectionHandle.checkAccess() }
        // A library older than the flag (SQLCipher 3.4 is SQLite 3.15) would silently ignore it.
        if options.contains(.noVtab) { try SQLite.require(.prepareNoVtab) }
        // In an access of a queue or pool, inside a transaction that has read, a plain statement
        // is compiled once per text and schema: a released one's compiled form is kept (see
        // RecycledStatements). Before the transaction's first read, reading the schema version
        // would take the read lock early; on a connection of your own, which Swift cannot stop
        // you from sharing between threads by mistake, the cache could be raced.
        var recycling: (key: SQLText, stamp: RecycledStatements.SchemaStamp)?
        if options.isEmpty, connectionHandle.accessOwner == ConnectionHandle.currentThread,
            slate_txn_state(db, "main") > 0, connectionHandle.recycledStatements.prepareVersionReads(on: db),
            let stamp = connectionHandle.recycledStatements.stamp(on: db)
        {
            let key = SQLText(sql)
            if let handle = connectionHandle.statementCache.takeReleased(key, stamp: stamp) {
                return Statement(connectionHandle: connectionHandle, handle: handle, recycling: (key, stamp))
            }
            recycling = (key, stamp)
        }
        let text = try CompilableSQL.text(sql)
        let result: Result<Statement, SQLiteError> = text.withCString { start in
            let end = start + text.utf8.count
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = slate_prepare_v3(db, start, CompilableSQL.byteLength(end - start), options.rawValue, &statement, &tail)
            guard code == SQLITE_OK else {
                return .failure(SQLiteError(code: code, db: db, sql: text))
            }
            guard let statement else {
                return .failure(.misuse("cannot prepare empty SQL: the text holds no statement", sql: text))
            }
            if let tail, Self.holdsStatement(from: tail, to: end, db: db) {
                sqlite3_finalize(statement)
                return .failure(
                    .misuse(
                        "prepare(sql:) compiles exactly one statement, but more SQL follows the first one "
                            + "(\"\(String(cString: tail).trimmingWhitespace().prefix(60))\"); "
                            + "use execute(sql:) to run a script",
                        sql: text))
            }
            return .success(Statement(connectionHandle: connectionHandle, handle: statement, recycling: recycling))
        }
        switch result {
        case .success(let statement): return statement
        // SQLCipher 3.4 (SQLite 3.15) has no JSON: say so rather than only "no such function".
        case .failure(let error): throw explainingPrepareFailure(error)
        }
    }

    /// Whether the text from `start` to `end` (where a NUL terminates it) contains a statement,
    /// not only whitespace, `;` and comments.
    private static func holdsStatement(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>, db: OpaquePointer) -> Bool {
        var cursor = start
        while cursor < end {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = slate_prepare_v3(db, cursor, CompilableSQL.byteLength(end - cursor), 0, &statement, &tail)
            if code != SQLITE_OK { return true }
            if statement != nil {
                sqlite3_finalize(statement)
                return true
            }
            guard let tail, tail > cursor else { return false }
            cursor = tail
        }
        return false
    }

    /// A prepared statement from the connection's cache, compiled on first use with
    /// `SQLITE_PREPARE_PERSISTENT` and reset before it is handed out.
    ///
    /// A cached statement that is still being stepped elsewhere is not shared: a fresh one is
    /// compiled instead. The cache keeps the ``statementCacheCapacity`` most recently used
    /// statements; don't send it SQL whose text changes with every call (values spliced into
    /// the text rather than bound), which would only churn it.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A reset statement with its bindings cleared.
    /// - Throws: ``SQLiteError`` when the SQL does not compile.
    public func cachedStatement(sql: String) throws(SQLiteError) -> Statement {
        let key = StatementCacheKey.sql(SQLText(sql))  // by bytes: canonically equal SQL may name other tables
        let cache = statementCache
        if case .found(let statement) = cache.lookup(key) {
            sqlite3_clear_bindings(statement.handle)
            statement.cacheCheckouts &+= 1
            return statement
        }
        let statement = try prepare(sql: sql, options: .persistent)
        cache.keep(statement, for: key)
        return statement
    }

    /// How many prepared statements the connection keeps at most, in its one statement cache:
    /// those of ``cachedStatement(sql:)`` and Slate's queries, records and inserts, and the
    /// compiled forms of statements released in a queue's or pool's accesses. The least recently
    /// used one is finalized when another must be kept.
    ///
    /// ```swift
    /// db.statementCacheCapacity = 500   // an app with many distinct queries
    /// db.statementCacheCapacity = 0     // compile every statement afresh
    /// ```
    ///
    /// Each kept statement holds SQLite memory (its compiled program, more for long SQL), so
    /// the cache is bounded; ``defaultStatementCacheCapacity`` by default. Lowering the capacity
    /// evicts at once; a negative value counts as 0. Statements in use stay valid when evicted.
    public var statementCacheCapacity: Int {
        get { statementCache.capacity }
        set { statementCache.capacity = newValue }
    }

    /// The default ``statementCacheCapacity`` of a new connection: 128 statements, well above
    /// the distinct queries of most apps, and small enough that SQLite's memory stays modest.
    public static let defaultStatementCacheCapacity = 128

    /// How many statements the cache holds now (at most ``statementCacheCapacity``).
    package var cachedStatementCount: Int { statementCache.count }

    /// The connection's one statement cache (see ``StatementCache``).
    package var statementCache: StatementCache { connectionHandle.statementCache }

    /// Empties the prepared-statement cache (statements in use stay valid), including the
    /// compiled forms of released statements and the statements that layers built on SlateCore
    /// keep.
    public func clearStatementCache() {
        statementCache.removeAll()
        connectionHandle.recycledStatements.finalizeAll()
        for value in storageValues { value.connectionWillClearStatementCache() }
    }

    /// Prepares a statement, binds values and starts a ``Cursor`` over its rows.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - bindings: Values for its parameters, in order.
    /// - Returns: A cursor positioned before the first row.
    /// - Throws: ``SQLiteError`` when the SQL does not compile or the values do not bind.
    public func cursor(_ sql: String, _ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> Cursor {
        let statement = try prepare(sql: sql)
        try statement.bindAll(bindings)
        return statement.cursor()
    }
}

extension String {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}

extension Connection {
    /// The entry of a typed layer's query into SlateCore: a statement for `sql` with `values`
    /// bound, from the cache (or compiled for the caller alone when `cached` is false). The
    /// layer then gives a statement without keys its query's column keys
    /// (``Statement/useColumnKeys(_:)``), once per statement.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - values: The values of its parameters, in order.
    ///   - cached: Whether to take the statement from the connection's cache.
    /// - Throws: ``SQLiteError`` when the SQL does not compile or a value does not bind.
    package func statement(sql: String, values: [SQLiteValue], cached: Bool) throws(SQLiteError) -> Statement {
        let statement = try cached ? cachedStatement(sql: sql) : prepare(sql: sql)
        for (offset, value) in values.enumerated() {
            try statement.bind(value, at: Int32(offset + 1))
        }
        return statement
    }
}
