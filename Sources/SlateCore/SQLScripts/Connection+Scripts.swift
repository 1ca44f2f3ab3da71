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
        // Checked whole before anything runs: a NUL must not leave a script half applied.
        let text = try CompilableSQL.text(sql)
        let result: Result<Void, SQLiteError> = text.withCString { start in
            // SQLite is given each statement's length up to the terminating NUL, so it neither
            // copies nor rescans the rest of the script (which would be quadratic).
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: text.utf8.count)
            let end = start + bytes.count
            var cursor = start
            while cursor < end {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = slate_prepare_v3(db, cursor, CompilableSQL.byteLength(end - cursor), 0, &statement, &tail)
                guard code == SQLITE_OK else {
                    return .failure(SQLiteError(code: code, db: db, sql: Self.statementText(in: bytes, from: cursor - start)))
                }
                guard let statement else { break }  // only whitespace and comments remain
                defer { sqlite3_finalize(statement) }
                // A cancelled async access runs no further statement (see `checkCancellation`).
                do throws(SQLiteError) {
                    try connectionHandle.checkCancellation()
                } catch {
                    return .failure(error)
                }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else {
                    return .failure(
                        SQLiteError(
                            code: step, db: db, sql: String(String(cString: sqlite3_sql(statement)).trimmingWhitespace())))
                }
                guard let tail, tail > cursor else { break }
                cursor = tail
            }
            return .success(())
        }
        if case .failure(let error) = result { throw explainingPrepareFailure(error) }
    }

    /// Runs every statement of a script loaded as an ``SQLScript`` (from a string or a file).
    ///
    /// - Parameter script: The statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails; earlier ones stay applied.
    public func execute(sql script: SQLScript) throws(SQLiteError) {
        try execute(sql: script.source)
    }

    /// Runs SQL text through `sqlite3_exec`: for the fixed SQL Slate writes itself
    /// (`BEGIN`, `SAVEPOINT`, `DETACH`, …), where there is no statement to report and a commit
    /// hook's veto message must be recovered. DataLiteCore's `execute(raw:)` forwards here.
    ///
    /// As everywhere in Slate, a NUL byte inside a string literal is text, and a NUL anywhere else
    /// is an error before anything runs (SQLite would stop reading at it).
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    package func exec(_ sql: String) throws(SQLiteError) {
        let db = try checkedHandle()
        let text = try CompilableSQL.text(sql)
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, text, nil, nil, &message)
        guard code == SQLITE_OK else {
            let reason = message.map { String(cString: $0) }
            sqlite3_free(message)
            // A commit hook's veto: SQLite says "constraint failed"; the hook's reason is the detail.
            let veto = code == SQLITE_CONSTRAINT_COMMITHOOK ? CommitVetoMessages.take(for: db) : nil
            throw SQLiteError(code: code, message: reason ?? String(cString: sqlite3_errstr(code)), details: veto, sql: text)
        }
    }

    /// The statement starting at byte `start` of a script, for the message when it does not
    /// compile: up to where that statement ends (or the script, when it never does), found in
    /// time linear in the statement, whatever follows it.
    private static func statementText(in script: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        let rest = UnsafeBufferPointer(rebasing: script[start...])
        var boundaries = StatementBoundaries(bytes: rest)
        return StatementBoundaries.statementText(rest, 0..<(boundaries.nextEnd() ?? rest.count))
    }
}
