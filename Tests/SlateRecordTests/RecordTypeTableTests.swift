import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// An enum that is its own SlateCore value (by its raw value), without `Value` or Codable.
enum Shade: String, SQLiteRepresentable, Equatable, Sendable {
    case light, dark
}

/// A SlateCore value of its own (an integer number of cents), neither `Value` nor Codable.
struct Cents: SQLiteRepresentable, Equatable, Sendable {
    var amount: Int64
    var sqliteValue: SQLiteValue { .int(amount) }
    init(amount: Int64) { self.amount = amount }
    init?(_ value: SQLiteValue) {
        guard case .int(let amount) = value else { return nil }
        self.amount = amount
    }
}

/// Every type the record overloads (`RecordReader`, `RecordWriter`, `recordColumn`) take,
/// not optional.
@Table("every_type")
struct EveryType: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    var bool: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
    var string: String
    var data: Data
    var blob: Blob
    var date: Date
    var uuid: UUID
    var url: URL
    var decimal: Decimal
    var value: SQLiteValue
    var celsius: Celsius
    var mood: Mood
    var level: Level
    var shade: Shade
    var cents: Cents
    var address: Address
    var tags: [String]
    @Column(as: JSONColumn<[Int]>.self) var numbers: [Int]
}

/// The same types, optional.
@Table("every_optional")
struct EveryOptional: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    var bool: Bool?
    var int: Int?
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var uint: UInt?
    var uint8: UInt8?
    var uint16: UInt16?
    var uint32: UInt32?
    var uint64: UInt64?
    var float: Float?
    var double: Double?
    var string: String?
    var data: Data?
    var blob: Blob?
    var date: Date?
    var uuid: UUID?
    var url: URL?
    var decimal: Decimal?
    var value: SQLiteValue?
    var celsius: Celsius?
    var mood: Mood?
    var level: Level?
    var shade: Shade?
    var cents: Cents?
    var address: Address?
    var tags: [String]?
    @Column(as: JSONColumn<[Int]>.self) var numbers: [Int]?
}

@Suite("Records: every supported type round-trips through createTable, insert and fetchAll")
struct RecordTypeTableTests {
    /// Each column's declared type: integers INTEGER, `Float` and `Double` REAL, bytes BLOB,
    /// text forms TEXT, enums their raw value's, a SlateCore value of its own none (it keeps
    /// what it binds), other Codable values JSON TEXT.
    static let declaredTypes: [String: String] = [
        "id": "INTEGER", "bool": "INTEGER", "int": "INTEGER", "int8": "INTEGER", "int16": "INTEGER",
        "int32": "INTEGER", "int64": "INTEGER", "uint": "INTEGER", "uint8": "INTEGER", "uint16": "INTEGER",
        "uint32": "INTEGER", "uint64": "INTEGER", "float": "REAL", "double": "REAL", "string": "TEXT",
        "data": "BLOB", "blob": "BLOB", "date": "TEXT", "uuid": "TEXT", "url": "TEXT", "decimal": "TEXT",
        "value": "", "celsius": "REAL", "mood": "TEXT", "level": "INTEGER", "shade": "TEXT", "cents": "",
        "address": "TEXT", "tags": "TEXT", "numbers": "TEXT"
    ]

    static let extremes = EveryType(
        id: 1, bool: true, int: .min, int8: .min, int16: .max, int32: .min, int64: .max, uint: UInt(Int64.max),
        uint8: .max, uint16: .max, uint32: .max, uint64: UInt64(Int64.max), float: 1.5, double: -0.25,
        string: "it's \"quoted\"", data: Data([0, 1, 255]), blob: Blob(bytes: [9, 8]),
        date: Date(timeIntervalSince1970: 1_700_000_000.125), uuid: UUID(), url: URL(string: "https://example.com/a?b=c")!,
        decimal: Decimal(string: "12345.6789")!, value: .real(2.5), celsius: Celsius(degrees: 21.5), mood: .grumpy,
        level: .high, shade: .dark, cents: Cents(amount: 1999),
        address: Address(street: "Main", zip: 12345, since: Date(timeIntervalSinceReferenceDate: 0)), tags: ["a", "b"],
        numbers: [1, 2, 3])

    static let small = EveryType(
        id: 2, bool: false, int: 0, int8: 0, int16: .min, int32: .max, int64: .min, uint: 0, uint8: 0, uint16: 0,
        uint32: 0, uint64: 0, float: -0.0, double: 1e300, string: "", data: Data(), blob: Blob(bytes: []),
        date: Date(timeIntervalSince1970: 0), uuid: UUID(), url: URL(string: "file:///tmp/x")!, decimal: 0,
        value: .text("x"), celsius: Celsius(degrees: -40), mood: .happy, level: .low, shade: .light,
        cents: Cents(amount: -1), address: Address(street: "", zip: 0, since: nil), tags: [], numbers: [])

    @Test func everyTypeIsDeclaredWritesAndReadsBack() throws {
        let db = try Connection(.inMemory)
        try EveryType.createTable(db)
        try expectDeclaredTypes(db, table: "every_type", notNull: true)
        for record in [Self.extremes, Self.small] { try record.insert(db) }
        #expect(try EveryType.fetchAll(db) == [Self.extremes, Self.small])
        // Integers are stored as INTEGER, whatever their width.
        let stored = try rowValues(db, "SELECT uint, uint64, uint32, int8 FROM every_type ORDER BY id")
        #expect(stored == [[.int(.max), .int(.max), .int(Int64(UInt32.max)), .int(-128)], [.int(0), .int(0), .int(0), .int(0)]])
    }

    @Test func everyOptionalTypeIsNullableWritesAndReadsBack() throws {
        let db = try Connection(.inMemory)
        try EveryOptional.createTable(db)
        try expectDeclaredTypes(db, table: "every_optional", notNull: false)
        let full = Self.optional(Self.extremes)
        let empty = EveryOptional(id: 2)
        for record in [full, empty] { try record.insert(db) }
        #expect(try EveryOptional.fetchAll(db) == [full, empty])
        #expect(try rowValues(db, "SELECT uint64, shade, cents, value FROM every_optional WHERE id = 2") == [[.null, .null, .null, .null]])
    }

    @Test func aUInt64AboveInt64MaxIsAnErrorNamingTheColumn() throws {
        let db = try Connection(.inMemory)
        try EveryType.createTable(db)
        try EveryOptional.createTable(db)
        var record = Self.extremes
        record.uint64 = UInt64(Int64.max) + 1
        let error = expectSQLiteError(SQLITE_MISMATCH) { try record.insert(db) }
        #expect(error?.details?.contains("column \"uint64\"") == true, "\(String(describing: error))")
        #expect(error?.details?.contains("9223372036854775808") == true, "\(String(describing: error))")
        record = Self.extremes
        record.uint = .max
        let uint = expectSQLiteError(SQLITE_MISMATCH) { try record.insert(db) }
        #expect(uint?.details?.contains("column \"uint\"") == true, "\(String(describing: uint))")
        var optional = EveryOptional(id: 3)
        optional.uint64 = .max
        let nullable = expectSQLiteError(SQLITE_MISMATCH) { try optional.insert(db) }
        #expect(nullable?.details?.contains("column \"uint64\"") == true, "\(String(describing: nullable))")
        #expect(try EveryType.fetchCount(db) == 0)
        #expect(try EveryOptional.fetchCount(db) == 0)
    }

    /// Checks `PRAGMA table_info`: each column's declared type, and `NOT NULL` but on the key.
    private func expectDeclaredTypes(_ db: Connection, table: String, notNull: Bool) throws {
        let columns = try rowValues(db, "PRAGMA table_info(\"\(table)\")").map { [$0[1], $0[2], $0[3]] }
        #expect(columns.count == Self.declaredTypes.count)
        for column in columns {
            guard case .text(let name) = column[0], case .text(let type) = column[1] else {
                Issue.record("unexpected row \(column)")
                continue
            }
            #expect(type == Self.declaredTypes[name], "column \(name) is declared \(type)")
            #expect(column[2] == .int(notNull || name == "id" ? 1 : 0), "column \(name)")
        }
    }

    private static func optional(_ record: EveryType) -> EveryOptional {
        EveryOptional(
            id: record.id, bool: record.bool, int: record.int, int8: record.int8, int16: record.int16,
            int32: record.int32, int64: record.int64, uint: record.uint, uint8: record.uint8, uint16: record.uint16,
            uint32: record.uint32, uint64: record.uint64, float: record.float, double: record.double,
            string: record.string, data: record.data, blob: record.blob, date: record.date, uuid: record.uuid,
            url: record.url, decimal: record.decimal, value: record.value, celsius: record.celsius, mood: record.mood,
            level: record.level, shade: record.shade, cents: record.cents, address: record.address, tags: record.tags,
            numbers: record.numbers)
    }
}

extension EveryOptional {
    /// A record of its key alone, every other column `NULL`.
    init(id: Int64) {
        self.init(
            id: id, bool: nil, int: nil, int8: nil, int16: nil, int32: nil, int64: nil, uint: nil, uint8: nil,
            uint16: nil, uint32: nil, uint64: nil, float: nil, double: nil, string: nil, data: nil, blob: nil,
            date: nil, uuid: nil, url: nil, decimal: nil, value: nil, celsius: nil, mood: nil, level: nil,
            shade: nil, cents: nil, address: nil, tags: nil, numbers: nil)
    }
}
