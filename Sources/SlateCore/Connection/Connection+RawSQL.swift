// SQLite.swift's raw-SQL API: prepare, run and scalar with positional or named bindings.

extension Connection {
    /// Prepares one statement and binds values to it, in order (SQLite.swift).
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
    /// - Throws: ``SQLiteError`` when the SQL does not compile or the values do not bind.
    public func prepare(_ statement: String, _ bindings: (any Binding)?...) throws(SQLiteError) -> Statement {
        try prepare(statement, bindings)
    }

    /// Prepares one statement and binds an array of values to it, in order.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters; empty leaves them unbound.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` when the SQL does not compile or the values do not bind.
    public func prepare(_ statement: String, _ bindings: [(any Binding)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        if !bindings.isEmpty { try prepared.bindAll(bindings) }
        return prepared
    }

    /// Prepares one statement and binds named values to it.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name (`":email"`).
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` when the SQL does not compile or a name matches no parameter.
    public func prepare(_ statement: String, _ bindings: [String: (any Binding)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        try prepared.bindAll(bindings)
        return prepared
    }

    /// Prepares one statement, binds values and runs it to completion.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` on failure.
    @discardableResult
    public func run(_ statement: String, _ bindings: (any Binding)?...) throws(SQLiteError) -> Statement {
        try run(statement, bindings)
    }

    /// Prepares one statement, binds an array of values and runs it to completion.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` on failure.
    @discardableResult
    public func run(_ statement: String, _ bindings: [(any Binding)?]) throws(SQLiteError) -> Statement {
        try prepare(statement, bindings).run()
    }

    /// Prepares one statement, binds named values and runs it to completion.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` on failure.
    @discardableResult
    public func run(_ statement: String, _ bindings: [String: (any Binding)?]) throws(SQLiteError) -> Statement {
        try prepare(statement, bindings).run()
    }

    /// Runs one statement and returns the first column of its first row.
    ///
    /// ```swift
    /// let count = try db.scalar("SELECT count(*) FROM users") as? Int64
    /// ```
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL or no row.
    /// - Throws: ``SQLiteError`` on failure.
    public func scalar(_ statement: String, _ bindings: (any Binding)?...) throws(SQLiteError) -> (any Binding)? {
        try scalar(statement, bindings)
    }

    /// Runs one statement with an array of values and returns the first column of its first row.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL or no row.
    /// - Throws: ``SQLiteError`` on failure.
    public func scalar(_ statement: String, _ bindings: [(any Binding)?]) throws(SQLiteError) -> (any Binding)? {
        try prepare(statement, bindings).scalar()
    }

    /// Runs one statement with named values and returns the first column of its first row.
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name.
    /// - Returns: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL or no row.
    /// - Throws: ``SQLiteError`` on failure.
    public func scalar(_ statement: String, _ bindings: [String: (any Binding)?]) throws(SQLiteError) -> (any Binding)? {
        try prepare(statement, bindings).scalar()
    }

    /// Runs one statement and reads the first column of its first row as a Swift type.
    ///
    /// - Parameters:
    ///   - type: The type to read.
    ///   - sql: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: The value, or `nil` when there is no row or the value is NULL.
    /// - Throws: ``SQLiteError`` on failure, or when the value does not convert to `type`.
    public func scalar<T: SQLiteRepresentable>(
        _ type: T.Type, _ sql: String, _ bindings: (any Binding)?...
    ) throws(SQLiteError) -> T? {
        // The row view keeps its statement alive until the value is read.
        let cursor = try prepare(sql, bindings).cursor()
        guard let row = try cursor.next() else { return nil }
        return try row.get(0, as: T?.self)
    }
}
