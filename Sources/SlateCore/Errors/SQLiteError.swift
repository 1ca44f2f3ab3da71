/// An error reported by SQLite, or by Slate on SQLite's behalf.
///
/// Every Slate API that does not run user code throws `SQLiteError` (typed throws), so a
/// `catch` block always has one to inspect:
///
/// ```swift
/// do {
///     try db.execute(sql: "INSERT INTO users(email) VALUES ('ada@example.com')")
/// } catch {
///     switch error.code {
///     case SQLITE_CONSTRAINT: print("already exists")      // matches SQLITE_CONSTRAINT_UNIQUE too
///     case SQLITE_BUSY, SQLITE_LOCKED: print("retry later")  // matches SQLITE_BUSY_TIMEOUT too
///     default: print(error.message)
///     }
/// }
/// ```
///
/// ``message`` is SQLite's own text for the failure (`sqlite3_errmsg`, or `sqlite3_errstr` of the
/// code when Slate detected the problem itself), exactly what DataLiteCore reports, so errors
/// compare equal across the two libraries. Slate's fuller account — the parameter, column or
/// file involved and what to do about it — is in ``details``; ``explanation`` gives whichever is
/// richer, and ``description`` carries both.
///
/// Branch on ``category`` (or ``isTransient``) to act without reading result codes, log
/// ``description`` (it carries the SQL), show developers ``explanation``, and show people
/// ``userFacingMessage`` (it never contains SQL text or bound values).
public struct SQLiteError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code; it also matches its primary code (see ``Code``).
    public let code: Code
    /// SQLite's own English text for the failure: `sqlite3_errmsg` of the connection, or
    /// `sqlite3_errstr` of the code when Slate found the problem before SQLite did.
    public let message: String
    /// Slate's fuller explanation, when it knows more than SQLite's text says: the parameter,
    /// column, function or file involved, and a hint at the fix. `nil` when ``message`` is the
    /// whole story. It may contain names from the schema but never bound values.
    public let details: String?
    /// The SQL text of the statement that failed, when there was one.
    public let sql: String?
    /// The byte offset in ``sql`` where SQLite located the error, when it could (SQLite 3.38+).
    public let offset: Int?

    /// Creates an error from a result code and a message (DataLiteCore's initializer).
    ///
    /// - Parameters:
    ///   - code: The (extended) SQLite result code.
    ///   - message: A description of the failure.
    ///   - sql: The SQL text that failed, if any.
    ///   - offset: The byte offset of the error within `sql`, if known.
    public init(code: Int32, message: String, sql: String? = nil, offset: Int? = nil) {
        self.init(code: code, message: message, details: nil, sql: sql, offset: offset)
    }

    /// Creates an error with SQLite's message and a fuller explanation.
    ///
    /// - Parameters:
    ///   - code: The (extended) SQLite result code.
    ///   - message: SQLite's text for the failure.
    ///   - details: A fuller explanation (what was involved, how to fix it), or `nil`.
    ///   - sql: The SQL text that failed, if any.
    ///   - offset: The byte offset of the error within `sql`, if known.
    public init(code: Int32, message: String, details: String?, sql: String? = nil, offset: Int? = nil) {
        self.code = Code(rawValue: code)
        self.message = message
        self.details = details.flatMap { $0 == message || $0.isEmpty ? nil : $0 }
        self.sql = sql
        self.offset = offset.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Creates an error that Slate detected itself: its ``message`` is SQLite's text for the
    /// code (`sqlite3_errstr`), and `details` says what actually went wrong.
    ///
    /// - Parameters:
    ///   - code: The (extended) SQLite result code.
    ///   - details: What went wrong, in full.
    ///   - sql: The SQL text involved, if any.
    ///   - offset: The byte offset of the error within `sql`, if known.
    public init(code: Int32, details: String, sql: String? = nil, offset: Int? = nil) {
        self.init(code: code, message: String(cString: sqlite3_errstr(code)), details: details, sql: sql, offset: offset)
    }

    /// The same failure with a fuller explanation in front of SQLite's text, such as
    /// `cannot open /tmp/x.db: unable to open database file`.
    ///
    /// - Parameter context: What Slate was doing, such as `cannot open /tmp/x.db`.
    /// - Returns: The error, with ``details`` set to `context: explanation`.
    package func explained(_ context: String) -> SQLiteError {
        SQLiteError(code: code.rawValue, message: message, details: "\(context): \(explanation)", sql: sql, offset: offset)
    }

    /// Slate's ``details`` when there are some, SQLite's ``message`` otherwise: the most
    /// useful single sentence for a developer or a command-line user.
    public var explanation: String { details ?? message }

    /// Creates an error from the state of a database connection after a failed call.
    ///
    /// - Parameters:
    ///   - code: The result code the failed call returned.
    ///   - db: The connection handle, whose error message and offset are read.
    ///   - sql: The SQL text involved, if any.
    package init(code: Int32, db: OpaquePointer?, sql: String? = nil) {
        var message = ""
        var offset: Int?
        if let db {
            // sqlite3_errmsg describes the most recent failure on this connection; prefer the
            // generic text for the code when they disagree (e.g. a code returned by reset()).
            let extended = sqlite3_extended_errcode(db)
            if extended == code || (extended & 0xFF) == (code & 0xFF) {
                message = String(cString: sqlite3_errmsg(db))
                offset = Int(slate_error_offset(db))
            }
        }
        if message.isEmpty { message = String(cString: sqlite3_errstr(code)) }
        // A commit hook's veto: SQLite says "constraint failed"; the hook's reason is the detail.
        var details: String?
        if code == SQLITE_CONSTRAINT_COMMITHOOK, let db, let veto = CommitVetoMessages.take(for: db) { details = veto }
        self.init(code: code, message: message, details: details, sql: sql, offset: offset)
    }

    /// A developer-facing description: `SQLiteError(code): message` (DataLiteCore's form), then
    /// Slate's ``details`` in parentheses when there are some, then, when a statement failed, the
    /// code's name and the failing SQL.
    public var description: String {
        var text = "SQLiteError(\(code.rawValue)): \(message)"
        if let details { text += " (\(details))" }
        if let sql {
            text += " — \(code.name ?? "code \(code.rawValue)") in \"\(sql)\""
            if let offset { text += " at offset \(offset)" }
        }
        return text
    }

    /// Whether two errors have the same result code and message (DataLiteCore's equality): the
    /// details, the failing SQL and the offset are context, not part of what went wrong.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        lhs.code.rawValue == rhs.code.rawValue && lhs.message == rhs.message
    }

    /// Hashes the result code and the message, the parts that ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code.rawValue)
        hasher.combine(message)
    }

    /// What the error means for the caller, without reading result codes.
    public var category: Category { Category(code: code) }

    /// Whether retrying the same work later may succeed (the database was busy or locked).
    public var isTransient: Bool { category == .transient }

    /// A short sentence for people using the app: it never contains SQL text, table contents or
    /// bound values, so it is safe to show in an alert or a log that users see.
    public var userFacingMessage: String { category.userFacingMessage }
}

extension SQLiteError {
    /// An error for a call on a connection that has been closed.
    @usableFromInline
    static let connectionClosed = SQLiteError(
        code: SQLITE_MISUSE, details: "the database connection is closed")

    /// An error for a connection, statement or cursor of a ``DatabaseQueue`` or ``DatabasePool``
    /// used after the access that lent it returned, or from another thread.
    @usableFromInline
    static let usedOutsideAccess = SQLiteError(
        code: SQLITE_MISUSE,
        details: "a connection, statement or cursor of a DatabaseQueue or DatabasePool was used outside its database access; it may only be used inside the closure that received it")

    /// An error for a connection, or one of its statements, used inside the connection's own
    /// commit hook (the closure or a delegate's `connectionWillCommit`) or busy handler.
    @usableFromInline
    static let usedInsideCommitHook = SQLiteError(
        code: SQLITE_MISUSE,
        details: "a connection cannot be used inside its own commit hook (or a delegate's connectionWillCommit) "
            + "or busy handler: a statement run there would commit the transaction being committed, or take over "
            + "the lock being waited for; do the work after the statement that fired the hook returns")

    /// An error for a connection used for more than a read-only query inside its own update or
    /// rollback hook (closures and delegates alike).
    @usableFromInline
    static let usedInsideChangeHook = SQLiteError(
        code: SQLITE_MISUSE,
        details: "inside its own update or rollback hook (or delegate callback), a connection "
            + "can only run read-only queries: SQLite forbids changing it while the statement that fired the "
            + "hook runs; do the work after that statement returns")

    /// An error for a call that would be SQLite API misuse, with an explanation.
    @usableFromInline
    package static func misuse(_ details: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, details: details, sql: sql)
    }

    /// An error for a value that cannot be converted to or from a column's type.
    @usableFromInline
    package static func mismatch(_ details: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISMATCH, details: details, sql: sql)
    }

    /// An error for an out-of-range index or value.
    @usableFromInline
    package static func range(_ details: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_RANGE, details: details, sql: sql)
    }

    /// A generic SQL error with an explanation.
    @usableFromInline
    package static func error(_ details: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_ERROR, details: details, sql: sql)
    }
}
