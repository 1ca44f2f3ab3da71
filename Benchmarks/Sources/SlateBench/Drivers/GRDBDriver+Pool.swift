// GRDB 7.10.0's DatabasePool, used the way its documentation shows (W7, W8). This file imports
// GRDB only (see GRDBDriver.swift).
import GRDB

/// A GRDB `DatabasePool` on the benchmark file.
final class GRDBPoolDriver: Sendable {
    let pool: DatabasePool

    /// Opens the pool with GRDB's defaults, a 5 s busy timeout, and
    /// ``BenchmarkDatabase/connectionPragmas`` on every connection (`prepareDatabase`).
    ///
    /// The busy timeout, as Slate's pools have by default: with GRDB's default `.immediateError`,
    /// its W7 writer stopped at `BEGIN IMMEDIATE` with "database is locked" in 2 of 3 two-second
    /// runs on 2026-11-28, with nothing but its own four readers running (the WAL index is
    /// briefly busy while a reader or the checkpoint updates it, and only a busy handler retries).
    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
        }
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    /// W7 read: every balance, in one read transaction; throws when they do not add up.
    func readAccounts() throws {
        let row = try pool.read { db in try Row.fetchOne(db, sql: PoolTables.accountsSQL) }
        let count: Int64 = row?[0] ?? 0
        let sum: Int64 = row?[1] ?? 0
        guard count == Int64(PoolTables.accountCount), sum == PoolTables.totalBalance else {
            throw BenchmarkError("W7 GRDB: an inconsistent read (\(count) accounts, total \(sum))")
        }
    }

    /// W7 write: the `n`th transfer, in one immediate transaction.
    func transfer(_ n: Int) throws {
        let (from, to) = PoolTables.transfer(n)
        try pool.write { db in
            try db.execute(sql: "UPDATE pool_accounts SET balance = balance - 1 WHERE id = ?", arguments: [from])
            try db.execute(sql: "UPDATE pool_accounts SET balance = balance + 1 WHERE id = ?", arguments: [to])
            try db.execute(sql: "UPDATE pool_meta SET n = n + 1")
        }
    }

    /// W8: `reads` small `await pool.read` calls, one after the other, from one task.
    func keyValueReads(_ reads: Int) throws -> Checksum {
        try blockingAwait {
            var sum: Int64 = 0
            for index in 0..<reads {
                let key = PoolTables.key(index)
                sum &+= try await self.pool.read { db in
                    try Int64.fetchOne(db, sql: PoolTables.keyValueSQL, arguments: [key]) ?? 0
                }
            }
            return Checksum(rows: reads, sum: sum)
        }
    }
}
