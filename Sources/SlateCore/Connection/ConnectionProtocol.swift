/// What a database connection offers, so that code can be written against an abstraction and
/// tested with a substitute (DataLiteCore's `ConnectionProtocol`).
///
/// ``Connection`` conforms. Write services against the protocol and pass a test double in tests:
///
/// ```swift
/// struct Migrator {
///     let db: any ConnectionProtocol
///     func migrate() throws(SQLiteError) {
///         guard try db.get(pragma: .userVersion) ?? 0 < 1 else { return }
///         try db.beginTransaction(.immediate)
///         try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
///         try db.set(pragma: .userVersion, value: 1)
///         try db.commitTransaction()
///     }
/// }
/// ```
///
/// The protocol is not class-bound, so a double can be a struct or a class; hot paths should keep
/// using ``Connection`` itself, whose calls are direct rather than through a witness table.
public protocol ConnectionProtocol {
    /// Whether no transaction is open.
    var isAutocommit: Bool { get }

    /// Whether the main database is read-only (DataLiteCore's name for the requirement;
    /// ``isReadOnly`` is the primary spelling, as on ``Connection``).
    var isReadonly: Bool { get }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int64 { get }

    /// The number of rows changed since the connection opened.
    var totalChanges: Int64 { get }

    /// The rowid of the most recent successful INSERT (the requirement's name; ``lastInsertRowID``
    /// is the primary spelling, as on ``Connection``).
    var lastInsertRowid: Int64 { get }

    /// Compiles exactly one SQL statement.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - options: `SQLITE_PREPARE_*` flags.
    /// - Returns: The compiled statement.
    /// - Throws: ``SQLiteError`` for invalid or empty SQL, several statements, or a closed
    ///   connection.
    func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol

    /// Runs every statement of an SQL script, in order, stopping at the first failure.
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    func execute(sql: String) throws(SQLiteError)

    /// Runs SQL text as given to `sqlite3_exec`, unchanged.
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    func execute(raw sql: String) throws(SQLiteError)

    /// Begins a transaction.
    ///
    /// - Parameter type: How the transaction takes its locks.
    /// - Throws: ``SQLiteError`` when a transaction is already open or the database is busy.
    func beginTransaction(_ type: TransactionType) throws(SQLiteError)

    /// Commits the open transaction.
    ///
    /// - Throws: ``SQLiteError`` when no transaction is open, the database is busy, or the commit
    ///   is vetoed.
    func commitTransaction() throws(SQLiteError)

    /// Rolls back the open transaction.
    ///
    /// - Throws: ``SQLiteError`` when no transaction is open.
    func rollbackTransaction() throws(SQLiteError)

    /// Reads a PRAGMA.
    ///
    /// - Parameter pragma: The pragma.
    /// - Returns: Its value, or `nil` when it has none or it does not convert to `T`.
    /// - Throws: ``SQLiteError`` on failure.
    func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T?

    /// Sets a PRAGMA.
    ///
    /// - Parameters:
    ///   - pragma: The pragma.
    ///   - value: The new value.
    /// - Throws: ``SQLiteError`` on failure, or when the value did not take effect.
    func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError)

    /// Registers a class-based SQL function.
    ///
    /// - Parameter function: A ``Function/Scalar``, ``Function/Aggregate`` or
    ///   ``Function/Window`` subclass.
    /// - Throws: ``SQLiteError`` when the function cannot be registered.
    func add(function: Function.Type) throws(SQLiteError)

    /// Removes a class-based SQL function.
    ///
    /// - Parameter function: The subclass registered with ``add(function:)``.
    /// - Throws: ``SQLiteError`` when the function cannot be removed.
    func remove(function: Function.Type) throws(SQLiteError)

    /// Makes any running query fail with `SQLITE_INTERRUPT`; safe from another thread.
    func interrupt()
}

extension ConnectionProtocol {
    /// Whether the main database is read-only: ``isReadonly`` under the primary spelling.
    public var isReadOnly: Bool { isReadonly }

    /// The rowid of the most recent successful INSERT: ``lastInsertRowid`` under the primary
    /// spelling.
    public var lastInsertRowID: Int64 { lastInsertRowid }

    /// Compiles exactly one SQL statement without options.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: The compiled statement.
    /// - Throws: ``SQLiteError`` for invalid or empty SQL, or a closed connection.
    public func prepare(sql: String) throws(SQLiteError) -> any StatementProtocol {
        try prepare(sql: sql, options: [])
    }

    /// Begins a deferred transaction.
    ///
    /// - Throws: ``SQLiteError`` when a transaction is already open.
    public func beginTransaction() throws(SQLiteError) {
        try beginTransaction(.deferred)
    }

    /// Reads `PRAGMA user_version`.
    ///
    /// - Returns: The version (0 for a new database).
    /// - Throws: ``SQLiteError`` on failure.
    public func getUserVersion() throws(SQLiteError) -> Int32 { try get(pragma: .userVersion) ?? 0 }

    /// Sets `PRAGMA user_version`.
    ///
    /// - Parameter value: The new version.
    /// - Throws: ``SQLiteError`` on failure.
    public func setUserVersion(_ value: Int32) throws(SQLiteError) { try set(pragma: .userVersion, value: value) }

    /// Reads `PRAGMA foreign_keys`.
    ///
    /// - Returns: Whether foreign keys are enforced.
    /// - Throws: ``SQLiteError`` on failure.
    public func getForeignKeys() throws(SQLiteError) -> Bool { try get(pragma: .foreignKeys) ?? false }

    /// Sets `PRAGMA foreign_keys`.
    ///
    /// - Parameter value: Whether to enforce foreign keys.
    /// - Throws: ``SQLiteError`` on failure (it cannot change inside a transaction).
    public func setForeignKeys(_ value: Bool) throws(SQLiteError) { try set(pragma: .foreignKeys, value: value) }
}

extension Connection: ConnectionProtocol {
    /// Compiles exactly one SQL statement, as ``ConnectionProtocol`` requires; the concrete
    /// ``prepare(sql:options:)`` returning ``Statement`` is preferred when the type is known.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - options: `SQLITE_PREPARE_*` flags.
    /// - Returns: The compiled ``Statement``.
    /// - Throws: ``SQLiteError`` for invalid or empty SQL, several statements, or a closed
    ///   connection.
    @_disfavoredOverload
    public func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol {
        let statement: Statement = try prepare(sql: sql, options: options)
        return statement
    }
}
