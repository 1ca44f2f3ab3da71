/// W8: the latency of one small `await pool.read`.
struct PoolReadLatency: Workload {
    let id = "W8"
    let title = "latency of one small await pool.read"
    let measures = "One task awaiting small reads one after the other on a `DatabasePool` (one row by primary "
        + "key from a 1,000-row table): the time per row is the latency of one `await pool.read`, with its hop "
        + "to the pool's threads and back. No raw C contender: C has no pool."

    /// Not used: with no raw C baseline, the report judges W8 by its × GRDB column alone.
    let slateGoal = 1.0

    func rowCount(quick: Bool) -> Int { quick ? 200 : 20_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try PoolTables.setUp(database)
    }

    func expectedChecksum(rows: Int) -> Checksum { PoolTables.keyValueChecksum(reads: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        [
            Contender(library: .slate, api: "await DatabasePool.read { db.scalar(…) }") {
                try drivers.slatePool.keyValueReads(rows)
            },
            Contender(library: .grdb, api: "await DatabasePool.read { Int64.fetchOne(…) }") {
                try drivers.grdbPool.keyValueReads(rows)
            },
        ]
    }
}
