// SQLite.swift's untyped `prepare(_:_:)` and `scalar(_:_:)`. The primary spellings are
// `prepare(sql:options:)` and the typed `scalar(_:_:_:)`.

extension Connection {
    // MARK: prepare(_:_:): compile and bind

    /// Prepares one statement and binds values to it, in order (SQLite.swift's spelling of
    /// `prepare(sql:options:)->Statement` followed by binding).
    ///
    /// ```swift
    /// let stmt = try db.prepare("INSERT INTO users (email) VALUES (?)")
    /// try stmt.run("alice@mac.com")
    /// ```
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters; none leaves them unbound.
    /// - Returns: The statement.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func prepare(_ statement: String, _ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> Statement {
        try prepare(statement, bindings)
    }

    /// Prepares one statement and binds an array of values to it, in order (SQLite.swift's
    /// spelling of `prepare(sql:options:)->Statement` followed by binding).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters; empty leaves them unbound.
    /// - Returns: The statement.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func prepare(_ statement: String, _ bindings: [(any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        if !bindings.isEmpty { try prepared.bindAll(bindings) }
        return prepared
    }

    /// Prepares one statement and binds named values to it (SQLite.swift's spelling of
    /// `prepare(sql:options:)->Statement` followed by binding).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name (`":email"`).
    /// - Returns: The statement.
    /// - Throws: `SQLiteError` when the SQL does not compile or a name matches no parameter.
    public func prepare(_ statement: String, _ bindings: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        try prepared.bindAll(bindings)
        return prepared
    }

    // MARK: scalar(_:_:): one untyped value

    /// Runs one statement and returns the first column of its first row, untyped (SQLite.swift's
    /// spelling; the primary, `scalar(_:_:_:)`, reads a Swift type and checks it).
    ///
    /// ```swift
    /// let count = try db.scalar("SELECT count(*) FROM users") as? Int64
    /// ```
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ statement: String, _ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> (any SQLiteBindable)? {
        try scalar(statement, bindings)
    }

    /// Runs one statement with an array of values and returns the first column of its first row,
    /// untyped (SQLite.swift's spelling; the primary is `scalar(_:_:_:)`).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ statement: String, _ bindings: [(any SQLiteBindable)?]) throws(SQLiteError) -> (any SQLiteBindable)? {
        try prepare(statement, bindings).scalar()
    }

    /// Runs one statement with named values and returns the first column of its first row,
    /// untyped (SQLite.swift's spelling; the primary is `scalar(_:_:_:)`).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name.
    /// - Returns: `Int64`, `Double`, `String`, `Blob`, or `nil` for NULL or no row.
    /// - Throws: `SQLiteError` on failure.
    public func scalar(_ statement: String, _ bindings: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> (any SQLiteBindable)? {
        try prepare(statement, bindings).scalar()
    }
}
