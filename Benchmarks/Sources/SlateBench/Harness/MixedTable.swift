import Foundation

/// W4's and W6's table `mixed`: one column of each kind an application stores. Its rows are
/// generated in Swift by ``row(_:)`` and written (untimed) by the raw C fixture, so the
/// checksum of any set of rows is known without reading the table back.
enum MixedTable {
    static let name = "mixed"
    static let createSQL = """
        CREATE TABLE mixed (id INTEGER PRIMARY KEY, name TEXT NOT NULL, body TEXT, score REAL NOT NULL,
        tag BLOB NOT NULL, flag INTEGER NOT NULL, created TEXT NOT NULL)
        """
    static let selectSQL = "SELECT id, name, body, score, tag, flag, created FROM mixed"
    static let insertSQL = "INSERT INTO mixed (id, name, body, score, tag, flag, created) VALUES (?, ?, ?, ?, ?, ?, ?)"
    /// W6's lookup: every column of one row by its primary key.
    static let lookupSQL = "SELECT * FROM mixed WHERE id = ?"

    /// The first `created` date, in milliseconds since 1970 (2020-09-13T12:26:40.000).
    static let firstMillisecond: Int64 = 1_600_000_000_000
    /// The words of the long text.
    private static let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 6)

    /// Row `index` (0-based): id `index + 1`, a short name, a ~170-byte body that is NULL for one
    /// row in five, a real, 16 varied bytes, a Bool and a date with milliseconds.
    static func row(_ index: Int) -> MixedRecord {
        MixedRecord(
            id: Int64(index + 1),
            name: "item \(index)",
            body: index % 5 == 0 ? nil : filler + "#\(index)",
            score: Double(index) * 0.25,
            tag: Data((0..<16).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0 &* 7) }),
            flag: index % 3 == 0,
            created: Date(timeIntervalSince1970: Double(firstMillisecond + Int64(index) * 1_001) / 1000))
    }

    /// The checksum of the first `rows` rows.
    static func checksum(rows: Int) -> Checksum {
        var sum: Int64 = 0
        for index in 0..<rows { sum &+= row(index).checksum }
        return Checksum(rows: rows, sum: sum)
    }

    /// The id W6 looks up at step `step` of `lookups`, in a table of `2 × lookups` rows: a stride
    /// that visits rows all over the table, not in order.
    static func lookupID(step: Int, lookups: Int) -> Int64 {
        Int64((step &* 7_919) % (2 * lookups) + 1)
    }

    /// What W6 reads from a looked-up row (`id`, `name`, `score`), summed.
    static func lookupValue(id: Int64, name: String, score: Double) -> Int64 {
        id &+ Int64(name.utf8.count) &+ Int64(score * 4)
    }

    /// The checksum of W6 with `lookups` lookups.
    static func lookupChecksum(lookups: Int) -> Checksum {
        var sum: Int64 = 0
        for step in 0..<lookups {
            let record = row(Int(lookupID(step: step, lookups: lookups)) - 1)
            sum &+= lookupValue(id: record.id, name: record.name, score: record.score)
        }
        return Checksum(rows: lookups, sum: sum)
    }
}

/// One row of `mixed`. GRDB's conformances are in `GRDBDriver+Records.swift`.
struct MixedRecord: Codable, Sendable {
    var id: Int64
    var name: String
    var body: String?
    var score: Double
    var tag: Data
    var flag: Bool
    var created: Date

    /// A number that changes when any property does: every contender sums it over the rows it
    /// read, so a wrong conversion anywhere changes the checksum.
    var checksum: Int64 {
        var sum = id &+ Int64(name.utf8.count) &+ Int64(body?.utf8.count ?? -1) &+ Int64(score * 4)
        for byte in tag { sum &+= Int64(byte) }
        sum &+= flag ? 1 : 0
        sum &+= Int64((created.timeIntervalSince1970 * 1000).rounded())
        return sum
    }

    /// The checksum of decoded records.
    static func checksum(_ records: [MixedRecord]) -> Checksum {
        var sum: Int64 = 0
        for record in records { sum &+= record.checksum }
        return Checksum(rows: records.count, sum: sum)
    }
}
