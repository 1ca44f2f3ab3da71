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
    /// - Parameters:
    ///   - mode: How the transaction takes its locks.
    ///   - retry: How to retry after a transient failure; ``RetryPolicy/none`` by default.
    ///   - block: The work; its error is rethrown unchanged after the rollback.
    /// - Returns: What `block` returns.
    /// - Throws: `block`'s error, or the ``SQLiteError`` from BEGIN or COMMIT.
    @discardableResult
    public func transaction<R>(
        _ mode: TransactionType = .deferred, retry: RetryPolicy = .none, block: () throws -> R
    ) throws -> R {
        let policy = isAutocommit ? retry : .none  // a nested attempt cannot be retried alone
        return try policy.run { _ in
            try beginTransaction(mode)
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

    /// Runs `block` inside a savepoint: releases it when `block` returns, rolls back to it when
    /// anything throws. Savepoints nest, and work inside or outside a transaction.
    ///
    /// - Parameters:
    ///   - name: The savepoint's name; a unique one by default.
    ///   - block: The work; its error is rethrown unchanged after the rollback.
    /// - Returns: What `block` returns.
    /// - Throws: `block`'s error, or the ``SQLiteError`` from SAVEPOINT or RELEASE.
    @discardableResult
    public func savepoint<R>(_ name: String = "slate_\(UInt64.random(in: 0...UInt64.max))", block: () throws -> R) throws -> R {
        let quoted = SQLiteValue.quote(name)
        try exec("SAVEPOINT \(quoted)")
        let result: R
        do {
            result = try block()
            try exec("RELEASE SAVEPOINT \(quoted)")
        } catch {
            try? exec("ROLLBACK TO SAVEPOINT \(quoted)")
            try? exec("RELEASE SAVEPOINT \(quoted)")
            throw error
        }
        return result
    }
}

extension Connection {
    /// A transaction that only its own COMMIT can commit, for the accesses that promise
    /// atomicity (`DatabaseWriter.write`, each migration): while `block` runs, the commit hook
    /// vetoes any other commit, and a transaction that `block` ended (COMMIT, END or ROLLBACK)
    /// makes the access throw. Either way nothing `block` wrote is kept.
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
        guard let hooks = connectionHooks else { throw SQLiteError.connectionClosed }
        let wasGuarding = hooks.guardsTransaction
        hooks.guardsTransaction = true
        defer { hooks.guardsTransaction = wasGuarding }
        let policy = isAutocommit ? retry : .none  // a nested attempt cannot be retried alone
        return try policy.run { _ in
            try beginTransaction(mode)
            do {
                let result = try block()
                guard !isAutocommit else {
                    throw SQLiteError.misuse(
                        "the \(access)'s closure ended its transaction (a COMMIT, END or ROLLBACK): the \(access) commits "
                            + "when its closure returns, and keeps nothing of it otherwise; use writeWithoutTransaction to "
                            + "manage transactions yourself")
                }
                hooks.accessIsCommitting = true
                defer { hooks.accessIsCommitting = false }
                try commitTransaction()
                return result
            } catch {
                if !isAutocommit { try? rollbackTransaction() }
                throw error
            }
        }
    }
}
