import Foundation
import Slate
import SlateTestSupport
import Testing

/// A one-column Codable row.
private struct Box<T: Codable>: Codable {
    var v: T
    var o: T?
}

/// A nested list, stored as JSON.
private struct List<T: Codable>: Codable {
    var v: [T]
}

/// A decodable single column `x`.
private struct Read<T: Decodable>: Decodable {
    var x: T
}

/// What the fuzz run saw, so that it can check both outcomes happened.
private struct Tally {
    var roundTrips = 0
    var errors = 0
}

/// Random dates, doubles, floats, integers of every width and strings (NUL, quotes, invalid UTF-8
/// and lone surrogates repaired by Swift, huge) through every binding and Codable path, and
/// random stored values read back as every type: each value round-trips or throws a clear error
/// (an `SQLiteError`, `EncodingError` or `DecodingError` with a message), and none traps.
///
/// What "round-trips" means is each path's documented contract: dates to the millisecond in
/// date text (exactly in JSON), everything else exactly; a NaN, which SQLite would store as
/// NULL, is refused by every write (and is `NULL` in SQL literals).
@Suite("Fuzz: every conversion round-trips or throws")
struct ConversionFuzzTests {
    static let seed: UInt64 = 0x5EED_2024_C0DA_B1E5
    static let cases = 3_000

    // MARK: Generators

    private static let specialDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, .nan, -.nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne, 1e300, -1e-300,
        Double(Int64.max), Double(Int64.min), 9_007_199_254_740_992, 253_402_300_799.999, -62_167_219_200,
        Double(Float.greatestFiniteMagnitude) * 2
    ]

    private static func double(_ g: inout SplitMix64) -> Double {
        if g.chance(30) { return g.pick(specialDoubles) }
        if g.chance(50) { return Double(bitPattern: g.next()) }
        return Double(Int64(bitPattern: g.next()) >> (g.next() % 64)) / Double(g.pick([1, 10, 1000, 3, 1e9]))
    }

    private static let specialDates: [Date] = [
        Date(timeIntervalSince1970: -62_198_755_200), Date(timeIntervalSince1970: -62_167_219_200.001),
        Date(timeIntervalSince1970: -62_167_219_200), Date(timeIntervalSince1970: -62_135_596_800),
        Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 253_402_300_799.9996),
        Date(timeIntervalSince1970: 253_402_300_800), .distantPast, .distantFuture,
        Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.infinity),
        Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSinceReferenceDate: 1e300),
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.0005)
    ]

    private static func date(_ g: inout SplitMix64) -> Date {
        if g.chance(25) { return g.pick(specialDates) }
        if g.chance(25) { return Date(timeIntervalSinceReferenceDate: double(&g)) }
        // Anywhere in (or just past) years 0000–9999, with sub-millisecond noise.
        let milliseconds = Int64.random(in: -62_200_000_000_000...253_500_000_000_000, using: &g)
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000 + Double(g.next() % 1000) / 1e6)
    }

    private static func integer(_ g: inout SplitMix64) -> UInt64 {
        if g.chance(30) {
            return g.pick([
                0, 1, UInt64.max, UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64(bitPattern: Int64.min),
                UInt64(Int32.max), UInt64(UInt32.max), 0xFF, 0x80, 0x7F, 0xFFFF
            ])
        }
        return g.next() >> (g.next() % 64)
    }

    private static let scalarPools: [[Unicode.Scalar]] = [
        Array("abc XYZ 019".unicodeScalars), ["\u{0}", "'", "\"", "\\", "%", "_", ";", "\n", "\t"],
        ["é", "e", "\u{301}", "ß", "İ", "K", "\u{212A}", "日", "本", "\u{FFFD}", "\u{FEFF}", "\u{200B}"],
        ["\u{1F600}", "\u{1F469}", "\u{200D}", "\u{1F3FD}", "\u{10FFFF}", "\u{E000}"]
    ]

    private static func string(_ g: inout SplitMix64) -> String {
        if g.chance(10) {
            // Invalid UTF-8 and lone UTF-16 surrogates: Swift repairs them when the String is made.
            let bytes = (0..<Int(g.next() % 16)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
            let units: [UInt16] = [0xD800, 0x61, 0xDFFF, UInt16(truncatingIfNeeded: g.next())]
            return String(decoding: bytes, as: UTF8.self) + String(decoding: units, as: UTF16.self)
        }
        let length = g.chance(1) ? 100_000 : Int(g.next() % (g.chance(20) ? 2000 : 24))
        var scalars = String.UnicodeScalarView()
        let pool = g.pick(scalarPools) + g.pick(scalarPools)
        for _ in 0..<length { scalars.append(g.pick(pool)) }
        return String(scalars)
    }

    private static func storedValue(_ g: inout SplitMix64) -> SQLiteValue {
        switch g.next() % 6 {
        case 0: return .int(Int64(bitPattern: integer(&g)))
        case 1: return .real(double(&g))
        case 2:
            return .text(
                g.pick([
                    "123", "-0", "1.5", " 7", "1e3", "18446744073709551615", "18446744073709551616",
                    "9223372036854775808", "true", "", "2024-02-29T13:45:10.123", "10000-01-01",
                    "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "https://example.com/a b"
                ]))
        case 3: return .text(string(&g))
        case 4: return .blob(Data((0..<Int(g.next() % 20)).map { _ in UInt8(truncatingIfNeeded: g.next()) }))
        default: return .null
        }
    }

    // MARK: Checks

    /// Records that an error is a clear one: a known error type with a message.
    private static func expectClear(_ error: any Error, _ context: @autoclosure () -> String) {
        switch error {
        case let error as SQLiteError:
            #expect(!error.explanation.isEmpty, "\(context())")
        case EncodingError.invalidValue(_, let info):
            #expect(!info.debugDescription.isEmpty, "\(context())")
        case DecodingError.typeMismatch(_, let info), DecodingError.valueNotFound(_, let info),
            DecodingError.dataCorrupted(let info), DecodingError.keyNotFound(_, let info):
            #expect(!info.debugDescription.isEmpty, "\(context())")
        default:
            Issue.record("an unclear error for \(context()): \(error)")
        }
    }

    /// Runs a write that must succeed exactly when `storable`, and throw a clear error otherwise.
    private static func write(
        _ storable: Bool, _ tally: inout Tally, _ context: @autoclosure () -> String,
        _ body: () throws -> Void
    ) -> Bool {
        do {
            try body()
            #expect(storable, "\(context()) was written although it has no stored form")
            tally.roundTrips += 1
            return true
        } catch {
            #expect(!storable, "\(context()) threw: \(error)")
            expectClear(error, context())
            tally.errors += 1
            return false
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

    // MARK: The run

    @Test func randomValuesRoundTripOrThrowThroughEveryPath() throws {
        var g = SplitMix64(seed: Self.seed)
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE raw (v);
                CREATE TABLE cols (i INTEGER, r REAL, t TEXT, d TEXT, b BLOB);
                CREATE TABLE box (v, o);
                CREATE TABLE list (v TEXT);
                """)
        let bind = try db.prepare(sql: "INSERT INTO raw VALUES (?)")
        var tally = Tally()
        for n in 0..<Self.cases {
            try db.execute(sql: "DELETE FROM raw; DELETE FROM cols; DELETE FROM box; DELETE FROM list")
            switch n % 6 {
            case 0: try Self.checkDate(Self.date(&g), db, bind, &tally)
            case 1: try Self.checkDouble(Self.double(&g), db, bind, &tally)
            case 2: try Self.checkFloat(Float(bitPattern: UInt32(truncatingIfNeeded: g.next())), db, bind, &tally)
            case 3: try Self.checkIntegers(Self.integer(&g), db, bind, &tally)
            case 4: try Self.checkString(Self.string(&g), db, bind, &tally)
            default: try Self.checkStoredValue(Self.storedValue(&g), db, &tally)
            }
        }
        // The generators reach both sides of every edge.
        #expect(tally.roundTrips > Self.cases)
        #expect(tally.errors > Self.cases / 20)
    }

    private static func checkDate(_ date: Date, _ db: Connection, _ bind: Statement, _ tally: inout Tally) throws {
        let text = try? SQLiteDateFormat.string(from: date)
        let storable = text != nil
        let context = "date \(date.timeIntervalSince1970)"
        // What reading back must give: the same date text (the date to the millisecond).
        func check(_ read: Date?) {
            #expect(read.flatMap { try? SQLiteDateFormat.string(from: $0) } == text, "\(context)")
        }
        if write(
            storable, &tally, "bound " + context,
            {
                try bind.bind(date, at: 1); try bind.executeToCompletion()
            })
        {
            check(try db.cursor("SELECT v FROM raw").next()?.get(0, as: Date.self))
            check(SQLiteDateFormat.date(from: try #require(text)))
        }
        let d = SQLExpression<Date>("d")
        if write(storable, &tally, "typed " + context, { try db.run(Table("cols").insert(d <- date)) }) {
            check(try db.pluck(Table("cols"))?.get(d))
        }
        if write(storable, &tally, "Codable " + context, { try db.run(Table("box").insert(Box(v: date, o: date))) }) {
            let box = try #require(try db.pluck(Table("box"))?.decode(as: Box<Date>.self))
            check(box.v)
            check(box.o)
        }
        // Nested in JSON a date is its interval since 2001: any finite one round-trips exactly.
        let finite = date.timeIntervalSinceReferenceDate.isFinite
        if write(finite, &tally, "nested " + context, { try db.run(Table("list").insert(List(v: [date]))) }) {
            #expect(try db.pluck(Table("list"))?.decode(as: List<Date>.self).v == [date], "\(context)")
        }
        // The unchecked value never claims another year.
        if case .text(let fallback) = date.sqliteValue { #expect(fallback == text, "\(context)") }
    }

    private static func checkDouble(_ value: Double, _ db: Connection, _ bind: Statement, _ tally: inout Tally) throws {
        let context = "double \(value) (\(value.bitPattern))"
        // SQLite would store a NaN as NULL: every write refuses it.
        let storable = !value.isNaN
        func check(_ read: Double?) { #expect(read == value, "\(context)") }
        if write(
            storable, &tally, "bound " + context,
            {
                try bind.bind(value, at: 1); try bind.executeToCompletion()
            })
        {
            check(try db.cursor("SELECT v FROM raw").next()?.get(0, as: Double?.self))
        }
        let r = SQLExpression<Double?>("r")
        if write(storable, &tally, "typed " + context, { try db.run(Table("cols").insert(r <- value)) }) {
            check(try db.pluck(Table("cols"))?.get(r))
        }
        if write(storable, &tally, "Codable " + context, { try db.run(Table("box").insert(Box(v: value, o: value))) }) {
            let box = try #require(try db.pluck(Table("box"))?.decode(as: Box<Double>.self))
            check(box.v)
            check(box.o)
        }
        if write(value.isFinite, &tally, "nested " + context, { try db.run(Table("list").insert(List(v: [value]))) }) {
            let list = try #require(try db.pluck(Table("list"))?.decode(as: List<Double>.self))
            #expect(list.v.count == 1 && same(list.v[0], value), "\(context)")
        }
        // The literal form parses back to the same number (NaN to NULL).
        let literal = try db.cursor("SELECT \(SQLiteValue.real(value).sqliteLiteral)").next()?.get(0, as: Double?.self)
        if value.isNaN { #expect(literal == nil, "\(context)") } else { check(literal) }
    }

    private static func checkFloat(_ value: Float, _ db: Connection, _ bind: Statement, _ tally: inout Tally) throws {
        let context = "float \(value) (\(value.bitPattern))"
        let storable = !value.isNaN
        func check(_ read: Float?) { #expect(read == value, "\(context)") }
        if write(
            storable, &tally, "bound " + context,
            {
                try bind.bind(value, at: 1); try bind.executeToCompletion()
            })
        {
            check(try db.cursor("SELECT v FROM raw").next()?.get(0, as: Float?.self))
        }
        let r = SQLExpression<Float?>("r")
        if write(storable, &tally, "typed " + context, { try db.run(Table("cols").insert(r <- value)) }) {
            check(try db.pluck(Table("cols"))?.get(r))
        }
        if write(storable, &tally, "Codable " + context, { try db.run(Table("box").insert(Box<Float>(v: value, o: nil))) }) {
            check(try db.pluck(Table("box"))?.decode(as: Box<Float>.self).v)
        }
        if write(value.isFinite, &tally, "nested " + context, { try db.run(Table("list").insert(List(v: [value]))) }) {
            #expect(try db.pluck(Table("list"))?.decode(as: List<Float>.self).v == [value], "\(context)")
        }
    }

    /// One random bit pattern as every integer width (truncated), through binding, typed setters
    /// (for the widths that are `Value`s) and Codable.
    private static func checkIntegers(_ bits: UInt64, _ db: Connection, _ bind: Statement, _ tally: inout Tally) throws {
        try checkInteger(Int8(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(Int16(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(Int32(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(Int64(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(Int(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(UInt8(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(UInt16(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(UInt32(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(UInt(truncatingIfNeeded: bits), db, bind, &tally)
        try checkInteger(bits, db, bind, &tally)
        try checkTypedInteger(Int8(truncatingIfNeeded: bits), db, &tally)
        try checkTypedInteger(Int32(truncatingIfNeeded: bits), db, &tally)
        try checkTypedInteger(Int64(truncatingIfNeeded: bits), db, &tally)
        try checkTypedInteger(UInt32(truncatingIfNeeded: bits), db, &tally)
        // The 64-bit pattern read back as every narrower or wider type: exact, or a clear error.
        try db.execute(sql: "DELETE FROM raw")
        try db.run("INSERT INTO raw VALUES (?)", Int64(truncatingIfNeeded: bits))
        try checkReads(.int(Int64(truncatingIfNeeded: bits)), db, &tally)
    }

    private static func checkInteger<T: FixedWidthInteger & SQLiteRepresentable & Codable>(
        _ value: T, _ db: Connection, _ bind: Statement, _ tally: inout Tally
    ) throws {
        let storable = Int64(exactly: value) != nil
        let context = "\(T.self) \(value)"
        try db.execute(sql: "DELETE FROM raw; DELETE FROM box")
        if write(
            storable, &tally, "bound " + context,
            {
                try bind.bind(value, at: 1); try bind.executeToCompletion()
            })
        {
            #expect(try db.cursor("SELECT v FROM raw").next()?.get(0, as: T.self) == value, "\(context)")
        }
        if write(storable, &tally, "Codable " + context, { try db.run(Table("box").insert(Box(v: value, o: value))) }) {
            let box = try #require(try db.pluck(Table("box"))?.decode(as: Box<T>.self))
            #expect(box.v == value && box.o == value, "\(context)")
        }
    }

    private static func checkTypedInteger<T: FixedWidthInteger & Value>(_ value: T, _ db: Connection, _ tally: inout Tally) throws {
        let i = SQLExpression<T>("i")
        try db.execute(sql: "DELETE FROM cols")
        if write(true, &tally, "typed \(T.self) \(value)", { try db.run(Table("cols").insert(i <- value)) }) {
            #expect(try db.pluck(Table("cols"))?.get(i) == value)
        }
    }

    private static func checkString(_ value: String, _ db: Connection, _ bind: Statement, _ tally: inout Tally) throws {
        let context = "string of \(value.utf8.count) bytes \(value.prefix(20).debugDescription)"
        // Compared as bytes: String's == would accept a canonically equivalent text.
        func check(_ read: String?) { #expect(read.map { Array($0.utf8) } == Array(value.utf8), "\(context)") }
        if write(
            true, &tally, "bound " + context,
            {
                try bind.bind(value, at: 1); try bind.executeToCompletion()
            })
        {
            check(try db.cursor("SELECT v FROM raw").next()?.get(0, as: String.self))
        }
        let t = SQLExpression<String>("t")
        if write(true, &tally, "typed " + context, { try db.run(Table("cols").insert(t <- value)) }) {
            check(try db.pluck(Table("cols"))?.get(t))
        }
        if write(true, &tally, "Codable " + context, { try db.run(Table("box").insert(Box(v: value, o: value))) }) {
            let box = try #require(try db.pluck(Table("box"))?.decode(as: Box<String>.self))
            check(box.v)
            check(box.o)
        }
        if write(true, &tally, "nested " + context, { try db.run(Table("list").insert(List(v: [value]))) }) {
            check(try db.pluck(Table("list"))?.decode(as: List<String>.self).v.first)
        }
        check(try db.cursor("SELECT \(SQLiteValue.text(value).sqliteLiteral)").next()?.get(0, as: String.self))
        // The same bytes stored as a blob and cast to text: SQLite hands back any bytes, and
        // reading them never traps (invalid UTF-8 is repaired, as String(decoding:) repairs it).
        try db.execute(sql: "DELETE FROM raw")
        try db.run("INSERT INTO raw VALUES (CAST(? AS TEXT))", Blob(bytes: Array(value.utf8) + [0xFF, 0xC0]))
        let repaired = try db.cursor("SELECT v FROM raw").next()?.get(0, as: String.self)
        #expect(repaired == String(decoding: Array(value.utf8) + [0xFF, 0xC0], as: UTF8.self), "\(context)")
    }

    /// A random stored value, read back as every type through the row, the value conversion and
    /// Codable: the three agree, and each gives the value or a clear error.
    private static func checkStoredValue(_ value: SQLiteValue, _ db: Connection, _ tally: inout Tally) throws {
        if case .real(let real) = value, real.isNaN {
            // SQLite would store a NaN as NULL: binding one is refused, naming it (issue 30).
            #expect(throws: SQLiteError.self) { try db.run("INSERT INTO raw VALUES (?)", value.binding) }
            tally.errors += 1
            return
        }
        try db.run("INSERT INTO raw VALUES (?)", value.binding)
        try checkReads(value, db, &tally)
    }

    private static func checkReads(_ value: SQLiteValue, _ db: Connection, _ tally: inout Tally) throws {
        try checkRead(Int8.self, value, db, &tally)
        try checkRead(Int16.self, value, db, &tally)
        try checkRead(Int32.self, value, db, &tally)
        try checkRead(Int64.self, value, db, &tally)
        try checkRead(Int.self, value, db, &tally)
        try checkRead(UInt8.self, value, db, &tally)
        try checkRead(UInt32.self, value, db, &tally)
        try checkRead(UInt64.self, value, db, &tally)
        try checkRead(UInt.self, value, db, &tally)
        try checkRead(Bool.self, value, db, &tally)
        try checkRead(Double.self, value, db, &tally)
        try checkRead(Float.self, value, db, &tally)
        try checkRead(String.self, value, db, &tally)
        try checkRead(Data.self, value, db, &tally)
        try checkRead(Date.self, value, db, &tally)
        try checkRead(UUID.self, value, db, &tally)
        try checkRead(URL.self, value, db, &tally)
    }

    /// What a column read gives for a stored value: the strict value conversion
    /// (`init?(_: SQLiteValue)`, as strict as DataLiteCore's), widened where column reads stay
    /// lenient for the typed layer: an integral REAL read as an integer, TEXT read as `Data`.
    private static func columnReading<T: SQLiteRepresentable>(_ type: T.Type, _ value: SQLiteValue) -> T? {
        if let strict = T(value) { return strict }
        switch value {
        case .real(let real):
            if let integer = T.self as? any FixedWidthInteger.Type { return integer.init(exactly: real) as? T }
            return nil
        case .text(let text):
            return T.self == Data.self ? Data(text.utf8) as? T : nil
        default:
            return nil
        }
    }

    private static func checkRead<T: SQLiteRepresentable & Decodable & Equatable>(
        _ type: T.Type, _ value: SQLiteValue, _ db: Connection, _ tally: inout Tally
    ) throws {
        let context = "\(value.sqliteLiteral.prefix(40)) as \(T.self)"
        let stored = try db.prepare(sql: "SELECT v AS x FROM raw LIMIT 1").rows()[0][0]
        let expected = columnReading(T.self, stored)
        // Straight from the statement.
        do {
            let direct = try #require(try db.cursor("SELECT v AS x FROM raw LIMIT 1").next()).get(0, as: T.self)
            #expect(direct == expected, "\(context)")
            tally.roundTrips += 1
        } catch {
            #expect(expected == nil, "\(context): \(error)")
            expectClear(error, context)
            tally.errors += 1
        }
        // Codable, from a copied row and in place.
        let copied = try? db.prepare(sql: "SELECT v AS x FROM raw LIMIT 1").rows()[0].decode(as: Read<T>.self).x
        let inPlace: T?
        do {
            inPlace = try db.cursor("SELECT v AS x FROM raw LIMIT 1").decodeNext(Read<T>.self)?.x
        } catch {
            expectClear(error, context)
            inPlace = nil
        }
        #expect(copied == expected, "\(context) (copied row)")
        #expect(inPlace == expected, "\(context) (in place)")
    }
}
