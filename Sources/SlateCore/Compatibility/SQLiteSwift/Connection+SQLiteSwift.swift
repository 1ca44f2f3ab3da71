// SQLite.swift's spellings of jobs `Connection` does under another primary name. Each is a thin
// alias of the primary its documentation names, kept so that SQLite.swift code compiles after
// changing `import SQLite` to `import Slate`.

extension Connection {
    /// SQLite.swift's name for ``TransactionType``, the primary spelling.
    public typealias TransactionMode = TransactionType

    /// The rowid of the most recent successful INSERT (SQLite.swift's spelling of
    /// ``lastInsertRowID``, the primary).
    public var lastInsertRowid: Int64 { lastInsertRowID }

    /// Runs every statement of an SQL script (SQLite.swift's spelling of ``execute(sql:)-(String)``, the
    /// primary).
    ///
    /// - Parameter SQL: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    public func execute(_ SQL: String) throws(SQLiteError) {
        try execute(sql: SQL)
    }

    // MARK: prepare(_:_:): compile and bind

    /// Prepares one statement and binds values to it, in order (SQLite.swift's spelling of
    /// ``prepare(sql:options:)->Statement`` followed by binding).
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

    /// Prepares one statement and binds an array of values to it, in order (SQLite.swift's
    /// spelling of ``prepare(sql:options:)->Statement`` followed by binding).
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

    /// Prepares one statement and binds named values to it (SQLite.swift's spelling of
    /// ``prepare(sql:options:)->Statement`` followed by binding).
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

    // MARK: scalar(_:_:): one untyped value

    /// Runs one statement and returns the first column of its first row, untyped (SQLite.swift's
    /// spelling; the primary, ``scalar(_:_:_:)``, reads a Swift type and checks it).
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

    /// Runs one statement with an array of values and returns the first column of its first row,
    /// untyped (SQLite.swift's spelling; the primary is ``scalar(_:_:_:)``).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL or no row.
    /// - Throws: ``SQLiteError`` on failure.
    public func scalar(_ statement: String, _ bindings: [(any Binding)?]) throws(SQLiteError) -> (any Binding)? {
        try prepare(statement, bindings).scalar()
    }

    /// Runs one statement with named values and returns the first column of its first row,
    /// untyped (SQLite.swift's spelling; the primary is ``scalar(_:_:_:)``).
    ///
    /// - Parameters:
    ///   - statement: One SQL statement.
    ///   - bindings: Values by parameter name.
    /// - Returns: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL or no row.
    /// - Throws: ``SQLiteError`` on failure.
    public func scalar(_ statement: String, _ bindings: [String: (any Binding)?]) throws(SQLiteError) -> (any Binding)? {
        try prepare(statement, bindings).scalar()
    }
}
