/// W1: read every row of `items` (10 INTEGER columns), each column by index.
struct ReadByIndex: Workload {
    let id = "W1"
    let title = "read rows, 10 INTEGER columns by index"
    let measures = "Stepping a SELECT and reading each column by its index into an Int64."

    let slateGoal = 1.10

    func rowCount(quick: Bool) -> Int { quick ? 2_000 : 200_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureItems(ItemsTable.name, rows: rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { ItemsTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        let sql = ItemsTable.selectSQL
        return [
            Contender(library: .rawC, api: "sqlite3_step + sqlite3_column_int64") {
                try drivers.rawC.readByIndex(sql)
            },
            Contender(library: .slate, api: "Cursor + RowView.get(Int32) as Int64") {
                try drivers.slate.readByIndex(sql)
            },
            Contender(library: .slate, api: "Cursor.forEach + RowView.get(Int32) as Int64") {
                try drivers.slate.readByIndexForEach(sql)
            },
            // DataLiteCore's documented loop (issue 12's goal: within 1.10× of raw C).
            Contender(library: .slate, api: "Statement.step() + columnValue(at:as:)",
                      body: { try drivers.slate.readByIndexDataLiteCore(sql) }, goal: 1.10),
            Contender(library: .grdb, api: "Row.fetchCursor + row[Int] as Int64") {
                try drivers.grdb.readByIndex(sql)
            },
        ]
    }
}
