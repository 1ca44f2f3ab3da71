/// What a database connection offers, so that code can be written against an abstraction and
/// tested with a substitute (DataLiteCore's `ConnectionProtocol`).
///
/// `Connection` conforms. Write services against the protocol and pass a test double in tests:
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
/// The protocol is not class-bound, so a double can be a struct or a class (its pragma properties
/// have `nonmutating` setters, so a delegate can set them on the `any ConnectionProtocol` it is
/// given); hot paths should keep using `Connection` itself, whose calls are direct rather than
/// through a witness table.
///
/// A DataLiteCore-style double implements the connection state, `prepare(sql:options:)`,
/// `execute(sql:)`, `apply`/`rekey`, the delegate and function registrations, and gets the rest
/// (pragma properties, `get`/`set(pragma:)`, transactions, `lastInsertRowid`) from defaults that
/// run SQL through its `prepare`, as DataLiteCore's do.
public protocol ConnectionProtocol {
    /// Whether no transaction is open.
    var isAutocommit: Bool { get }

    /// Whether the main database is read-only (DataLiteCore's name for the requirement;
    /// `isReadOnly` is the primary spelling, as on `Connection`).
    var isReadonly: Bool { get }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int64 { get }

    /// The number of rows changed since the connection opened.
    var totalChanges: Int64 { get }

    /// The rowid of the most recent successful INSERT (the requirement's name; `lastInsertRowID`
    /// is the primary spelling, as on `Connection`).
    var lastInsertRowid: Int64 { get }

    /// How long SQLite waits for a lock before failing with `SQLITE_BUSY`, in seconds (Slate's
    /// and SQLite.swift's unit; DataLiteCore's property counts milliseconds).
    var busyTimeout: Double { get nonmutating set }

    /// `PRAGMA application_id`.
    var applicationID: Int32 { get nonmutating set }

    /// `PRAGMA foreign_keys`.
    var foreignKeys: Bool { get nonmutating set }

    /// `PRAGMA journal_mode`.
    var journalMode: JournalMode { get nonmutating set }

    /// `PRAGMA synchronous`.
    var synchronous: Synchronous { get nonmutating set }

    /// `PRAGMA user_version`.
    var userVersion: Int32 { get nonmutating set }

    /// Initializes the SQLite library (`sqlite3_initialize`).
    ///
    /// - Throws: `SQLiteError` when the library cannot be initialized.
    static func initialize() throws(SQLiteError)

    /// Releases the SQLite library's resources (`sqlite3_shutdown`).
    ///
    /// - Throws: `SQLiteError` when the library cannot be shut down.
    static func shutdown() throws(SQLiteError)

    /// Gives the encryption key of a database (SQLCipher builds).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - name: The schema (`nil` for `main`).
    /// - Throws: `SQLiteError` when the key is unusable or wrong, or without encryption support.
    func apply(_ key: Connection.Key, name: String?) throws(SQLiteError)

    /// Re-encrypts a database with a new key (SQLCipher builds).
    ///
    /// - Parameters:
    ///   - key: The new key.
    ///   - name: The schema (`nil` for `main`).
    /// - Throws: `SQLiteError` when the key is unusable, or without encryption support.
    func rekey(_ key: Connection.Key, name: String?) throws(SQLiteError)

    /// Adds a delegate told of updates, commits and rollbacks (held weakly).
    ///
    /// - Parameter delegate: The delegate.
    func add(delegate: any ConnectionDelegate)

    /// Removes a delegate added with `add(delegate:)`.
    ///
    /// - Parameter delegate: The delegate.
    func remove(delegate: any ConnectionDelegate)

    /// Adds a delegate told of each statement that runs (held weakly).
    ///
    /// - Parameter delegate: The trace delegate.
    func add(trace delegate: any ConnectionTraceDelegate)

    /// Removes a trace delegate added with `add(trace:)`.
    ///
    /// - Parameter delegate: The trace delegate.
    func remove(trace delegate: any ConnectionTraceDelegate)

    /// Compiles exactly one SQL statement.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - options: `SQLITE_PREPARE_*` flags.
    /// - Returns: The compiled statement.
    /// - Throws: `SQLiteError` for invalid or empty SQL, several statements, or a closed
    ///   connection.
    func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol

    /// Runs every statement of an SQL script, in order, stopping at the first failure.
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: `SQLiteError` from the first statement that fails.
    func execute(sql: String) throws(SQLiteError)

    /// Runs SQL text as given to `sqlite3_exec`, unchanged.
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: `SQLiteError` from the first statement that fails.
    func execute(raw sql: String) throws(SQLiteError)

    /// Begins a transaction.
    ///
    /// - Parameter type: How the transaction takes its locks.
    /// - Throws: `SQLiteError` when a transaction is already open or the database is busy.
    func beginTransaction(_ type: TransactionType) throws(SQLiteError)

    /// Commits the open transaction.
    ///
    /// - Throws: `SQLiteError` when no transaction is open, the database is busy, or the commit
    ///   is vetoed.
    func commitTransaction() throws(SQLiteError)

    /// Rolls back the open transaction.
    ///
    /// - Throws: `SQLiteError` when no transaction is open.
    func rollbackTransaction() throws(SQLiteError)

    /// Reads a PRAGMA.
    ///
    /// - Parameter pragma: The pragma.
    /// - Returns: Its value, or `nil` when it has none or it does not convert to `T`.
    /// - Throws: `SQLiteError` on failure.
    func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T?

    /// Sets a PRAGMA.
    ///
    /// - Parameters:
    ///   - pragma: The pragma.
    ///   - value: The new value.
    /// - Throws: `SQLiteError` on failure, or when the value did not take effect.
    func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError)

    /// Registers a class-based SQL function.
    ///
    /// - Parameter function: A `Function/Scalar`, `Function/Aggregate` or
    ///   `Function/Window` subclass.
    /// - Throws: `SQLiteError` when the function cannot be registered.
    func add(function: Function.Type) throws(SQLiteError)

    /// Removes a class-based SQL function.
    ///
    /// - Parameter function: The subclass registered with `add(function:)`.
    /// - Throws: `SQLiteError` when the function cannot be removed.
    func remove(function: Function.Type) throws(SQLiteError)

}

extension ConnectionProtocol {
    /// Whether the main database is read-only: `isReadonly` under the primary spelling.
    public var isReadOnly: Bool { isReadonly }

    /// The rowid of the most recent successful INSERT: `lastInsertRowid` under the primary
    /// spelling.
    public var lastInsertRowID: Int64 { lastInsertRowid }

    /// Compiles exactly one SQL statement without options.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: The compiled statement.
    /// - Throws: `SQLiteError` for invalid or empty SQL, or a closed connection.
    public func prepare(sql: String) throws(SQLiteError) -> any StatementProtocol {
        try prepare(sql: sql, options: [])
    }

    /// Begins a deferred transaction.
    ///
    /// - Throws: `SQLiteError` when a transaction is already open.
    public func beginTransaction() throws(SQLiteError) {
        try beginTransaction(.deferred)
    }

    /// Reads `PRAGMA user_version`.
    ///
    /// - Returns: The version (0 for a new database).
    /// - Throws: `SQLiteError` on failure.
    public func getUserVersion() throws(SQLiteError) -> Int32 { try get(pragma: .userVersion) ?? 0 }

    /// Sets `PRAGMA user_version`.
    ///
    /// - Parameter value: The new version.
    /// - Throws: `SQLiteError` on failure.
    public func setUserVersion(_ value: Int32) throws(SQLiteError) { try set(pragma: .userVersion, value: value) }

    /// Reads `PRAGMA foreign_keys`.
    ///
    /// - Returns: Whether foreign keys are enforced.
    /// - Throws: `SQLiteError` on failure.
    public func getForeignKeys() throws(SQLiteError) -> Bool { try get(pragma: .foreignKeys) ?? false }

    /// Sets `PRAGMA foreign_keys`.
    ///
    /// - Parameter value: Whether to enforce foreign keys.
    /// - Throws: `SQLiteError` on failure (it cannot change inside a transaction).
    public func setForeignKeys(_ value: Bool) throws(SQLiteError) { try set(pragma: .foreignKeys, value: value) }
}

extension Connection: ConnectionProtocol {
    /// Compiles exactly one SQL statement, as `ConnectionProtocol` requires; the concrete
    /// `prepare(sql:options:)` returning `Statement` is preferred when the type is known.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - options: `SQLITE_PREPARE_*` flags.
    /// - Returns: The compiled `Statement`.
    /// - Throws: `SQLiteError` for invalid or empty SQL, several statements, or a closed
    ///   connection.
    @_disfavoredOverload
    public func prepare(sql: String, options: Statement.Options) throws(SQLiteError) -> any StatementProtocol {
        let statement: Statement = try prepare(sql: sql, options: options)
        return statement
    }
}

// The defaults a DataLiteCore-style test double relies on: it implements the connection state,
// `prepare`, `execute(sql:)`, keys, delegates and functions, and gets the rest from these, which
// work through `prepare(sql:options:)` as DataLiteCore's do. `Connection` has its own.
extension ConnectionProtocol {
    /// The rowid of the most recent successful INSERT, read with `SELECT last_insert_rowid()`.
    public var lastInsertRowid: Int64 {
        guard let statement = try? prepare(sql: "SELECT last_insert_rowid()", options: []),
            (try? statement.step()) == true
        else { return 0 }
        return statement.columnValue(at: 0) ?? 0
    }

    /// Runs SQL text as given (for a double: `execute(sql:)`).
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: `SQLiteError` from the first statement that fails.
    public func execute(raw sql: String) throws(SQLiteError) { try execute(sql: sql) }

    /// Reads a PRAGMA by preparing and stepping `PRAGMA name`.
    ///
    /// - Parameter pragma: The pragma.
    /// - Returns: Its value, or `nil` when it has none or it does not convert to `T`.
    /// - Throws: `SQLiteError` on failure.
    public func get<T: SQLiteRepresentable>(pragma: Pragma) throws(SQLiteError) -> T? {
        let statement = try prepare(sql: "PRAGMA \(try pragma.sql())", options: [])
        guard try statement.step() else { return nil }
        return statement.columnValue(at: 0)
    }

    /// Sets a PRAGMA by preparing and stepping `PRAGMA name = literal`.
    ///
    /// - Parameters:
    ///   - pragma: The pragma.
    ///   - value: The new value.
    /// - Throws: `SQLiteError` on failure.
    public func set<T: SQLiteBindable>(pragma: Pragma, value: T) throws(SQLiteError) {
        let literal = value.sqliteValue.sqliteLiteral
        let statement = try prepare(sql: "PRAGMA \(try pragma.sql()) = \(literal)", options: [])
        while try statement.step() {}
    }

    /// Begins a transaction with `BEGIN type TRANSACTION`.
    ///
    /// - Parameter type: How the transaction takes its locks.
    /// - Throws: `SQLiteError` when a transaction is already open or the database is busy.
    public func beginTransaction(_ type: TransactionType) throws(SQLiteError) {
        try prepare(sql: "BEGIN \(type.description) TRANSACTION", options: []).step()
    }

    /// Commits with `COMMIT TRANSACTION`.
    ///
    /// - Throws: `SQLiteError` when no transaction is open or the commit fails.
    public func commitTransaction() throws(SQLiteError) {
        try prepare(sql: "COMMIT TRANSACTION", options: []).step()
    }

    /// Rolls back with `ROLLBACK TRANSACTION`.
    ///
    /// - Throws: `SQLiteError` when no transaction is open.
    public func rollbackTransaction() throws(SQLiteError) {
        try prepare(sql: "ROLLBACK TRANSACTION", options: []).step()
    }

    /// Initializes the SQLite library (`sqlite3_initialize`).
    ///
    /// - Throws: `SQLiteError` when the library cannot be initialized.
    public static func initialize() throws(SQLiteError) { try Connection.initialize() }

    /// Releases the SQLite library's resources (`sqlite3_shutdown`).
    ///
    /// - Throws: `SQLiteError` when the library cannot be shut down.
    public static func shutdown() throws(SQLiteError) { try Connection.shutdown() }

    // A property cannot throw: as on `Connection`, a failing read gives the fallback and a failing
    // write is dropped rather than trapping (DataLiteCore's `try!`); a double that must see the
    // failure implements the property itself, or calls `get(pragma:)`/`set(pragma:value:)`.

    /// `PRAGMA busy_timeout`, in seconds.
    public var busyTimeout: Double {
        get { Double((try? get(pragma: .busyTimeout) as Int64?) ?? 0) / 1000 }
        nonmutating set {
            guard newValue.isFinite, newValue >= 0 else { return }
            try? set(pragma: .busyTimeout, value: Int64(Swift.min(newValue * 1000, Double(Int32.max))))
        }
    }

    /// `PRAGMA application_id`.
    public var applicationID: Int32 {
        get { (try? get(pragma: .applicationID) as Int32?) ?? 0 }
        nonmutating set { try? set(pragma: .applicationID, value: newValue) }
    }

    /// `PRAGMA foreign_keys`.
    public var foreignKeys: Bool {
        get { (try? get(pragma: .foreignKeys) as Bool?) ?? false }
        nonmutating set { try? set(pragma: .foreignKeys, value: newValue) }
    }

    /// `PRAGMA journal_mode`.
    public var journalMode: JournalMode {
        get { (try? get(pragma: .journalMode) as JournalMode?) ?? .off }
        nonmutating set { try? set(pragma: .journalMode, value: newValue) }
    }

    /// `PRAGMA synchronous`.
    public var synchronous: Synchronous {
        get { (try? get(pragma: .synchronous) as Synchronous?) ?? .off }
        nonmutating set { try? set(pragma: .synchronous, value: newValue) }
    }

    /// `PRAGMA user_version`.
    public var userVersion: Int32 {
        get { (try? get(pragma: .userVersion) as Int32?) ?? 0 }
        nonmutating set { try? set(pragma: .userVersion, value: newValue) }
    }
}
