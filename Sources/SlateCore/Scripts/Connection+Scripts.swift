extension Connection {
    /// Runs every statement of an SQL script, in order.
    ///
    /// SQLite itself finds where each statement ends, so triggers (`BEGIN … END`), `CASE … END`,
    /// comments, quoted semicolons and words like `weekend` need no special care.
    ///
    /// ```swift
    /// try db.execute(sql: """
    ///     CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
    ///     INSERT INTO users (name) VALUES ('Alice');
    ///     """)
    /// ```
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails, with that statement's text in
    ///   ``SQLiteError/sql``. Statements before it stay applied.
    public func execute(sql: String) throws(SQLiteError) {
        let db = try checkedHandle()
        let result: Result<Void, SQLiteError> = sql.withCString { start in
            var cursor = start
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = slate_prepare_v3(db, cursor, -1, 0, &statement, &tail)
                guard code == SQLITE_OK else {
                    return .failure(SQLiteError(code: code, db: db, sql: Self.statementText(at: cursor)))
                }
                guard let statement else { break }  // only whitespace and comments remain
                defer { sqlite3_finalize(statement) }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else {
                    return .failure(SQLiteError(
                        code: step, db: db, sql: String(String(cString: sqlite3_sql(statement)).trimmingWhitespace())))
                }
                guard let tail, tail != cursor else { break }
                cursor = tail
            }
            return .success(())
        }
        if case .failure(let error) = result { throw explainingMissingJSON(error) }
    }

    /// Runs every statement of a script loaded as an ``SQLScript`` (from a string or a file).
    ///
    /// - Parameter script: The statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails; earlier ones stay applied.
    public func execute(sql script: SQLScript) throws(SQLiteError) {
        try execute(sql: script.source)
    }

    /// Runs SQL text through `sqlite3_exec`, unchanged: for the fixed SQL Slate writes itself
    /// (`BEGIN`, `SAVEPOINT`, `DETACH`, …), where there is no statement to report and a commit
    /// hook's veto message must be recovered. DataLiteCore's `execute(raw:)` forwards here.
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    package func exec(_ sql: String) throws(SQLiteError) {
        let db = try checkedHandle()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            var text = message.map { String(cString: $0) }
            sqlite3_free(message)
            if code == SQLITE_CONSTRAINT_COMMITHOOK, let veto = CommitVetoMessages.take(for: db) { text = veto }
            throw SQLiteError(code: code, message: text ?? String(cString: sqlite3_errstr(code)), sql: sql)
        }
    }

    /// The statement starting at `sql`, for error messages when it does not compile.
    private static func statementText(at sql: UnsafePointer<CChar>) -> String {
        let rest = String(cString: sql)
        return SQLScript.split(rest).first ?? String(rest.trimmingWhitespace())
    }
}
