/// W3: read every row of `items` into a `Decodable` struct.
struct DecodeRows: Workload {
    let id = "W3"
    let title = "read rows into a Decodable struct (10 Int64 properties)"
    let measures = "Stepping a SELECT and building one `ItemRecord` per row, kept in an array: raw C fills "
        + "the struct with sqlite3_column_int64; Slate reads it with its `@Table` record code (its own fetch-all, "
        + "and SQLite.swift's Codable calls, which take that code), and through Swift's Decoder for the same "
        + "struct without `@Table`; GRDB decodes it through its Decodable conformance."

    let slateGoal = 1.50

    func rowCount(quick: Bool) -> Int { quick ? 2_000 : 200_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureItems(ItemsTable.name, rows: rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { ItemsTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        let sql = ItemsTable.selectSQL
        return [
            Contender(library: .rawC, api: "sqlite3_column_int64 into the struct") {
                try drivers.rawC.readRecords(sql)
            },
            // Issue 20's primary spelling for `@Table` records: within 1.10× of raw C.
            Contender(library: .slate, api: "@Table record: ItemRecord.fetchAll(db)",
                      body: { try drivers.slate.fetchRecords() }, goal: 1.10),
            // SQLite.swift's documented Codable read (issue 12's goal: within 1.50× of raw C).
            Contender(library: .slate, api: "db.prepare(table).map { try $0.decode() } (SQLite.swift's way)",
                      body: { try drivers.slate.decodeRowsFromQuery() }, goal: 1.50),
            Contender(library: .slate, api: "Cursor.decodeAll(ItemRecord.self)") {
                try drivers.slate.decodeRowsFromCursor(sql)
            },
            Contender(library: .slate, api: "Cursor.decodeAll(CodableItem.self) (Codable, no @Table)") {
                try drivers.slate.decodeCodableRows(sql)
            },
            Contender(library: .grdb, api: "FetchableRecord (Decodable) fetchAll") {
                try drivers.grdb.decodeRecords(sql)
            },
        ]
    }
}
