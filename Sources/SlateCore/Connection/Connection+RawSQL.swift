// Running one SQL statement with values in a single call: `run` to change rows, a typed `scalar`
// to read one value. SQLite.swift's other spellings of these jobs (`prepare(_:_:)`, the untyped
// `scalar(_:_:)`, `execute(_:)`) are in Compatibility/SQLiteSwift.

extension Connection {
    /// Prepares one statement, binds values to its parameters in order, and runs it to
    /// completion. The primary way to run one statement with values.
    ///
    /// ```swift
    /// try db.run("INSERT INTO users (name, age) VALUES (?, ?)", "Alice", 30)
    /// ```
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters; `nil` binds NULL.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` when the SQL does not compile, the number of values does not
    ///   match the parameters, or the statement fails.
    @discardableResult
    public func run(_ statement: String, _ bindings: (any SQLiteBindable)?...) throws(SQLiteError) -> Statement {
        try run(statement, bindings)
    }

    /// Prepares one statement, binds an array of values to its parameters in order, and runs it
    /// to completion (for values collected at run time).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters; empty leaves them unbound.
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` on failure.
    @discardableResult
    public func run(_ statement: String, _ bindings: [(any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        if !bindings.isEmpty { try prepared.bindAll(bindings) }
        try prepared.executeToCompletion()
        return prepared
    }

    /// Prepares one statement, binds values to its named parameters, and runs it to completion.
    ///
    /// ```swift
    /// try db.run("UPDATE users SET age = :age WHERE name = :name", [":age": 31, ":name": "Alice"])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name (`":email"`; a bare name is tried with `:`, `@`, `$`).
    /// - Returns: The statement.
    /// - Throws: ``SQLiteError`` when a name matches no parameter, or on failure.
    @discardableResult
    public func run(_ statement: String, _ bindings: [String: (any SQLiteBindable)?]) throws(SQLiteError) -> Statement {
        let prepared = try prepare(sql: statement)
        try prepared.bindAll(bindings)
        try prepared.executeToCompletion()
        return prepared
    }

    /// Runs one statement and reads the first column of its first row as a Swift type. The
    /// primary way to read one value.
    ///
    /// ```swift
    /// let count = try db.scalar(Int.self, "SELECT count(*) FROM users WHERE age > ?", 18) ?? 0
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to read.
    ///   - sql: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: The value, or `nil` when there is no row or the value is NULL.
    /// - Throws: ``SQLiteError`` on failure, or when the value does not convert to `type`.
    public func scalar<T: SQLiteRepresentable>(
        _ type: T.Type, _ sql: String, _ bindings: (any SQLiteBindable)?...
    ) throws(SQLiteError) -> T? {
        let statement = try prepare(sql: sql)
        if !bindings.isEmpty { try statement.bindAll(bindings) }
        // The row view keeps its statement alive until the value is read.
        guard let row = try statement.cursor().next() else { return nil }
        return try row.get(0, as: T?.self)
    }
}
