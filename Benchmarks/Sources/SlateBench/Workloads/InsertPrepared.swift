/// W5: insert rows into an empty table with one prepared statement in one transaction.
struct InsertPrepared: Workload {
    let id = "W5"
    let title = "insert rows, 10 INTEGER columns, one transaction"
    let measures = "Binding 10 Int64 parameters by index, stepping and resetting one prepared INSERT "
        + "per row, inside one transaction (the table is emptied, untimed, before every run); then the typed "
        + "insert, the Codable insert and `InsertStatement` by name and by position (goal ≤ 2.0×), and GRDB's records."

    let slateGoal = 1.15

    func rowCount(quick: Bool) -> Int { quick ? 1_000 : 50_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureItems(ItemsTable.insertName, rows: 0)
    }

    func expectedChecksum(rows: Int) -> Checksum { ItemsTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        let (empty, readBack) = Self.emptyAndReadBack(drivers.fixture, ItemsTable.insertName, ItemsTable.verifyInsertSQL)
        return [
            Contender(library: .rawC, api: "sqlite3_bind_int64 + sqlite3_step + sqlite3_reset",
                      prepare: empty, body: { try drivers.rawC.insertPrepared(rows: rows) }, verify: readBack),
            Contender(library: .slate, api: "Statement.bind(_:at:) + step() + reset()",
                      prepare: empty, body: { try drivers.slate.insertPrepared(rows: rows) }, verify: readBack),
            Contender(library: .grdb, api: "Statement.execute(arguments:)",
                      prepare: empty, body: { try drivers.grdb.insertPrepared(rows: rows) }, verify: readBack),
            // Issue 20: a `@Table` record's own insert, within 1.10× of raw C.
            Contender(library: .slate, api: "@Table record: record.insert(db)",
                      prepare: empty, body: { try drivers.slate.insertRecords(rows: rows) }, verify: readBack,
                      goal: 1.10, grdbPeer: "record.insert(db) (Encodable PersistableRecord)"),
            Contender(library: .slate, api: "db.run(table.insert(c0 <- v0, …))",
                      prepare: empty, body: { try drivers.slate.insertTyped(rows: rows) }, verify: readBack,
                      goal: 2.0, grdbPeer: "record.insert(db) (Encodable PersistableRecord)"),
            Contender(library: .slate, api: "db.run(table.insert(encodable))",
                      prepare: empty, body: { try drivers.slate.insertEncodable(rows: rows) }, verify: readBack,
                      goal: 2.0, grdbPeer: "record.insert(db) (Encodable PersistableRecord)"),
            // Issue 30: SQLite.swift's documented insert of a Codable struct without `@Table`.
            Contender(library: .slate, api: "db.run(table.insert(codable)) (Codable, no @Table)",
                      prepare: empty, body: { try drivers.slate.insertCodable(rows: rows) }, verify: readBack,
                      goal: 2.0, grdbPeer: "record.insert(db) (Encodable PersistableRecord)"),
            Contender(library: .slate, api: "InsertStatement.insert([name: value])",
                      prepare: empty, body: { try drivers.slate.insertDescribed(rows: rows) }, verify: readBack,
                      goal: 2.0, grdbPeer: "record.insert(db) (Encodable PersistableRecord)"),
            Contender(library: .slate, api: "InsertStatement.insert(values: [SQLiteValue])",
                      prepare: empty, body: { try drivers.slate.insertDescribedPositional(rows: rows) }, verify: readBack,
                      goal: 2.0, grdbPeer: "Statement.execute(arguments:)"),
            Contender(library: .grdb, api: "record.insert(db) (Encodable PersistableRecord)",
                      prepare: empty, body: { try drivers.grdb.insertRecords(rows: rows) }, verify: readBack),
        ]
    }

    /// The untimed steps around every run of an insert into `table`: empty it and the WAL
    /// before (every run starts from the same state), and after, read back through another
    /// connection what reached the database (what counts) and compare it with the contender's
    /// checksum.
    static func emptyAndReadBack(
        _ fixture: RawCDriver, _ table: String, _ verifySQL: String
    ) -> (empty: () throws -> Void, readBack: (Checksum) throws -> Checksum) {
        let empty: () throws -> Void = {
            try fixture.execute("DELETE FROM \(table)")
            try fixture.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let readBack: (Checksum) throws -> Checksum = { written in
            let result = try fixture.integers(verifySQL)
            guard result.count == 2 else { throw BenchmarkError("cannot read back \(table)") }
            let stored = Checksum(rows: Int(result[0]), sum: result[1])
            guard stored == written else {
                throw BenchmarkError("the contender reported \(written) but the table holds \(stored)")
            }
            return stored
        }
        return (empty, readBack)
    }
}
