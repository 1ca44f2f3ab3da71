import SlateMacros

/// One row of `items` as a struct, for W3 (decoding rows into a `Decodable` type) and the typed
/// and Codable variants of W5. GRDB's conformances are added in `GRDBDriver+Records.swift`.
///
/// A `@Table` record that is also Codable (issue 20): SQLite.swift's Codable calls take its
/// generated code; ``CodableItem`` is the same struct without the macro, for the Codable path.
@Table("items")
struct ItemRecord: Codable, Sendable {
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int64

    /// The record of a row of ``ItemsTable/value(row:column:)``.
    init(row: Int) {
        c0 = ItemsTable.value(row: row, column: 0)
        c1 = ItemsTable.value(row: row, column: 1)
        c2 = ItemsTable.value(row: row, column: 2)
        c3 = ItemsTable.value(row: row, column: 3)
        c4 = ItemsTable.value(row: row, column: 4)
        c5 = ItemsTable.value(row: row, column: 5)
        c6 = ItemsTable.value(row: row, column: 6)
        c7 = ItemsTable.value(row: row, column: 7)
        c8 = ItemsTable.value(row: row, column: 8)
        c9 = ItemsTable.value(row: row, column: 9)
    }

    init(c0: Int64, c1: Int64, c2: Int64, c3: Int64, c4: Int64, c5: Int64, c6: Int64, c7: Int64, c8: Int64, c9: Int64) {
        (self.c0, self.c1, self.c2, self.c3, self.c4) = (c0, c1, c2, c3, c4)
        (self.c5, self.c6, self.c7, self.c8, self.c9) = (c5, c6, c7, c8, c9)
    }

    /// The wrapping sum of the ten values (what ``ItemsTable/checksum(rows:)`` adds per row).
    var sum: Int64 { c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9 }

    /// The checksum of decoded records: their count and the sum of all their values.
    static func checksum(_ records: [ItemRecord]) -> Checksum {
        var sum: Int64 = 0
        for record in records { sum &+= record.sum }
        return Checksum(rows: records.count, sum: sum)
    }
}

/// ``ItemRecord`` as a record of `items_insert`, for W5's record insert.
@Table("items_insert")
struct InsertedItem: Sendable {
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int64

    init(_ item: ItemRecord) {
        (c0, c1, c2, c3, c4) = (item.c0, item.c1, item.c2, item.c3, item.c4)
        (c5, c6, c7, c8, c9) = (item.c5, item.c6, item.c7, item.c8, item.c9)
    }
}

/// ``ItemRecord`` without `@Table`: read through Swift's `Decoder`, as before issue 20.
struct CodableItem: Codable, Sendable {
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int64

    /// The same values as an ``ItemRecord``.
    init(_ item: ItemRecord) {
        (c0, c1, c2, c3, c4) = (item.c0, item.c1, item.c2, item.c3, item.c4)
        (c5, c6, c7, c8, c9) = (item.c5, item.c6, item.c7, item.c8, item.c9)
    }

    var sum: Int64 { c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9 }

    static func checksum(_ records: [CodableItem]) -> Checksum {
        var sum: Int64 = 0
        for record in records { sum &+= record.sum }
        return Checksum(rows: records.count, sum: sum)
    }
}
