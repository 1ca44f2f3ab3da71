import Foundation
import Slate
import SlateTestSupport
import Testing

/// A nested value, stored as JSON text in one column.
struct CodableAddress: Codable, Equatable {
    var city: String
    var zip: String
    var moved: Date?
}

/// A string-backed enum, stored as its raw value.
enum CodableStatus: String, Codable {
    case active, retired
}

/// An integer-backed enum, stored as its raw value.
enum CodablePriority: Int, Codable {
    case low = 1, high = 2
}

/// A value with a property of every type the Codable layer supports.
struct EveryColumn: Codable, Equatable {
    var id: Int64
    var int: Int
    var int8Min: Int8
    var int8Max: Int8
    var int16: Int16
    var int32: Int32
    var int64Min: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
    var bool: Bool
    var string: String
    var uuid: UUID
    var url: URL
    var date: Date
    var data: Data
    var emptyData: Data
    var optionalNil: String?
    var optionalSome: Int?
    var optionalDate: Date?
    var status: CodableStatus
    var priority: CodablePriority
    var address: CodableAddress
    var optionalAddress: CodableAddress?
    var tags: [String]
    var scores: [String: Int]
}

/// The table for ``EveryColumn``. (A `UInt64` above `Int64.max` has no INTEGER form: encoding
/// one throws, see `uint64AboveInt64MaxThrows`.)
private let everyColumnSchema = """
    CREATE TABLE every (
        id INTEGER PRIMARY KEY, int INTEGER, int8Min INTEGER, int8Max INTEGER, int16 INTEGER, int32 INTEGER,
        int64Min INTEGER, uint INTEGER, uint8 INTEGER, uint16 INTEGER, uint32 INTEGER, uint64 INTEGER,
        float REAL, double REAL, bool INTEGER, string TEXT, uuid TEXT, url TEXT, date TEXT,
        data BLOB, emptyData BLOB, optionalNil TEXT, optionalSome INTEGER, optionalDate TEXT, status TEXT,
        priority INTEGER, address TEXT, optionalAddress TEXT, tags TEXT, scores TEXT)
    """

/// A custom ``Value`` (the documentation's "Custom Types") that is also Codable: in a Codable row
/// it is stored as its datatype value (REAL), not as the JSON of its synthesized Codable form.
private struct CodableCelsius: Value, Codable, Equatable {
    let degrees: Double
    static let declaredDatatype = Double.declaredDatatype
    static func fromDatatypeValue(_ value: Double) -> CodableCelsius { CodableCelsius(degrees: value) }
    var datatypeValue: Double { degrees }
}

/// A custom ``Value`` stored as a BLOB, like the documentation's image example.
private struct CodableThumbnail: Value, Codable, Equatable {
    let pixels: [UInt8]
    static let declaredDatatype = Blob.declaredDatatype
    static func fromDatatypeValue(_ value: Blob) -> CodableThumbnail { CodableThumbnail(pixels: value.bytes) }
    var datatypeValue: Blob { Blob(bytes: pixels) }
}

/// An enum that is a ``Value`` through its raw value.
private enum CodableMood: String, Value, Codable {
    case calm, grumpy
}

@Suite("Codable rows: round trips")
struct CodableRoundTripTests: UsersFixture {
    let every = Table("every")

    func sample() throws -> EveryColumn {
        // A date with milliseconds, built from its text so the comparison after the round trip is exact.
        let date = try #require(SQLiteDateFormat.date(from: "2023-11-14T22:13:20.123"))
        return EveryColumn(
            id: 1, int: -42, int8Min: .min, int8Max: .max, int16: .min, int32: .max, int64Min: .min,
            uint: 7, uint8: .max, uint16: .max, uint32: .max, uint64: UInt64(Int64.max),
            float: 3.14159, double: .pi, bool: true, string: "O'Reilly \u{1F600}",
            uuid: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
            url: try #require(URL(string: "https://example.com/a?b=c")), date: date,
            data: Data([0, 1, 2, 255]), emptyData: Data(), optionalNil: nil, optionalSome: 5, optionalDate: date,
            status: .retired, priority: .high,
            address: CodableAddress(city: "Paris", zip: "75001", moved: date), optionalAddress: nil,
            tags: ["a", "b"], scores: ["x": 1, "y": 2])
    }

    @Test func everyTypeRoundTrips() throws {
        let db = try Connection()
        try db.execute(sql: everyColumnSchema)
        let value = try sample()
        #expect(try db.run(every.insert(value)) == 1)
        let loaded: [EveryColumn] = try db.cursor(every).map { row in try row.snapshot().decode() }
        #expect(loaded == [value])
        // The explicit-type spelling and a pluck agree.
        let row = try #require(try db.pluck(every))
        #expect(try row.decode(as: EveryColumn.self) == value)
    }

    @Test func cursorsDecodeRowsInPlace() throws {
        let db = try Connection()
        try db.execute(sql: everyColumnSchema)
        let first = try sample()
        var second = try sample()
        second.id = 2
        second.optionalSome = nil
        second.tags = []
        try db.run(every.insertMany([first, second]))
        let cursor = try db.cursor("SELECT * FROM every ORDER BY id")
        #expect(try cursor.decodeNext(EveryColumn.self) == first)
        #expect(try cursor.decodeNext(EveryColumn.self) == second)
        #expect(try cursor.decodeNext(EveryColumn.self) == nil)
        #expect(try db.cursor("SELECT * FROM every ORDER BY id").decodeAll(EveryColumn.self) == [first, second])
        // The same rows through copies decode the same.
        #expect(
            try db.prepare(sql: "SELECT * FROM every ORDER BY id").rows().map { try $0.decode(as: EveryColumn.self) }
                == [first, second])
    }

    @Test func customValueTypesStoreTheirDatatypeValue() throws {
        struct Reading: Codable, Equatable {
            var temperature: CodableCelsius
            var previous: CodableCelsius?
            var thumbnail: CodableThumbnail
            var mood: CodableMood
        }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE readings (temperature REAL, previous REAL, thumbnail BLOB, mood TEXT)")
        let readings = Table("readings")
        let value = Reading(
            temperature: CodableCelsius(degrees: 21.5), previous: nil, thumbnail: CodableThumbnail(pixels: [9, 8]), mood: .grumpy)
        let insert = try readings.insert(value)
        // The nil optional is left out, as SQLite.swift leaves it out.
        #expect(
            insert.asSQL()
                == "INSERT INTO \"readings\" (\"temperature\", \"thumbnail\", \"mood\") VALUES (21.5, X'0908', 'grumpy')")
        try db.run(insert)
        #expect(try db.pluck(readings)?.decode(as: Reading.self) == value)
        // Typed expressions read the same columns.
        let temperature = SQLExpression<CodableCelsius>("temperature")
        #expect(try db.pluck(readings)?.get(temperature) == CodableCelsius(degrees: 21.5))
        #expect(try db.scalar(readings.select(SQLExpression<CodableMood>("mood"))) == .grumpy)
    }

    @Test func optionalsRoundTripBothWays() throws {
        let db = try Connection()
        try db.execute(sql: everyColumnSchema)
        var value = try sample()
        value.optionalNil = "now set"
        value.optionalSome = nil
        value.optionalDate = nil
        value.optionalAddress = CodableAddress(city: "Oslo", zip: "0150", moved: nil)
        try db.run(every.insert(value))
        #expect(try db.pluck(every)?.decode(as: EveryColumn.self) == value)
        let stored = try db.prepare(sql: "SELECT optionalSome IS NULL, optionalDate IS NULL FROM every").rows()[0]
        #expect(stored.values == [.int(1), .int(1)])
    }

    @Test func storageUsesSlateCoreConversions() throws {
        let db = try Connection()
        try db.execute(sql: everyColumnSchema)
        try db.run(every.insert(try sample()))
        let row = try db.prepare(
            sql: """
                SELECT typeof(int8Min), int8Min, typeof(float), typeof(bool), bool, uuid, url, date, typeof(data),
                       status, priority, address, tags, scores, typeof(emptyData)
                FROM every
                """
        ).rows()[0]
        #expect(
            row.values == [
                "integer", -128, "real", "integer", 1, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "https://example.com/a?b=c",
                "2023-11-14T22:13:20.123", "blob", "retired", 2,
                // Nested values are a default JSONEncoder's JSON (as SQLite.swift writes it), keys
                // sorted: a nested date is a number of seconds since 2001-01-01 (the date read from
                // "2023-11-14T22:13:20.123" is 721692800.1229999 seconds after 2001 as a Double).
                #"{"city":"Paris","moved":721692800.1229999,"zip":"75001"}"#, #"["a","b"]"#, #"{"x":1,"y":2}"#,
                "blob"
            ])
    }

    @Test func uint64AboveInt64MaxThrows() throws {
        struct Counter: Codable { var id: Int64; var count: UInt64 }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE counters (id INTEGER PRIMARY KEY, count INTEGER)")
        let counters = Table("counters")
        // Text in an INTEGER column would become a rounded REAL (2^63 + 1 would read back as 2^63),
        // so the value is refused, as binding it is.
        for count in [UInt64(Int64.max) + 1, .max] {
            #expect(throws: EncodingError.self) { try counters.insert(Counter(id: 1, count: count)) }
            #expect(throws: EncodingError.self) { try counters.filter(SQLExpression<Int64>("id") == 1).update(Counter(id: 1, count: count)) }
        }
        try db.run(counters.insert(Counter(id: 1, count: UInt64(Int64.max))))
        #expect(try db.pluck(counters)?.decode(as: Counter.self).count == UInt64(Int64.max))
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM counters") == 1)
    }

    @Test(.enabled(if: LinkedSQLite.hasJSON, "needs SQLite's JSON functions"))
    func nestedJSONIsQueryableWithSQLiteJSONFunctions() throws {
        let db = try Connection()
        try db.execute(sql: everyColumnSchema)
        try db.run(every.insert(try sample()))
        #expect(try db.scalar(String.self, "SELECT json_extract(address, '$.city') FROM every") == "Paris")
        #expect(try db.scalar(Int64.self, "SELECT json_array_length(tags) FROM every") == 2)
    }

    @Test func insertManyEncodables() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        struct NewUser: Codable, Equatable { let email: String; let name: String? }
        let people = [NewUser(email: "alice@mac.com", name: "Alice"), NewUser(email: "geoff@mac.com", name: nil)]
        let insert = try Table("users").insertMany(people)
        #expect(
            insert.asSQL()
                == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice'), ('geoff@mac.com', NULL)")
        #expect(try db.run(insert) == 2)
        let loaded: [NewUser] = try db.cursor(Table("users").select(SQLExpression<String>("email"), SQLExpression<String?>("name")))
            .map { try $0.snapshot().decode() }
        #expect(loaded == people)
    }

    @Test func insertOrReplaceEncodable() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        struct Account: Codable { let id: Int64; let email: String }
        try db.run(users.insert(Account(id: 1, email: "a@x.org")))
        let replace = try users.insert(or: .replace, Account(id: 1, email: "b@x.org"))
        #expect(replace.asSQL() == "INSERT OR REPLACE INTO \"users\" (\"id\", \"email\") VALUES (1, 'b@x.org')")
        try db.run(replace)
        #expect(try db.cursor(users).map { try $0.snapshot().decode(as: Account.self).email } == ["b@x.org"])
    }

    @Test func singleColumnRowsDecodeAsSingleValues() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let count: Int = try #require(try db.pluck(users.select(Slate.count(*)))).decode()
        #expect(count == 3)
        let emails = try db.cursor(users.select(SQLExpression<String>("email")).order(SQLExpression<Int64>("id")))
            .map { try $0.snapshot().decode(as: String.self) }
        #expect(emails == ["alice@mac.com", "betty@icloud.com", "cathy@icloud.com"])
    }

    @Test func rowsOfRawSQLDecodeToo() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        struct Person: Decodable, Equatable { let id: Int; let name: String?; let age: UInt8? }
        let people = try db.prepare(sql: "SELECT id, name, age FROM users ORDER BY id").rows().map {
            try $0.decode(as: Person.self)
        }
        #expect(
            people == [
                Person(id: 1, name: "Alice", age: 30), Person(id: 2, name: nil, age: nil),
                Person(id: 3, name: "Cathy", age: 41)
            ])
    }
}
