// SQLite.swift's spellings of jobs `Connection` does under another primary name. Each is a thin
// alias of the primary its documentation names, kept so that SQLite.swift code compiles after
// changing `import SQLite` to `import SlateSQLiteSwift`.

extension Connection {
    /// Opens a connection, SQLite.swift-style: read-write (creating the database) unless
    /// `readonly` is set, with `SQLITE_OPEN_URI` (SQLite.swift's initializer; the primary is
    /// `Connection(_:options:)`).
    ///
    /// ```swift
    /// let db = try Connection()            // in memory
    /// let ro = try Connection(.uri("file.sqlite", parameters: [.mode(.readOnly)]))
    /// ```
    ///
    /// - Parameters:
    ///   - location: Where the database lives; in memory by default.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: `SQLiteError` when the database cannot be opened.
    public convenience init(_ location: Location = .inMemory, readonly: Bool) throws(SQLiteError) {
        try self.init(location, options: readonly ? .readonly : [.readwrite, .create])
    }

    /// Opens a database file, SQLite.swift-style: read-write (creating the file) unless
    /// `readonly` is set.
    ///
    /// - Parameters:
    ///   - filename: The file's path.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: `SQLiteError` when the database cannot be opened.
    public convenience init(_ filename: String, readonly: Bool) throws(SQLiteError) {
        try self.init(.file(path: filename), readonly: readonly)
    }

    /// SQLite.swift's name for `TransactionType`, the primary spelling.
    public typealias TransactionMode = TransactionType

    /// The rowid of the most recent successful INSERT (SQLite.swift's spelling of
    /// `lastInsertRowID`, the primary).
    public var lastInsertRowid: Int64 { lastInsertRowID }

    /// Runs every statement of an SQL script (SQLite.swift's spelling of `execute(sql:)-(String)`, the
    /// primary).
    ///
    /// - Parameter SQL: Zero or more SQL statements.
    /// - Throws: `SQLiteError` from the first statement that fails.
    public func execute(_ SQL: String) throws(SQLiteError) {
        try execute(sql: SQL)
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
    /// Whether the main database is read-only (SQLite.swift's spelling of `isReadOnly`, the
    /// primary).
    public var readonly: Bool { isReadOnly }

    /// Whether errors report extended result codes (SQLite.swift's setting); `false` unless set,
    /// as in SQLite.swift.
    ///
    /// Slate keeps extended result codes on for every connection whatever this says, since its
    /// error categories and retries read them: an error's `code.rawValue` is always the extended
    /// code. The setting is read back, and code written for either value works, because
    /// `SQLiteError/code` compares equal to, and pattern-matches, both the primary and the
    /// extended constant: a unique-constraint failure is `== SQLITE_CONSTRAINT` and
    /// `== SQLITE_CONSTRAINT_UNIQUE` under either setting.
    ///
    /// ```swift
    /// print(db.usesExtendedErrorCodes)          // false
    /// do { try db.run("INSERT INTO users (email) VALUES ('taken@example.com')") }
    /// catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT { /* a UNIQUE failure matches */ }
    /// ```
    public var usesExtendedErrorCodes: Bool {
        get { reportsExtendedErrorCodes }
        set { reportsExtendedErrorCodes = newValue }
    }

    /// The linked SQLite library's version (SQLite.swift's spelling of `SQLite/version`).
    public var sqliteVersion: SQLiteVersion { .linked }

    /// `PRAGMA defer_foreign_keys`: whether foreign keys are checked only at commit, for the
    /// current transaction (SQLite.swift's property). Reading a closed connection gives `false`;
    /// a failed write is recorded in `lastPropertyError`, as the other pragma properties do.
    public var deferForeignKeys: Bool {
        get { reading(false) { () throws(SQLiteError) in try get(pragma: "defer_foreign_keys") ?? false } }
        set { writing { () throws(SQLiteError) in try set(pragma: "defer_foreign_keys", value: newValue) } }
    }

    /// Runs `PRAGMA integrity_check`, over the whole database or one table (SQLite.swift's form).
    ///
    /// - Parameter table: A table to check (SQLite 3.33+), or `nil` for every table and index.
    /// - Returns: The problems found; empty when the database is intact.
    /// - Throws: `SQLiteError`, such as `no such table` for an unknown table.
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
