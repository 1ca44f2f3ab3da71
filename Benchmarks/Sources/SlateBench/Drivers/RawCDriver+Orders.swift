// W10 and its fixture through the C API only (see RawCDriver.swift).
import Foundation
import SlateCore

extension RawCDriver {
    /// Creates `orders` and fills it with `rows` rows computed by SQLite (untimed fixture).
    func fillOrders(rows: Int) throws {
        try execute("DROP TABLE IF EXISTS \(OrdersTable.name)")
        try execute(OrdersTable.createSQL)
        if rows > 0 { try execute(OrdersTable.fillSQL(rows: rows)) }
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// W10: steps through `orders` and fills one ``Order`` per row with `sqlite3_column_*`: text
    /// read with its byte count, NULLs tested with `sqlite3_column_type`, dates parsed from their
    /// fixed-width text by hand (W4's parser).
    func readOrders() throws -> Checksum {
        let sql = OrdersTable.selectSQL
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var orders: [Order] = []
        while try step(statement, sql) {
            guard let orderDate = Self.date(statement, 3), let requiredDate = Self.date(statement, 4) else {
                throw BenchmarkError("raw C: bad date")
            }
            let shippedDate: Date?
            if sqlite3_column_type(statement, 5) == SQLITE_NULL {
                shippedDate = nil
            } else {
                guard let date = Self.date(statement, 5) else { throw BenchmarkError("raw C: bad date") }
                shippedDate = date
            }
            orders.append(Order(
                id: sqlite3_column_int64(statement, 0),
                customerID: Self.text(statement, 1) ?? "",
                employeeID: sqlite3_column_int64(statement, 2),
                orderDate: orderDate,
                requiredDate: requiredDate,
                shippedDate: shippedDate,
                shipVia: sqlite3_column_int64(statement, 6),
                freight: sqlite3_column_double(statement, 7),
                shipName: Self.text(statement, 8) ?? "",
                shipAddress: Self.text(statement, 9) ?? "",
                shipCity: Self.text(statement, 10) ?? "",
                shipRegion: Self.text(statement, 11),
                shipPostalCode: Self.text(statement, 12),
                shipCountry: Self.text(statement, 13) ?? ""))
        }
        return orders.ordersChecksum
    }
}
