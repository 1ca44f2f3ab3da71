// W3, W4, W5 (records) and W6 through GRDB 7.10.0, used the way its documentation shows. GRDB
// only (see GRDBDriver.swift).
import Foundation
import GRDB

extension ItemRecord: FetchableRecord, PersistableRecord {
    static var databaseTableName: String { ItemsTable.insertName }
}

extension MixedRecord: FetchableRecord, TableRecord {
    static var databaseTableName: String { MixedTable.name }
}

/// W10 mapped by hand: GRDB's documented `init(row:)`, reading each column by index.
extension Order: FetchableRecord {
    init(row: Row) throws {
        id = row[0]
        customerID = row[1]
        employeeID = row[2]
        orderDate = row[3]
        requiredDate = row[4]
        shippedDate = row[5]
        shipVia = row[6]
        freight = row[7]
        shipName = row[8]
        shipAddress = row[9]
        shipCity = row[10]
        shipRegion = row[11]
        shipPostalCode = row[12]
        shipCountry = row[13]
    }
}

/// W10 Codable: GRDB decodes the struct through its `Decodable` conformance (dates from their
/// text with GRDB's default `databaseDateDecodingStrategy`, `.deferredToDate`).
extension CodableOrder: FetchableRecord {}

extension GRDBDriver {
    /// W3: `ItemRecord.fetchAll(db, sql:)` with the record's `Decodable` conformance.
    func decodeRecords(_ sql: String) throws -> Checksum {
        try queue.read { db in ItemRecord.checksum(try ItemRecord.fetchAll(db, sql: sql)) }
    }

    /// W4: `MixedRecord.fetchAll(db, sql:)` (Decodable).
    func decodeMixed() throws -> Checksum {
        try queue.read { db in MixedRecord.checksum(try MixedRecord.fetchAll(db, sql: MixedTable.selectSQL)) }
    }

    /// W4 by hand: a `Row` cursor and `row[i]` per column.
    func readMixed() throws -> Checksum {
        try queue.read { db in
            let cursor = try Row.fetchCursor(db, sql: MixedTable.selectSQL)
            var records: [MixedRecord] = []
            while let row = try cursor.next() {
                records.append(MixedRecord(
                    id: row[0], name: row[1], body: row[2], score: row[3], tag: row[4], flag: row[5], created: row[6]))
            }
            return MixedRecord.checksum(records)
        }
    }

    /// W10 by hand: `Order.fetchAll(db, sql:)` through the hand-written `init(row:)`.
    func fetchOrders() throws -> Checksum {
        try queue.read { db in try Order.fetchAll(db, sql: OrdersTable.selectSQL).ordersChecksum }
    }

    /// W10 Codable: `CodableOrder.fetchAll(db, sql:)` (`FetchableRecord & Decodable`).
    func decodeOrders() throws -> Checksum {
        try queue.read { db in try CodableOrder.fetchAll(db, sql: OrdersTable.selectSQL).ordersChecksum }
    }

    /// W5 records: `record.insert(db)` per row (Encodable `PersistableRecord`), in one transaction.
    func insertRecords(rows: Int) throws -> Checksum {
        var sum: Int64 = 0
        try queue.inTransaction { db in
            for row in 0..<rows {
                let record = ItemRecord(row: row)
                try record.insert(db)
                sum &+= record.sum
            }
            return .commit
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W6 query interface: `Table("mixed").filter(Column("id") == x).fetchOne(db)` as a `Row`.
    func lookupsQuery(_ count: Int) throws -> Checksum {
        try queue.read { db in
            let table = Table(MixedTable.name)
            var sum: Int64 = 0
            for step in 0..<count {
                let key = MixedTable.lookupID(step: step, lookups: count)
                guard let row = try table.filter(Column("id") == key).fetchOne(db) else {
                    throw GRDBLookupError.noRow
                }
                sum &+= MixedTable.lookupValue(id: row["id"], name: row["name"], score: row["score"])
            }
            return Checksum(rows: count, sum: sum)
        }
    }

    /// W6 raw SQL: `db.cachedStatement(sql:)` and `Row.fetchOne(statement, arguments:)`.
    func lookupsSQL(_ count: Int) throws -> Checksum {
        try queue.read { db in
            var sum: Int64 = 0
            for step in 0..<count {
                let statement = try db.cachedStatement(sql: MixedTable.lookupSQL)
                let key = MixedTable.lookupID(step: step, lookups: count)
                guard let row = try Row.fetchOne(statement, arguments: [key]) else { throw GRDBLookupError.noRow }
                sum &+= MixedTable.lookupValue(id: row[0], name: row[1], score: row[3])
            }
            return Checksum(rows: count, sum: sum)
        }
    }
}

/// A lookup that found no row.
enum GRDBLookupError: Error { case noRow }
