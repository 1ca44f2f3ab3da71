/// The connection's compiled BEGIN, COMMIT and ROLLBACK statements, kept for reuse.
///
/// Every access of a queue or pool opens and closes a transaction. Run as SQL text, each BEGIN and
/// COMMIT is parsed and compiled again: about a third of the instructions of a small write
/// (W9 in `Benchmarks/PROFILE.md`). Compiled once and stepped afterwards, they cost a step.
///
/// Kept apart from the statement cache: these are not the user's statements, so they neither
/// count against ``Connection/statementCacheCapacity`` nor leave when it is cleared.
final class TransactionStatements {
    enum Command: Int, CaseIterable {
        case beginDeferred, beginImmediate, beginExclusive, commit, rollback

        init(begin type: TransactionType) {
            switch type {
            case .deferred: self = .beginDeferred
            case .immediate: self = .beginImmediate
            case .exclusive: self = .beginExclusive
            }
        }

        /// The SQL, as `Connection`'s explicit calls always wrote it (traces show the same text).
        var sql: String {
            switch self {
            case .beginDeferred: "BEGIN DEFERRED TRANSACTION"
            case .beginImmediate: "BEGIN IMMEDIATE TRANSACTION"
            case .beginExclusive: "BEGIN EXCLUSIVE TRANSACTION"
            case .commit: "COMMIT TRANSACTION"
            case .rollback: "ROLLBACK TRANSACTION"
            }
        }
    }

    private var statements = [OpaquePointer?](repeating: nil, count: Command.allCases.count)
    /// Whether a statement of this cache is being stepped (then the text runs instead).
    private var isRunning = false

    deinit {
        removeAll()
    }

    /// Runs `command` on `connection`, compiling it on first use.
    ///
    /// Like the SQL text it replaces, it runs even when the async access using the connection
    /// was cancelled (statements refuse to start then): a cancelled access must still roll back.
    /// A call made while a statement of this cache is running (from a hook that statement fired)
    /// runs the text instead, and SQLite answers as it would.
    func run(_ command: Command, on connection: Connection) throws(SQLiteError) {
        let db = try connection.checkedHandle()
        guard !isRunning else { return try connection.exec(command.sql) }
        let statement: OpaquePointer
        if let kept = statements[command.rawValue] {
            statement = kept
        } else {
            var compiled: OpaquePointer?
            let code = slate_prepare_v3(db, command.sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &compiled, nil)
            guard code == SQLITE_OK, let compiled else {
                sqlite3_finalize(compiled)
                throw SQLiteError(code: code, db: db, sql: command.sql)
            }
            statements[command.rawValue] = compiled
            statement = compiled
        }
        isRunning = true
        let code = sqlite3_step(statement)
        isRunning = false
        // The error is read before the reset, which may overwrite the connection's message.
        let failure = code == SQLITE_DONE ? nil : SQLiteError(code: code, db: db, sql: command.sql)
        sqlite3_reset(statement)
        if let failure { throw failure }
    }

    /// Finalizes the statements (when the connection closes or is released).
    func removeAll() {
        for index in statements.indices {
            sqlite3_finalize(statements[index])
            statements[index] = nil
        }
    }
}
