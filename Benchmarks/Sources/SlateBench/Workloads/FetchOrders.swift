/// W10: fetch every row of Northwind's `Orders` shape (Lighter's benchmark) into an array of
/// structs: 14 columns, three dates as text, three nullable columns.
struct FetchOrders: Workload {
    let id = "W10"
    let title = "fetch all Northwind orders (14 columns: INTEGER, TEXT, REAL, 3 date texts, 3 with 20% NULL) into structs"
    let measures = "Stepping a SELECT over `orders` and building one `Order` per row (strings, optional strings, "
        + "Dates parsed from Slate's date text, one of them optional), kept in an array: Slate's `@Table` record "
        + "fetch-all against GRDB's hand-written `init(row:)` and its Decodable conformance."

    let slateGoal = 1.20

    func rowCount(quick: Bool) -> Int { quick ? 1_000 : 16_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureOrders(rows: rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { OrdersTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        [
            Contender(library: .rawC, api: "sqlite3_column_* into the struct, dates parsed by hand") {
                try drivers.rawC.readOrders()
            },
            Contender(library: .slate, api: "@Table record: Order.fetchAll(db)", body: {
                try drivers.slate.fetchOrders()
            }, grdbPeer: "FetchableRecord init(row:) by index, fetchAll"),
            Contender(library: .grdb, api: "FetchableRecord init(row:) by index, fetchAll") {
                try drivers.grdb.fetchOrders()
            },
            Contender(library: .grdb, api: "FetchableRecord (Decodable) fetchAll") {
                try drivers.grdb.decodeOrders()
            },
        ]
    }
}
