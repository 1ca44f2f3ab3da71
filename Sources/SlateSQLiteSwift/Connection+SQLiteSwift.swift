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

extension Connection: CustomStringConvertible {
    /// The main database's file path; `""` for an in-memory or temporary database (SQLite.swift's
    /// `description`, from `sqlite3_db_filename`), and `""` once the connection is closed.
    public var description: String {
        guard let handle, let filename = sqlite3_db_filename(handle, "main") else { return "" }
        return String(cString: filename)
    }
}

extension Connection {
    /// Whether the main database is read-only (SQLite.swift's spelling of ``isReadOnly``, the
    /// primary).
    public var readonly: Bool { isReadOnly }

    /// Whether errors report extended result codes (SQLite.swift's setting); `true` unless set.
    ///
    /// Slate keeps extended result codes on for every connection whatever this says, since its
    /// error categories and retries read them: an error's `code.rawValue` is always the extended
    /// code. Setting `false` is accepted and read back, and code written for it keeps working,
    /// because ``SQLiteError/code`` compares equal to, and pattern-matches, both the primary and
    /// the extended constant: a unique-constraint failure is `== SQLITE_CONSTRAINT` and
    /// `== SQLITE_CONSTRAINT_UNIQUE` under either setting. (SQLite.swift defaults to `false`,
    /// reporting primary codes only.)
    ///
    /// ```swift
    /// db.usesExtendedErrorCodes = false
    /// do { try db.run("INSERT INTO users (email) VALUES ('taken@example.com')") }
    /// catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT { /* still matches */ }
    /// ```
    public var usesExtendedErrorCodes: Bool {
        get { reportsExtendedErrorCodes }
        set { reportsExtendedErrorCodes = newValue }
    }

    /// The linked SQLite library's version (SQLite.swift's spelling of ``SQLite/version``).
    public var sqliteVersion: SQLiteVersion { .linked }

    /// `PRAGMA defer_foreign_keys`: whether foreign keys are checked only at commit, for the
    /// current transaction (SQLite.swift's property). Reading a closed connection gives `false`;
    /// a failed write is recorded in ``lastPropertyError``, as the other pragma properties do.
    public var deferForeignKeys: Bool {
        get { reading(false) { () throws(SQLiteError) in try get(pragma: "defer_foreign_keys") ?? false } }
        set { writing { () throws(SQLiteError) in try set(pragma: "defer_foreign_keys", value: newValue) } }
    }

    /// Runs `PRAGMA integrity_check`, over the whole database or one table (SQLite.swift's form).
    ///
    /// - Parameter table: A table to check (SQLite 3.33+), or `nil` for every table and index.
    /// - Returns: The problems found; empty when the database is intact.
    /// - Throws: ``SQLiteError``, such as `no such table` for an unknown table.
    public func integrityCheck(table: String? = nil) throws(SQLiteError) -> [String] {
        let sql = "PRAGMA integrity_check" + (table.map { "(" + SQLiteValue.quoteIdentifier($0) + ")" } ?? "")
        let statement = try prepare(sql: sql)
        // A row does not retain its statement: keep it alive until the last row is read.
        defer { withExtendedLifetime(statement) {} }
        var problems: [String] = []
        let cursor = statement.cursor()
        while let row = try cursor.next() {
            if let text = try row.get(0, as: String?.self), text != "ok" { problems.append(text) }
        }
        return problems
    }
}
