// W3, W4, W5 (typed, Codable, InsertStatement) and W6 through Slate's typed layer, used the way
// its README shows.
import Foundation
import SlateSQLiteSwift  // the SQLite.swift spellings some contenders measure (db.prepare(table), row[column])

/// The typed-layer description of the benchmark tables.
enum SlateItemsSchema {
    static let items = Table(ItemsTable.name)
    static let itemsInsert = Table(ItemsTable.insertName)
    static let itemColumns = ItemsTable.columns.map { SQLExpression<Int64>($0) }
    static let mixed = Table(MixedTable.name)
    static let id = SQLExpression<Int64>("id")
    static let name = SQLExpression<String>("name")
    static let score = SQLExpression<Double>("score")
    static let insertDescription: TableDescription? = try? TableDescription(
        name: ItemsTable.insertName,
        columns: Set(ItemsTable.columns.map { ColumnDescription(name: $0, type: .integer) }))
}

extension SlateDriver {
    /// W3: `db.prepare(items).map { try $0.decode() }`, the README's spelling.
    func decodeRowsFromQuery() throws -> Checksum {
        let rows = try db.prepare(SlateItemsSchema.items)
        let records: [ItemRecord] = try rows.map { try $0.decode() }
        if let error = rows.error { throw error }
        return ItemRecord.checksum(records)
    }

    /// W3: the record's own fetch-all, `ItemRecord.fetchAll(db)` (issue 20's primary spelling).
    func fetchRecords() throws -> Checksum {
        ItemRecord.checksum(try ItemRecord.fetchAll(db))
    }

    /// W3: `Cursor.decodeAll` of a struct without `@Table`, through Swift's `Decoder`.
    func decodeCodableRows(_ sql: String) throws -> Checksum {
        CodableItem.checksum(try db.prepare(sql: sql).cursor().decodeAll(CodableItem.self))
    }

    /// W10: the `@Table` record's own fetch-all, `Order.fetchAll(db)`.
    func fetchOrders() throws -> Checksum {
        try Order.fetchAll(db).ordersChecksum
    }

    /// W5: the record's own insert, `record.insert(db)` per row, in one transaction.
    func insertRecords(rows: Int) throws -> Checksum {
        try db.transaction {
            var sum: Int64 = 0
            for row in 0..<rows {
                let item = ItemRecord(row: row)
                try InsertedItem(item).insert(db)
                sum &+= item.sum
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W3: `Cursor.decodeAll`, decoding each row in place.
    func decodeRowsFromCursor(_ sql: String) throws -> Checksum {
        ItemRecord.checksum(try db.prepare(sql: sql).cursor().decodeAll(ItemRecord.self))
    }

    /// W4 Codable: `Cursor.decodeAll(MixedRecord.self)`.
    func decodeMixed() throws -> Checksum {
        MixedRecord.checksum(try db.prepare(sql: MixedTable.selectSQL).cursor().decodeAll(MixedRecord.self))
    }

    /// W4 by hand: a cursor and `RowView.get(_:as:)` per column.
    func readMixed() throws -> Checksum {
        let cursor = try db.prepare(sql: MixedTable.selectSQL).cursor()
        var records: [MixedRecord] = []
        while let row = try cursor.next() {
            records.append(MixedRecord(
                id: try row.get(0), name: try row.get(1), body: try row.get(2), score: try row.get(3),
                tag: try row.get(4), flag: try row.get(5), created: try row.get(6)))
        }
        return MixedRecord.checksum(records)
    }

    /// W5 typed: `db.run(table.insert(c0 <- v0, …))` per row, in one transaction.
    func insertTyped(rows: Int) throws -> Checksum {
        let c = SlateItemsSchema.itemColumns
        return try db.transaction {
            var sum: Int64 = 0
            for row in 0..<rows {
                let r = ItemRecord(row: row)
                try db.run(SlateItemsSchema.itemsInsert.insert(
                    c[0] <- r.c0, c[1] <- r.c1, c[2] <- r.c2, c[3] <- r.c3, c[4] <- r.c4,
                    c[5] <- r.c5, c[6] <- r.c6, c[7] <- r.c7, c[8] <- r.c8, c[9] <- r.c9))
                sum &+= r.sum
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W5 Codable: `db.run(table.insert(record))` per row, in one transaction.
    func insertEncodable(rows: Int) throws -> Checksum {
        try db.transaction {
            var sum: Int64 = 0
            for row in 0..<rows {
                let record = ItemRecord(row: row)
                try db.run(SlateItemsSchema.itemsInsert.insert(record))
                sum &+= record.sum
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W5 Codable without `@Table`: `db.run(table.insert(item))` per row, through the `Encoder`.
    func insertCodable(rows: Int) throws -> Checksum {
        try db.transaction {
            var sum: Int64 = 0
            for row in 0..<rows {
                let item = CodableItem(ItemRecord(row: row))
                try db.run(SlateItemsSchema.itemsInsert.insert(item))
                sum &+= item.sum
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W5 `InsertStatement`: `prepareInsert(into:)` once, `insert([name: value])` per row.
    func insertDescribed(rows: Int) throws -> Checksum {
        guard let description = SlateItemsSchema.insertDescription else { throw BenchmarkError("bad table description") }
        let names = ItemsTable.columns
        return try db.transaction {
            let insert = try db.prepareInsert(into: description)
            var sum: Int64 = 0
            for row in 0..<rows {
                var values: [String: SQLiteValue] = [:]
                values.reserveCapacity(names.count)
                for (index, name) in names.enumerated() {
                    let value = ItemsTable.value(row: row, column: index)
                    values[name] = .int(value)
                    sum &+= value
                }
                try insert.insert(values)
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W5 `InsertStatement` by position: `prepareInsert(into:)` once, `insert(values: [SQLiteValue])`
    /// per row, the values in the statement's column order (`orderedColumns`).
    func insertDescribedPositional(rows: Int) throws -> Checksum {
        guard let description = SlateItemsSchema.insertDescription else { throw BenchmarkError("bad table description") }
        let order = description.orderedColumns.compactMap { ItemsTable.columns.firstIndex(of: $0.name) }
        guard order.count == ItemsTable.columns.count else { throw BenchmarkError("bad column order") }
        return try db.transaction {
            let insert = try db.prepareInsert(into: description)
            var sum: Int64 = 0
            for row in 0..<rows {
                let values: [SQLiteValue] = order.map { .int(ItemsTable.value(row: row, column: $0)) }
                try insert.insert(values: values)
                for case .int(let value) in values { sum &+= value }
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W6 typed: `db.pluck(mixed.filter(id == x))`, then `row[name]`, `row[score]`.
    func lookupsTyped(_ count: Int) throws -> Checksum {
        var sum: Int64 = 0
        for step in 0..<count {
            let key = MixedTable.lookupID(step: step, lookups: count)
            guard let row = try db.pluck(SlateItemsSchema.mixed.filter(SlateItemsSchema.id == key)) else {
                throw BenchmarkError("Slate: no row \(key)")
            }
            sum &+= MixedTable.lookupValue(
                id: try row.get(SlateItemsSchema.id), name: try row.get(SlateItemsSchema.name),
                score: try row.get(SlateItemsSchema.score))
        }
        return Checksum(rows: count, sum: sum)
    }

    /// W6 raw SQL: `db.cachedStatement(sql:)` per lookup, bound, stepped, read in place, reset.
    func lookupsSQL(_ count: Int) throws -> Checksum {
        var sum: Int64 = 0
        for step in 0..<count {
            let statement = try db.cachedStatement(sql: MixedTable.lookupSQL)
            try statement.bind(MixedTable.lookupID(step: step, lookups: count), at: 1)
            guard let row = try statement.cursor().next() else { throw BenchmarkError("Slate: no row") }
            sum &+= MixedTable.lookupValue(
                id: try row.get(0), name: try row.get(1), score: try row.get(3))
            try statement.reset()
        }
        return Checksum(rows: count, sum: sum)
    }
}
