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
/// Branch on ``category`` (or ``isTransient``) to act without reading result codes, log
/// ``description`` (it carries the SQL), and show people ``userFacingMessage`` (it never
/// contains SQL text or bound values).
public struct SQLiteError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code; it also matches its primary code (see ``Code``).
    public let code: Code
    /// SQLite's (or Slate's) English description of what went wrong.
    public let message: String
    /// The SQL text of the statement that failed, when there was one.
    public let sql: String?
    /// The byte offset in ``sql`` where SQLite located the error, when it could (SQLite 3.38+).
    public let offset: Int?

    /// Creates an error from a result code and a message.
    ///
    /// - Parameters:
    ///   - code: The (extended) SQLite result code.
    ///   - message: A description of the failure.
    ///   - sql: The SQL text that failed, if any.
    ///   - offset: The byte offset of the error within `sql`, if known.
    public init(code: Int32, message: String, sql: String? = nil, offset: Int? = nil) {
        self.code = Code(rawValue: code)
        self.message = message
        self.sql = sql
        self.offset = offset.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Creates an error from the state of a database connection after a failed call.
    ///
    /// - Parameters:
    ///   - code: The result code the failed call returned.
    ///   - db: The connection handle, whose error message and offset are read.
    ///   - sql: The SQL text involved, if any.
    init(code: Int32, db: OpaquePointer?, sql: String? = nil) {
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
        if code == SQLITE_CONSTRAINT_COMMITHOOK, let db, let veto = CommitVetoMessages.take(for: db) { message = veto }
        self.init(code: code, message: message, sql: sql, offset: offset)
    }

    /// A developer-facing description: `SQLiteError(code): message` (DataLiteCore's form), then,
    /// when a statement failed, the code's name and the failing SQL.
    public var description: String {
        var text = "SQLiteError(\(code.rawValue)): \(message)"
        if let sql {
            text += " — \(code.name ?? "code \(code.rawValue)") in \"\(sql)\""
            if let offset { text += " at offset \(offset)" }
        }
        return text
    }

    /// Whether two errors have the same result code and message (DataLiteCore's equality): the
    /// failing SQL and the offset are context, not part of what went wrong.
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
        code: SQLITE_MISUSE, message: "the database connection is closed")

    /// An error for a connection, statement or cursor of a ``DatabaseQueue`` or ``DatabasePool``
    /// used after the access that lent it returned, or from another thread.
    @usableFromInline
    static let usedOutsideAccess = SQLiteError(
        code: SQLITE_MISUSE,
        message: "a connection, statement or cursor of a DatabaseQueue or DatabasePool was used outside its database access; it may only be used inside the closure that received it")

    /// An error for a call that would be SQLite API misuse, with an explanation.
    @usableFromInline
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }

    /// An error for a value that cannot be converted to or from a column's type.
    @usableFromInline
    static func mismatch(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISMATCH, message: message, sql: sql)
    }

    /// An error for an out-of-range index or value.
    @usableFromInline
    static func range(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_RANGE, message: message, sql: sql)
    }

    /// A generic SQL error with an explanation.
    @usableFromInline
    static func error(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_ERROR, message: message, sql: sql)
    }
}
