extension Connection {
    /// Starts an online backup of one of this connection's databases into another connection's
    /// database (SQLite.swift).
    ///
    /// ```swift
    /// let target = try Connection(.inMemory)
    /// let backup = try db.backup(usingConnection: target)
    /// try backup.step()
    /// try backup.finish()
    /// ```
    ///
    /// - Parameters:
    ///   - databaseName: The database of this connection to copy.
    ///   - targetConnection: The connection whose database is overwritten.
    ///   - targetDatabaseName: The database of `targetConnection` to overwrite.
    /// - Returns: The backup, ready for ``Backup/step(pagesToCopy:)``.
    /// - Throws: ``SQLiteError`` when the backup cannot start (see ``Backup/init(source:sourceName:target:targetName:)``).
    public func backup(
        databaseName: Backup.DatabaseName = .main,
        usingConnection targetConnection: Connection,
        targetDatabaseName: Backup.DatabaseName = .main
    ) throws(SQLiteError) -> Backup {
        try Backup(source: self, sourceName: databaseName, target: targetConnection, targetName: targetDatabaseName)
    }

    /// Copies this connection's main database into another connection's in one call, a few
    /// pages at a time, so other work on the source can proceed between steps.
    ///
    /// ```swift
    /// let file = try Connection("snapshot.sqlite")
    /// try db.backup(to: file) { print("\(Int($0.fractionCompleted * 100)) %") }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The connection whose main database is overwritten.
    ///   - pagesPerStep: How many pages each step copies; all of them at once by default.
    ///   - progress: Called after each step with the backup's progress.
    /// - Throws: ``SQLiteError`` when the backup cannot start or a step fails; the target is then
    ///   left as it was.
    public func backup(
        to target: Connection, pagesPerStep: Backup.Pages = .all, progress: ((Backup.Progress) -> Void)? = nil
    ) throws(SQLiteError) {
        let backup = try Backup(source: self, target: target)
        do {
            var finished = false
            while !finished {
                finished = try backup.step(pagesToCopy: pagesPerStep)
                progress?(backup.progress)
            }
        } catch {
            try? backup.finish()
            throw error
        }
        try backup.finish()
    }
}
