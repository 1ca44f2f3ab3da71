/// A compiled SQL statement.
///
/// Prepare one with ``Connection/prepare(sql:options:)->Statement`` (SQLite.swift's `prepare(_:_:)` is a
/// compatibility spelling that also binds); bind parameters, then step through its rows, or read
/// them with a ``Cursor``. A statement keeps its connection's SQLite handle open (so it runs even
/// after the ``Connection`` object is released), and, like its connection, is used by one thread
/// at a time.
///
/// ```swift
/// let insert = try db.prepare(sql: "INSERT INTO users (name, age) VALUES (?, ?)")
/// for (name, age) in people {
///     try insert.bind(name, at: 1)
///     try insert.bind(age, at: 2)
///     _ = try insert.step()
///     try insert.reset()
/// }
/// ```
public final class Statement {
    /// The handle of the connection that compiled the statement, kept open by the statement.
    ///
    /// Not the `Connection` object itself: the connection caches statements, so a statement
    /// holding it would keep every such connection alive forever.
    @usableFromInline let connectionHandle: ConnectionHandle

    /// The connection that compiled the statement, or `nil` once that `Connection` object has
    /// been released (the statement still runs: it keeps the SQLite handle open).
    public var connection: Connection? { connectionHandle.connection }

    /// The `sqlite3_stmt` handle. Package-visible so the `slate` tool can read column bytes in
    /// place when it streams millions of rows to a file.
    @usableFromInline
    package let handle: OpaquePointer

    /// Column names and the name → index table, built the first time they are needed.
    var cachedLayout: ColumnLayout?

    /// The column that ``columnIndex(named:)`` checks first: the one after the column it found
    /// last. Rows are usually read by name in the same order every row, so the guess is nearly
    /// always right, and checking it (one string comparison) costs far less than hashing the
    /// name into the layout's table.
    @usableFromInline var nextColumnGuess = 0

    /// For the guess in ``columnIndex(named:)``: each column's name when it is the first column
    /// so spelled (the one a by-name lookup finds), `nil` for a repeated name. Empty until the
    /// layout is built.
    @usableFromInline var guessNames: [String?] = []

    /// Whether a new run may have started since the columns were last checked: SQLite
    /// recompiles a statement whose schema changed on the first step of a run, and a `SELECT *`
    /// can then have other columns, in another order. Set by every reset and at the end of every
    /// run; checked (once per run) before a lookup by name trusts ``cachedLayout``.
    /// Unchecked: each checked access costs 76 instructions; W6 pluck +228 and W5 bind +76 per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    @usableFromInline @exclusivity(unchecked) var layoutNeedsCheck = true

    /// ``reprepareCount`` when ``cachedLayout`` was built.
    var layoutReprepareCount: Int32?

    /// Whether the current run has ended for the iterators (``Cursor``, `for row in statement`,
    /// SlateSQLiteSwift's `failableNext()`): its last row was read, or a step failed. They then return `nil` until
    /// the statement is reset, where a further `sqlite3_step` would restart the statement and
    /// hand its rows out again (or run an INSERT twice). Cleared by every reset.
    /// Unchecked: each checked access costs 76 instructions; W6 cached statement +228, W2 db.cursor +76 per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    @usableFromInline @exclusivity(unchecked) var iterationEnded = false

    /// How many times ``Connection/cachedStatement(sql:)`` has handed the statement out again:
    /// a holder of a cached statement that bound it earlier compares it to know whether someone
    /// else has since taken (and rebound) the statement.
    package internal(set) var cacheCheckouts: UInt = 0

    /// Makes the keys of the typed query that runs the statement, so that its rows find columns
    /// by the expressions that selected them (see ``useColumnKeys(_:)``); `nil` for raw SQL.
    var columnKeyProvider: ((Statement, [String]) -> [String])?

    /// For ``columnIndex(forKey:)``: the key that last resolved to each column, if any yet.
    /// Empty until the layout is built. Checked for exclusivity: unchecked it saves 30
    /// instructions of W2's 3,065 per row (1%, `Benchmarks/PROFILE.md`), not worth the risk.
    @usableFromInline var guessKeys: [String?] = []

    /// The column that ``columnIndex(forKey:)`` checks first: the one after the column it found
    /// last, as ``nextColumnGuess`` for names.
    @usableFromInline var nextKeyGuess = 0

    /// Where the statement is in a run (see ``RunState``). Two stores per step; not checked for
    /// exclusivity at run time, like the flags above.
    /// Unchecked: checked, W5 bind +163, `record.insert` +252, W6 `cachedStatement` +470 per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    @usableFromInline @exclusivity(unchecked) var runState = RunState.ready

    /// Where a statement is in a run.
    @usableFromInline
    enum RunState: UInt8 {
        /// Reset, or never stepped: it takes new values.
        case ready
        /// `sqlite3_step` is running it, so that a custom function, collation or hook it called
        /// is running now. Such code may hold the statement (a captured cursor, a prepared insert
        /// fired again by a trigger), and SQLite leaves stepping, resetting or unbinding a
        /// statement from inside its own step undefined: a reset frees the registers the step is
        /// using, a nested step runs the program twice at once. The statement refuses all three
        /// meanwhile (issue 19, `functionUsingItsOwnRunningStatementIsRefused`).
        case stepping
        /// Stepped since its last reset: on a row, or finished (done or failed) and, until reset,
        /// unable to take new values (SQLite refuses to bind a finished statement).
        case stepped
    }

    /// Whether `sqlite3_step` is running the statement (see ``RunState/stepping``).
    @inlinable package var isStepping: Bool { runState == .stepping }

    /// The error that ended the last `for row in statement` loop early, if any.
    ///
    /// `Sequence` iteration cannot throw, so an error stops the loop and is recorded here.
    /// Prefer SlateSQLiteSwift's `failableNext()` or ``cursor()``, which throw.
    public package(set) var iterationError: SQLiteError?

    /// Flags for `sqlite3_prepare_v3`.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The flag bits.
        public let rawValue: UInt32
        /// Creates options from `SQLITE_PREPARE_*` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Creates options from `SQLITE_PREPARE_*` bits as the C headers type them (`Int32`).
        ///
        /// - Parameter rawValue: The flag bits.
        public init(rawValue: Int32) { self.rawValue = UInt32(bitPattern: rawValue) }
        /// `SQLITE_PREPARE_PERSISTENT`: the statement will be kept and reused many times.
        public static let persistent = Options(rawValue: UInt32(SQLITE_PREPARE_PERSISTENT))
        /// `SQLITE_PREPARE_NO_VTAB`: fail if the statement uses a virtual table.
        public static let noVtab = Options(rawValue: UInt32(SQLITE_PREPARE_NO_VTAB))
    }

    init(
        connectionHandle: ConnectionHandle, handle: OpaquePointer,
        recycling: (key: SQLText, stamp: RecycledStatements.SchemaStamp)? = nil
    ) {
        self.connectionHandle = connectionHandle
        self.handle = handle
        self.recycling = recycling
    }

    deinit {
        if let recycling, connectionHandle.recycle(handle, for: recycling.key, stamp: recycling.stamp) { return }
        sqlite3_finalize(handle)
    }

    /// The text `prepare(sql:)` compiled this statement from and the schema it was compiled
    /// under, when its compiled form goes back to the connection's ``RecycledStatements`` on
    /// release rather than being finalized.
    private let recycling: (key: SQLText, stamp: RecycledStatements.SchemaStamp)?

    /// The SQL text the statement was compiled from.
    public var sql: String { String(cString: sqlite3_sql(handle)) }

    /// The SQL text with the currently bound values inlined, or `nil` if SQLite cannot expand it.
    public var expandedSQL: String? {
        guard let text = slate_expanded_sql(handle) else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    /// Whether the statement only reads the database.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Whether the statement has stepped and not yet been reset or run to completion.
    public var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    // MARK: Stepping

    /// Evaluates the statement up to its next row.
    ///
    /// This is `sqlite3_step`: after it returned `false` (or threw), a further call starts the
    /// statement again from its first row, as SQLite does. Iterators (``cursor()``,
    /// `for row in statement`, SlateSQLiteSwift's `failableNext()`) instead keep returning `nil` until a reset.
    ///
    /// - Returns: `true` when a row is available, `false` when the statement has finished.
    /// - Throws: ``SQLiteError`` on failure (constraint violation, busy database, closed
    ///   connection, …). Call ``reset()`` before running the statement again.
    @inlinable @inline(__always)
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        guard connectionHandle.db != nil else { throw SQLiteError.connectionClosed }
        try connectionHandle.checkAccess(statement: handle)
        if _slowPath(runState == .stepping) { throw runningError() }
        runState = .stepping
        let code = sqlite3_step(handle)
        runState = .stepped
        if code == SQLITE_ROW { return true }
        // The run is over: the next step starts a new one, which may recompile the statement.
        layoutNeedsCheck = true
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// Steps for an iterator: `false` once the run has ended (see ``iterationEnded``), without
    /// stepping again; a failure ends the run too.
    @inlinable @inline(__always)
    package func advance() throws(SQLiteError) -> Bool {
        if iterationEnded { return false }
        do {
            if try step() { return true }
        } catch {
            // A step refused because the statement is running (re-entered from a function it
            // called) or because one of its connection's hooks is running did not run: the run
            // it belongs to is not over.
            if !isStepping && !connectionHandle.isInsideHook { iterationEnded = true }
            throw error
        }
        iterationEnded = true
        return false
    }

    @usableFromInline
    func stepError(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, db: connectionHandle.db, sql: sql)
    }

    /// The error for stepping, resetting or unbinding the statement while it runs (see
    /// ``isStepping``).
    @usableFromInline
    package func runningError() -> SQLiteError {
        .misuse(
            "the statement is running (a custom function, collation or hook it called is using it): "
                + "it cannot be stepped, reset or have its bindings cleared until its step returns; "
                + "use another statement",
            sql: sql)
    }

    /// Resets the statement so it can run again; bound values are kept.
    ///
    /// Unlike `sqlite3_reset`, it does not report the previous step's failure a second time.
    ///
    /// - Throws: ``SQLiteError`` when the connection is closed, or when the statement is running
    ///   (called from a custom function, collation or hook that its own step called).
    @inlinable
    public func reset() throws(SQLiteError) {
        guard connectionHandle.db != nil else { throw SQLiteError.connectionClosed }
        try connectionHandle.checkAccess(statement: handle)
        if isStepping { throw runningError() }
        resetHandle()
    }

    /// `sqlite3_reset`, noting that the next step starts a new run (which may recompile the
    /// statement, so its columns must be checked again). Every reset in SlateCore goes here.
    ///
    /// Does nothing while the statement is running (see ``isStepping``) or while its connection's
    /// commit hook runs (see ``ConnectionHandle/refusingUse(_:readsAllowed:)``): the step or bind
    /// that follows is refused instead.
    @inlinable
    package func resetHandle() {
        guard !isStepping, connectionHandle.accessOwner != ConnectionHandle.insideCommitHook else { return }
        sqlite3_reset(handle)
        runState = .ready
        layoutNeedsCheck = true
        iterationEnded = false
    }

    /// Resets the statement if it was stepped since its last reset, so that it takes new values:
    /// for a cache handing out a statement that is not busy, whose last user may have run it to
    /// its end without resetting it (a ``Cursor`` does not reset at its end). A statement that is
    /// already reset costs one comparison.
    @inlinable
    package func resetIfStepped() {
        if runState == .stepped { resetHandle() }
    }

    /// Runs the statement to completion, discarding any rows, then resets it.
    ///
    /// - Throws: ``SQLiteError`` on failure; the statement is reset either way.
    public func executeToCompletion() throws(SQLiteError) {
        defer { resetHandle() }
        while try step() {}
    }

    // MARK: Columns

    /// The number of columns in the statement's result rows (0 for statements without results).
    public func columnCount() -> Int32 { sqlite3_column_count(handle) }

    /// The name of a result column.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The column's name, or `nil` when `index` is out of range.
    public func columnName(at index: Int32) -> String? {
        // Checked here: SQLite answers NULL for a bad index too, but also records SQLITE_RANGE
        // as the connection's last error, which a later message would then report.
        guard index >= 0 && index < columnCount(), let name = sqlite3_column_name(handle, index) else { return nil }
        return String(cString: name)
    }

    /// The names of all result columns, in order.
    public var columnNames: [String] { (0..<columnCount()).map { columnName(at: $0) ?? "" } }

    /// The index of the first result column with a name: the exact spelling first, then
    /// ignoring case, as SQL does.
    ///
    /// - Parameter name: The column name.
    /// - Returns: The 0-based index, or `nil` when no column has that name.
    @inlinable @inline(__always)
    public func columnIndex(named name: String) -> Int32? {
        if layoutNeedsCheck { checkLayout() }
        // The guess, inlined into the caller: one bounds check and one string comparison (a
        // raw-bits compare when both names are small or share storage), no call, no hashing.
        let guess = nextColumnGuess
        if guess < guessNames.count, let expected = guessNames[guess], expected == name {
            nextColumnGuess = guess &+ 1 < guessNames.count ? guess &+ 1 : 0
            return Int32(truncatingIfNeeded: guess)
        }
        return columnIndexByLookup(named: name)
    }

    /// ``columnIndex(named:)`` when the guess missed: the layout's hash table, and a new guess.
    @usableFromInline
    func columnIndexByLookup(named name: String) -> Int32? {
        let layout = columnLayout
        guard let index = layout.index(of: name) else { return nil }
        nextColumnGuess = index + 1 < layout.names.count ? index + 1 : 0
        return Int32(index)
    }

    /// The index of the column a typed query's expression selected, by the expression's SQL
    /// (see ``ColumnLayout/index(forKey:)``).
    ///
    /// Rows are usually read in the same order every row, so the column after the last one
    /// found is checked first: one string comparison (a raw-bits compare for the same
    /// expression), no hashing and no parsing of the expression.
    ///
    /// - Parameter key: The expression's SQL.
    /// - Throws: ``SQLiteError`` for an ambiguous or missing column.
    @inlinable @inline(__always)
    package func columnIndex(forKey key: String) throws(SQLiteError) -> Int32 {
        if layoutNeedsCheck { checkLayout() }
        let guess = nextKeyGuess
        if guess < guessKeys.count, let known = guessKeys[guess], known == key {
            nextKeyGuess = guess &+ 1 < guessKeys.count ? guess &+ 1 : 0
            return Int32(truncatingIfNeeded: guess)
        }
        return try columnIndexByLookup(forKey: key)
    }

    /// ``columnIndex(forKey:)`` when the guess missed: the layout's keys, and a new guess.
    @usableFromInline
    func columnIndexByLookup(forKey key: String) throws(SQLiteError) -> Int32 {
        let layout = columnLayout
        let index = try layout.index(forKey: key)
        if index < guessKeys.count { guessKeys[index] = key }
        nextKeyGuess = index + 1 < layout.names.count ? index + 1 : 0
        return Int32(index)
    }

    /// The value of a column of the current row.
    ///
    /// - Parameter index: The 0-based column index.
    /// - Returns: The stored value (`.null` when `index` is out of range, or before the first
    ///   step and after the last).
    @inlinable
    public func columnValue(at index: Int32) -> SQLiteValue {
        SQLiteValue(sqliteStatement: handle, column: index)
    }

    /// The value of a column of the current row, converted to a Swift type.
    ///
    /// - Parameters:
    ///   - index: The 0-based column index.
    ///   - type: The type to convert to.
    /// - Returns: The value, or `nil` when the column is NULL or does not convert exactly.
    @inlinable
    public func columnValue<T: SQLiteRepresentable>(at index: Int32, as type: T.Type) -> T? {
        T(sqliteStatement: handle, column: index)
    }
}
