// SQLite.swift's `savepoint(_:block:)`: under `import SlateSQLiteSwift` it shadows Slate's own,
// which also releases a savepoint it rolled back to (Sources/SlateCore/Transactions/).

import Foundation
import SlateCore

extension Connection {
    /// Runs `block` inside a savepoint, as SQLite.swift does: releases it when `block` returns,
    /// and rolls back to it, without releasing it, when anything throws.
    ///
    /// A savepoint rolled back inside a transaction stays on SQLite's savepoint stack until the
    /// transaction or an enclosing savepoint ends, as in SQLite.swift. An outermost one (opened
    /// outside a transaction) is then ended with `ROLLBACK`, where SQLite.swift left its
    /// transaction open. Slate's own `savepoint` (under `import Slate`) releases it instead.
    ///
    /// ```swift
    /// try db.savepoint("import") {
    ///     try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The savepoint's name; a UUID by default.
    ///   - block: The work; its error is rethrown unchanged after the rollback.
    /// - Returns: What `block` returns.
    /// - Throws: `block`'s error, or the `SQLiteError` from SAVEPOINT or RELEASE, or `.misuse`
    ///   when `block` ended the transaction the savepoint belongs to.
    @discardableResult
    public func savepoint<R>(_ name: String = UUID().uuidString, block: () throws -> R) throws -> R {
        try savepoint(name, releasesAfterRollback: false, block: block)
    }
}
