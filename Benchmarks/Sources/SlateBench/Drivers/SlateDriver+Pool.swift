// Slate's DatabasePool, used the way its documentation shows (W7, W8).
import SlateCore

/// A Slate `DatabasePool` on the benchmark file.
final class SlatePoolDriver: Sendable {
    let pool: DatabasePool

    /// Opens the pool with its defaults (at least 4 readers) and applies
    /// ``BenchmarkDatabase/connectionPragmas`` to the writer, the connection whose durability
    /// setting matters; the readers only read a small, hot table.
    init(path: String) throws {
        pool = try DatabasePool(path: path)
        try pool.writeWithoutTransaction { db in
            for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
        }
    }

    /// W7 read: every balance, in one read transaction; throws when they do not add up.
    func readAccounts() throws {
        let (count, sum) = try pool.read { db in
            let statement = try db.cachedStatement(sql: PoolTables.accountsSQL)
            defer { try? statement.reset() }
            guard try statement.step() else { return (Int64(0), Int64(0)) }
            return (statement.columnValue(at: 0, as: Int64.self) ?? 0, statement.columnValue(at: 1, as: Int64.self) ?? 0)
        }
        guard count == Int64(PoolTables.accountCount), sum == PoolTables.totalBalance else {
            throw BenchmarkError("W7 Slate: an inconsistent read (\(count) accounts, total \(sum))")
        }
    }

    /// W7 write: the `n`th transfer, in one immediate transaction.
    func transfer(_ n: Int) throws {
        let (from, to) = PoolTables.transfer(n)
        try pool.write { db in
            try db.run("UPDATE pool_accounts SET balance = balance - 1 WHERE id = ?", from)
            try db.run("UPDATE pool_accounts SET balance = balance + 1 WHERE id = ?", to)
            try db.run("UPDATE pool_meta SET n = n + 1")
        }
    }

    /// W8: `reads` small `await pool.read` calls, one after the other, from one task.
    func keyValueReads(_ reads: Int) throws -> Checksum {
        try blockingAwait {
            var sum: Int64 = 0
            for index in 0..<reads {
                let key = PoolTables.key(index)
                sum &+= try await self.pool.read { db in
                    try db.scalar(Int64.self, PoolTables.keyValueSQL, key) ?? 0
                }
            }
            return Checksum(rows: reads, sum: sum)
        }
    }
}
