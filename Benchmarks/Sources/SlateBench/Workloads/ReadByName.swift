/// W2: read every row of `items`, each column by name.
struct ReadByName: Workload {
    let id = "W2"
    let title = "read rows, 10 INTEGER columns by name"
    let measures = "As W1, but each column is looked up by its name on every row, the names written "
        + "as literals as application code does (raw C resolves the names once per statement, then reads by index)."

    let slateGoal = 1.30

    func rowCount(quick: Bool) -> Int { quick ? 2_000 : 200_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureItems(ItemsTable.name, rows: rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { ItemsTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        let sql = ItemsTable.selectSQL
        let names = ItemsTable.columns
        return [
            Contender(library: .rawC, api: "names → indexes once, then sqlite3_column_int64") {
                try drivers.rawC.readByName(sql, columns: names)
            },
            Contender(library: .slate, api: "Cursor + RowView.get(\"name\") as Int64") {
                try drivers.slate.readByName(sql)
            },
            Contender(library: .grdb, api: "Row.fetchCursor + row[\"name\"] as Int64") {
                try drivers.grdb.readByName(sql)
            },
            Contender(library: .slate, api: "db.prepare(table) + row[SQLExpression<Int64>]", body: {
                try drivers.slate.readByExpressionCopied()
            }, grdbPeer: "Row.fetchCursor + row[Column] as Int64"),
            Contender(library: .slate, api: "db.cursor(table) + row.get(SQLExpression<Int64>)", body: {
                try drivers.slate.readByExpressionInPlace()
            }, grdbPeer: "Row.fetchCursor + row[Column] as Int64"),
            Contender(library: .grdb, api: "Row.fetchCursor + row[Column] as Int64") {
                try drivers.grdb.readByColumn(sql)
            },
        ]
    }
}
