/// W6: single-row lookups by primary key on `mixed`.
struct Lookups: Workload {
    let id = "W6"
    let title = "single-row lookups WHERE id = ? on the mixed table"
    let measures = "Looking rows up one at a time by primary key (ids spread over a table of twice as many "
        + "rows) and reading id, name and score from each: Slate's typed query through `db.pluck`, and raw SQL "
        + "through a cached statement; GRDB's query interface and its cached statements."

    let slateGoal = 2.0

    func rowCount(quick: Bool) -> Int { quick ? 500 : 50_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureMixed(rows: 2 * rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { MixedTable.lookupChecksum(lookups: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        [
            Contender(library: .rawC, api: "one prepared statement: bind, step, reset") {
                try drivers.rawC.lookups(rows)
            },
            Contender(library: .slate, api: "db.pluck(mixed.filter(id == x)) + row[column]", body: {
                try drivers.slate.lookupsTyped(rows)
            }, grdbPeer: "Table.filter(Column(\"id\") == x).fetchOne(db)"),
            Contender(library: .slate, api: "db.cachedStatement(sql:) + bind + cursor", body: {
                try drivers.slate.lookupsSQL(rows)
            }, grdbPeer: "db.cachedStatement(sql:) + Row.fetchOne"),
            Contender(library: .grdb, api: "Table.filter(Column(\"id\") == x).fetchOne(db)") {
                try drivers.grdb.lookupsQuery(rows)
            },
            Contender(library: .grdb, api: "db.cachedStatement(sql:) + Row.fetchOne") {
                try drivers.grdb.lookupsSQL(rows)
            },
        ]
    }
}
