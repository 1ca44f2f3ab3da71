extension Connection {
    /// Begins a transaction (`BEGIN DEFERRED TRANSACTION`, …).
    ///
    /// - Parameter type: How the transaction takes its locks.
    /// - Throws: ``SQLiteError`` when a transaction is already open or the database is busy.
    public func beginTransaction(_ type: TransactionType = .deferred) throws(SQLiteError) {
        try transactionStatements.run(.init(begin: type), on: self)
    }

    /// Commits the open transaction.
    ///
    /// - Throws: ``SQLiteError`` when no transaction is open, the database is busy, or a commit
    ///   hook vetoes the commit.
    public func commitTransaction() throws(SQLiteError) {
        try transactionStatements.run(.commit, on: self)
    }

    /// Rolls back the open transaction.
    ///
    /// - Throws: ``SQLiteError`` when no transaction is open.
    public func rollbackTransaction() throws(SQLiteError) {
        try transactionStatements.run(.rollback, on: self)
    }

    /// Runs `block` in a transaction: commits when it returns, rolls back when anything throws.
    ///
    /// ```swift
    /// try db.transaction {
    ///     try db.run("UPDATE accounts SET balance = balance - 100 WHERE id = 1")
    ///     try db.run("UPDATE accounts SET balance = balance + 100 WHERE id = 2")
    /// }
    /// ```
    ///
    /// With a ``RetryPolicy``, a transaction that fails because the database is busy or locked is
    /// rolled back and run again from the start — never one statement inside it — so `block` must
    /// be safe to run more than once.
    ///
    /// Only the transaction's own COMMIT commits: a COMMIT, END or ROLLBACK that `block` runs
    /// makes the call throw, and nothing `block` wrote is kept, whatever it opened afterwards.
    ///
    /// - Parameters:
    ///   - mode: How the transaction takes its locks.
    ///   - retry: How to retry after a transient failure; ``RetryPolicy/none`` by default.
    ///   - block: The work; its error is rethrown unchanged after the rollback.
    /// - Returns: What `block` returns.
    /// - Throws: `block`'s error, or the ``SQLiteError`` from BEGIN or COMMIT, or `.misuse` when
    ///   `block` ended the transaction.
    @discardableResult
    public func transaction<R>(
        _ mode: TransactionType = .deferred, retry: RetryPolicy = .none, block: () throws -> R
    ) throws -> R {
        try atomicTransaction(mode, retry: retry, access: "transaction", block)
    }

    /// Runs `block` inside a savepoint: releases it when `block` returns, rolls back to it and
    /// releases it when anything throws. Savepoints nest, and work inside or outside a
    /// transaction; one opened outside a transaction ends it either way (rolled back on error).
    ///
    /// A savepoint opened outside a transaction is one: only its own RELEASE commits it, and a
    /// COMMIT, END or ROLLBACK that `block` runs makes the call throw and keeps nothing of it.
    ///
    /// - Parameters:
    ///   - name: The savepoint's name; a unique one by default.
    ///   - block: The work; its error is rethrown unchanged after the rollback.
    /// - Returns: What `block` returns.
    /// - Throws: `block`'s error, or the ``SQLiteError`` from SAVEPOINT or RELEASE, or `.misuse`
    ///   when `block` ended the transaction the savepoint belongs to.
    @discardableResult
    public func savepoint<R>(_ name: String = "slate_\(UInt64.random(in: 0...UInt64.max))", block: () throws -> R) throws -> R {
        try savepoint(name, releasesAfterRollback: true, block: block)
    }

    /// ``savepoint(_:block:)``, choosing whether a savepoint rolled back inside a transaction is
    /// also released (Slate's form) or left on SQLite's savepoint stack until the transaction or
    /// an enclosing savepoint ends (SQLite.swift's form, which `SlateSQLiteSwift` spells).
    ///
    /// A savepoint opened outside a transaction is ended with `ROLLBACK` either way: its RELEASE
    /// would commit, which the guard refuses (and the transaction would stay open).
    package func savepoint<R>(_ name: String, releasesAfterRollback: Bool, block: () throws -> R) throws -> R {
        let quoted = SQLiteValue.quote(name)
        let outermost = isAutocommit
        return try guardingTransaction(access: "savepoint") { guarded throws in
            try exec("SAVEPOINT \(quoted)")
            let rollbacks = guarded.rollbackCount
            let result: R
            do {
                result = try block()
                try guarded.check(since: rollbacks)
                try guarded.commit(outermost: outermost) { () throws(SQLiteError) in try exec("RELEASE SAVEPOINT \(quoted)") }
            } catch {
                if guarded.rollbackCount == rollbacks {
                    try? exec("ROLLBACK TO SAVEPOINT \(quoted)")
                    if outermost {
                        if !isAutocommit { try? rollbackTransaction() }
                    } else if releasesAfterRollback {
                        try? exec("RELEASE SAVEPOINT \(quoted)")
                    }
                } else if !isAutocommit {
                    try? rollbackTransaction()  // what is open is not the savepoint's
                }
                throw error
            }
            return result
        }
    }

    /// A transaction without the guard of ``atomicTransaction(_:retry:access:_:)``, for reads,
    /// whose closure cannot write (`PRAGMA query_only`, or a read-only connection).
    func readTransaction<R>(_ block: () throws -> R) throws -> R {
        try beginTransaction(.deferred)
        let result: R
        do {
            result = try block()
            try commitTransaction()
        } catch {
            if !isAutocommit { try? rollbackTransaction() }
            throw error
        }
        return result
    }
}

extension Connection {
    /// A transaction that only its own COMMIT can commit, for the accesses that promise
    /// atomicity (`DatabaseWriter.write`, each migration, ``transaction(_:retry:block:)``):
    /// while `block` runs, the commit hook vetoes any other commit, and a transaction that
    /// `block` ended (COMMIT, END or ROLLBACK) makes the access throw, whatever `block` opened
    /// afterwards (the rollback hook counts the ends). Either way nothing `block` wrote is kept.
    ///
    /// - Parameters:
    ///   - mode: How the transaction begins.
    ///   - retry: How a busy transaction is retried as a whole.
    ///   - access: The access's name, for the error.
    ///   - block: The work.
    /// - Returns: What `block` returns.
    /// - Throws: What `block` throws, or ``SQLiteError``.
    func atomicTransaction<R>(
        _ mode: TransactionType, retry: RetryPolicy = .none, access: String, _ block: () throws -> R
    ) throws -> R {
        let policy = isAutocommit ? retry : .none  // a nested attempt cannot be retried alone
        return try guardingTransaction(access: access) { guarded throws in
            try policy.run { _ in
                try beginTransaction(mode)
                let rollbacks = guarded.rollbackCount
                do {
                    let result = try block()
                    try guarded.check(since: rollbacks)
                    try guarded.commit(outermost: true) { () throws(SQLiteError) in try commitTransaction() }
                    return result
                } catch {
                    if !isAutocommit { try? rollbackTransaction() }
                    throw error
                }
            }
        }
    }

    /// Runs `body` with the commit hook vetoing every commit but the access's own, and the
    /// rollback hook counting rollbacks (see ``ConnectionHooks/guardsTransaction``).
    private func guardingTransaction<R>(access: String, _ body: (GuardedTransaction) throws -> R) throws -> R {
        guard let hooks = connectionHooks else { throw SQLiteError.connectionClosed }
        let wasGuarding = hooks.guardsTransaction
        hooks.guardsTransaction = true
        defer { hooks.guardsTransaction = wasGuarding }
        return try body(GuardedTransaction(hooks: hooks, access: access, isOutermostGuard: !wasGuarding, connection: self))
    }
}

/// What an access that owns its transaction asks of the guard while its closure runs.
private struct GuardedTransaction {
    let hooks: ConnectionHooks
    let access: String
    /// Whether no enclosing access guards the transaction: only the outermost guard may commit.
    let isOutermostGuard: Bool
    unowned let connection: Connection

    /// How many rollbacks the hook has seen so far.
    var rollbackCount: UInt64 { hooks.rollbackCount }

    /// Throws when the transaction ended since `rollbacks` was read, or none is open.
    func check(since rollbacks: UInt64) throws(SQLiteError) {
        guard hooks.rollbackCount != rollbacks || connection.isAutocommit else { return }
        throw SQLiteError.misuse(
            "the \(access)'s closure ended its transaction (a COMMIT, END or ROLLBACK): the \(access) commits "
                + "when its closure returns, and keeps nothing of it otherwise, whatever the closure opened afterwards; "
                + "manage transactions yourself outside it (writeWithoutTransaction in a queue or pool)")
    }

    /// Runs the access's own commit (`outermost`: a COMMIT, or the RELEASE of a savepoint
    /// opened outside a transaction), which the commit hook lets through; an access nested in
    /// another guarded one never commits (its RELEASE does not, unless the enclosing
    /// transaction ended, and then the hook vetoes it).
    func commit(outermost: Bool, _ run: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        let allowed = outermost && isOutermostGuard
        if allowed { hooks.accessIsCommitting = true }
        defer { if allowed { hooks.accessIsCommitting = false } }
        try run()
    }
}

extension Connection {
    /// Runs Slate's own writes (no closure of the user's) all or nothing: outside a transaction
    /// in one begun `IMMEDIATE`, inside one in a savepoint.
    ///
    /// Not a savepoint outside a transaction: that begins a deferred transaction, and work that
    /// reads before it writes (a schema change, a changeset) would ask SQLite to upgrade its
    /// read lock to a write lock, which fails at once with `SQLITE_BUSY` while another
    /// connection writes: SQLite calls no busy handler for that upgrade (issue 30). `BEGIN
    /// IMMEDIATE` takes the write lock first, and waits for it as long as the busy timeout allows.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or the ``SQLiteError`` of BEGIN, SAVEPOINT, COMMIT or RELEASE.
    package func writeAtomically<R>(_ body: () throws(SQLiteError) -> R) throws(SQLiteError) -> R {
        let ownsTransaction = isAutocommit
        if ownsTransaction { try beginTransaction(.immediate) } else { try exec("SAVEPOINT slate_write") }
        do {
            let result = try body()
            if ownsTransaction { try commitTransaction() } else { try exec("RELEASE SAVEPOINT slate_write") }
            return result
        } catch {
            if ownsTransaction {
                if !isAutocommit { try? rollbackTransaction() }
            } else {
                try? exec("ROLLBACK TO SAVEPOINT slate_write")
                try? exec("RELEASE SAVEPOINT slate_write")
            }
            throw error
        }
    }
}
