/// The tables of the pool workloads (W7, W8), small on purpose: they measure the cost of a pool
/// access, not of reading rows.
enum PoolTables {
    /// W8 reads one value from `pool_kv`, whose `value` is `id * 7`.
    static let keyValueName = "pool_kv"
    static let keyValueRows = 1_000

    /// W7's writer moves one unit between two `pool_accounts` rows per transaction and counts its
    /// transactions in `pool_meta.n`; its readers check that the balances always add up.
    static let accountsName = "pool_accounts"
    static let metaName = "pool_meta"
    static let accountCount = 100
    static let startingBalance: Int64 = 1_000
    static var totalBalance: Int64 { Int64(accountCount) * startingBalance }

    /// The query each W8 read runs, with the id bound.
    static let keyValueSQL = "SELECT value FROM pool_kv WHERE id = ?"
    /// The query each W7 read runs: every balance, in one snapshot.
    static let accountsSQL = "SELECT count(*), sum(balance) FROM pool_accounts"

    /// The id the `index`th W8 read looks up.
    @inline(__always)
    static func key(_ index: Int) -> Int64 { Int64(index % keyValueRows + 1) }

    /// The checksum of `reads` W8 reads: the sum of the values read.
    static func keyValueChecksum(reads: Int) -> Checksum {
        var sum: Int64 = 0
        for index in 0..<reads { sum &+= key(index) * 7 }
        return Checksum(rows: reads, sum: sum)
    }

    /// The two accounts the `n`th W7 transfer moves a unit between (from, to).
    @inline(__always)
    static func transfer(_ n: Int) -> (Int64, Int64) {
        (Int64(n % accountCount + 1), Int64((n * 7 + 3) % accountCount + 1))
    }

    /// Creates both tables with the fixture connection (untimed, once).
    static func setUp(_ database: BenchmarkDatabase) throws {
        let fixture = database.fixture
        if try !fixture.tableExists(keyValueName) {
            try fixture.execute("""
                CREATE TABLE pool_kv (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
                WITH RECURSIVE n(r) AS (SELECT 1 UNION ALL SELECT r + 1 FROM n WHERE r < \(keyValueRows))
                INSERT INTO pool_kv (id, value) SELECT r, r * 7 FROM n;
                """)
        }
        try fixture.execute("DROP TABLE IF EXISTS pool_accounts")
        try fixture.execute("DROP TABLE IF EXISTS pool_meta")
        try fixture.execute("""
            CREATE TABLE pool_accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
            WITH RECURSIVE n(r) AS (SELECT 1 UNION ALL SELECT r + 1 FROM n WHERE r < \(accountCount))
            INSERT INTO pool_accounts (id, balance) SELECT r, \(startingBalance) FROM n;
            CREATE TABLE pool_meta (n INTEGER NOT NULL);
            INSERT INTO pool_meta VALUES (0);
            """)
        try fixture.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Checks, through the fixture connection, that the balances add up and returns how many
    /// transfers have committed so far.
    static func committedTransfers(_ database: BenchmarkDatabase) throws -> Int64 {
        let totals = try database.fixture.integers(accountsSQL)
        guard totals == [Int64(accountCount), totalBalance] else {
            throw BenchmarkError("W7: the balances add up to \(totals), expected [\(accountCount), \(totalBalance)]")
        }
        return try database.fixture.integers("SELECT n FROM pool_meta").first ?? -1
    }
}
