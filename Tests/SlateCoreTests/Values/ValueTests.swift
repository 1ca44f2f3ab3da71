import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Values")
struct ValueTests {
    /// Writes a value through binding and reads it back through the column fast path and
    /// through `SQLiteValue`.
    func roundTrip<T: SQLiteRepresentable & Equatable>(_ value: T, in db: Connection) throws -> (T?, T?) {
        let select = try db.prepare(sql: "SELECT ?")
        try select.bind(value, at: 1)
        #expect(try select.step())
        let direct: T? = select.columnValue(at: 0, as: T.self)
        let boxed = T(select.columnValue(at: 0))
        return (direct, boxed)
    }

    @Test("every integer width round-trips at its limits")
    func integers() throws {
        let db = try Connection()
        #expect(try roundTrip(Int64.min, in: db) == (Int64.min, Int64.min))
        #expect(try roundTrip(Int64.max, in: db) == (Int64.max, Int64.max))
        #expect(try roundTrip(Int.min, in: db) == (Int.min, Int.min))
        #expect(try roundTrip(Int8.min, in: db) == (Int8.min, Int8.min))
        #expect(try roundTrip(Int16.max, in: db) == (Int16.max, Int16.max))
        #expect(try roundTrip(Int32.min, in: db) == (Int32.min, Int32.min))
        #expect(try roundTrip(UInt8.max, in: db) == (UInt8.max, UInt8.max))
        #expect(try roundTrip(UInt16.max, in: db) == (UInt16.max, UInt16.max))
        #expect(try roundTrip(UInt32.max, in: db) == (UInt32.max, UInt32.max))
        #expect(try roundTrip(UInt64(Int64.max), in: db) == (UInt64(Int64.max), UInt64(Int64.max)))
        #expect(try roundTrip(UInt(42), in: db) == (42, 42))
    }

    @Test("integers never wrap or trap: out of range is an error on the way in and nil on the way out")
    func integerRange() throws {
        let db = try Connection()
        let select = try db.prepare(sql: "SELECT ?")
        let error = sqliteError { try select.bind(UInt64.max, at: 1) }
        #expect(error?.code == SQLITE_MISMATCH)  // a value that does not fit, not a bad index
        #expect(error?.explanation.contains("18446744073709551615") == true)
        #expect(UInt64.max.sqliteValue == .text("18446744073709551615"))
        #expect(UInt64(SQLiteValue.text("18446744073709551615")) == UInt64.max)

        let cursor = try db.cursor("SELECT 300, -1, 2.5, 3.0, 'x', 1e300")
        let row = try #require(try cursor.next())
        #expect(row[0] == .int(300))
        let tooBig = sqliteError { _ = try row.get(0, as: Int8.self) }
        #expect(tooBig?.code == SQLITE_MISMATCH)
        #expect(tooBig?.explanation.contains("Int8") == true)
        #expect(sqliteError { _ = try row.get(1, as: UInt.self) }?.code == SQLITE_MISMATCH)
        #expect(sqliteError { _ = try row.get(2, as: Int.self) }?.code == SQLITE_MISMATCH)  // 2.5 is not an integer
        #expect(try row.get(3, as: Int.self) == 3)  // 3.0 is
        #expect(sqliteError { _ = try row.get(4, as: Int.self) }?.explanation.contains("TEXT") == true)
        #expect(sqliteError { _ = try row.get(5, as: Int64.self) }?.code == SQLITE_MISMATCH)
        #expect(sqliteError { _ = try row.get(5, as: Float.self) }?.code == SQLITE_MISMATCH)  // too large for Float
        #expect(Int8(SQLiteValue.int(128)) == nil)
        #expect(UInt8(SQLiteValue.int(-1)) == nil)
        #expect(Float(SQLiteValue.real(1e300)) == nil)
        #expect(Float(SQLiteValue.real(.infinity)) == .infinity)
    }

    @Test("Bool reads only 0 and 1")
    func bools() throws {
        let db = try Connection()
        #expect(try roundTrip(true, in: db) == (true, true))
        #expect(try roundTrip(false, in: db) == (false, false))
        let row = try #require(try db.cursor("SELECT 2").next())
        #expect(sqliteError { _ = try row.get(0, as: Bool.self) }?.code == SQLITE_MISMATCH)
    }

    @Test("Double and Float round-trip, and non-finite values never produce invalid SQL")
    func floatingPoint() throws {
        let db = try Connection()
        #expect(try roundTrip(0.1, in: db) == (0.1, 0.1))
        #expect(try roundTrip(-Double.greatestFiniteMagnitude, in: db).0 == -Double.greatestFiniteMagnitude)
        #expect(try roundTrip(Float(3.25), in: db) == (3.25, 3.25))
        for value in [Double.infinity, -Double.infinity, 1.5, -0.0, 1e-300, 123456789.0, Double.nan] {
            let literal = SQLiteValue.real(value).sqliteLiteral
            let read = try db.scalar(Double.self, "SELECT \(literal)")
            if value.isNaN {
                #expect(read == nil)  // SQLite stores NaN as NULL
            } else {
                #expect(read == value, "\(literal)")
            }
        }
        #expect(try db.scalar(Int64.self, "SELECT 2") == 2)
        #expect(try #require(try db.cursor("SELECT 2").next()).get(0, as: Double.self) == 2.0)
    }

    @Test("every REAL's literal reads back as the same bits in the linked SQLite (3.40 misreads some shortest digits)")
    func realLiteralsAreExact() throws {
        let db = try Connection()
        var generator = SplitMix64(seed: 0x5EA1)
        // Random bit patterns cover every exponent; the ones SQLite 3.40 misreads from their
        // shortest digits are about 0.15% of them, so 20,000 values meet a few dozen.
        var values = (0..<20_000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        values += [-6.011020534134935e-298, 0.1 + 0.2, -.leastNormalMagnitude, -.greatestFiniteMagnitude, 0.1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308, 123456789.0, 1e16, 1e23]
        var literals: [String] = []
        for chunk in stride(from: 0, to: values.count, by: 400).map({ values[$0..<min($0 + 400, values.count)] }) {
            let texts = chunk.map { SQLiteValue.real($0).sqliteLiteral }
            literals += texts
            let row = try #require(try db.cursor("SELECT " + texts.joined(separator: ", ")).next())
            for (offset, value) in chunk.enumerated() {
                let read = try row.get(Int32(offset), as: Double.self)
                #expect(read.bitPattern == value.bitPattern, "\(texts[offset]) read as \(read), not \(value)")
            }
            // The exact form, the last resort, is exact for every value, not only where it is needed.
            let exact = try #require(try db.cursor("SELECT " + chunk.map(RealLiteral.exactExpression).joined(separator: ", ")).next())
            for (offset, value) in chunk.enumerated() {
                #expect(try exact.get(Int32(offset), as: Double.self).bitPattern == value.bitPattern, "\(RealLiteral.exactExpression(value))")
            }
        }
        // Most literals stay the shortest digits.
        #expect(literals.filter { $0.hasPrefix("(") }.count < values.count / 100)
    }

    @Test("text keeps embedded NULs and non-ASCII; empty text is not NULL")
    func text() throws {
        let db = try Connection()
        let tricky = "a\u{0}b — ünïcødé 🧱 'quoted'"
        #expect(try roundTrip(tricky, in: db) == (tricky, tricky))
        #expect(try roundTrip("", in: db) == ("", ""))
        try db.execute(sql: "CREATE TABLE t (x TEXT)")
        try db.run("INSERT INTO t VALUES (?)", "")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t WHERE x IS NULL") == 0)
        #expect(try db.scalar(Int64.self, "SELECT length(CAST(? AS BLOB))", tricky) == Int64(tricky.utf8.count))
        #expect(SQLiteValue.text("O'Reilly").sqliteLiteral == "'O''Reilly'")
        #expect(try db.scalar(String.self, "SELECT \(SQLiteValue.text(tricky).sqliteLiteral)") == tricky)
        #expect(SQLiteValue.quoteIdentifier("my \"table\"") == "\"my \"\"table\"\"\"")
    }

    @Test("blobs round-trip, empty blobs stay blobs, and literals are X'…'")
    func blobs() throws {
        let db = try Connection()
        let data = Data([0, 1, 0xAB, 0xFF])
        #expect(try roundTrip(data, in: db) == (data, data))
        #expect(try roundTrip(Data(), in: db) == (Data(), Data()))
        #expect(try db.scalar(String.self, "SELECT typeof(?)", Data()) == "blob")
        #expect(SQLiteValue.blob(data).sqliteLiteral == "X'0001ABFF'")
        #expect((try db.scalar(Blob.self, "SELECT \(SQLiteValue.blob(data).sqliteLiteral)"))?.bytes == [0, 1, 0xAB, 0xFF])
        let blob = Blob(bytes: [1, 2, 255])
        #expect(try roundTrip(blob, in: db) == (blob, blob))
        #expect(blob.toHex() == "0102ff")
        #expect(blob.description == "x'0102ff'")
    }

    @Test("dates keep milliseconds and read SQLite's own formats and Unix times")
    func dates() throws {
        let db = try Connection()
        let date = Date(timeIntervalSince1970: 1_416_314_730.123)
        #expect(date.sqliteValue == .text("2014-11-18T12:45:30.123"))
        let (direct, boxed) = try roundTrip(date, in: db)
        #expect(abs((direct ?? .distantPast).timeIntervalSince(date)) < 0.0005)
        #expect(direct == boxed)
        for edge in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5), Date.distantPast, Date.distantFuture] {
            let back = try roundTrip(edge, in: db).0
            #expect(abs((back ?? .distantPast).timeIntervalSince(edge)) < 0.0005, "\(edge)")
        }
        let expected = Date(timeIntervalSince1970: 1_709_214_310)  // 2024-02-29 13:45:10 UTC
        let texts = [
            "2024-02-29 13:45:10", "2024-02-29T13:45:10", "2024-02-29T13:45:10Z", "2024-02-29T13:45:10.000",
            "2024-02-29 15:45:10+02:00", "2024-02-29T12:45:10-0100", "2024-02-29T13:45:10.000000Z"
        ]
        for text in texts { #expect(Date(SQLiteValue.text(text)) == expected, "\(text)") }
        #expect(Date(SQLiteValue.text("2024-02-29")) == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(Date(SQLiteValue.text("2024-02-29 13:45")) == Date(timeIntervalSince1970: 1_709_214_300))
        #expect(Date(SQLiteValue.int(1_709_214_310)) == expected)
        #expect(Date(SQLiteValue.real(1_709_214_310.5)) == expected.addingTimeInterval(0.5))
        for bad in ["2023-02-29", "2024-13-01", "yesterday", "2024-02-29T25:00", "2024-02-29 13:45:10.", ""] {
            #expect(Date(SQLiteValue.text(bad)) == nil, "\(bad)")
        }
        // SQLite's date functions read what Slate writes.
        let reread = try db.scalar(String.self, "SELECT strftime('%s', ?)", date)
        #expect(reread == "1416314730")
        let fromSQLite = try #require(try db.cursor("SELECT datetime(1709214310, 'unixepoch')").next())
        #expect(try fromSQLite.get(0, as: Date.self) == expected)
    }

    @Test("UUID and URL round-trip; UUID reads either case and 16-byte blobs")
    func uuidAndURL() throws {
        let db = try Connection()
        let uuid = UUID()
        #expect(try roundTrip(uuid, in: db) == (uuid, uuid))
        #expect(uuid.sqliteValue == .text(uuid.uuidString))
        #expect(UUID(SQLiteValue.text(uuid.uuidString.lowercased())) == uuid)
        let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
        #expect(UUID(SQLiteValue.blob(bytes)) == uuid)
        #expect(UUID(SQLiteValue.text("not-a-uuid")) == nil)
        let url = try #require(URL(string: "https://example.com/a?b=c#d"))
        #expect(try roundTrip(url, in: db) == (url, url))
    }

    @Test("RawRepresentable and Optional conversions")
    func rawAndOptional() throws {
        enum Color: String, SQLiteRepresentable { case red, green }
        enum Size: Int, SQLiteRepresentable { case small = 1, large = 2 }
        let db = try Connection()
        #expect(try roundTrip(Color.green, in: db) == (.green, .green))
        #expect(try roundTrip(Size.large, in: db) == (.large, .large))
        #expect(Color(SQLiteValue.text("blue")) == nil)
        let cursor = try db.cursor("SELECT NULL, 5, 'blue'")
        let row = try #require(try cursor.next())
        #expect(try row.get(0, as: Int?.self) == nil)
        #expect(try row.get(1, as: Int?.self) == 5)
        #expect(sqliteError { _ = try row.get(0, as: Int.self) }?.explanation.contains("optional") == true)
        #expect(sqliteError { _ = try row.get(2, as: Color.self) }?.code == SQLITE_MISMATCH)
        #expect(sqliteError { _ = try row.get(2, as: Int?.self) }?.code == SQLITE_MISMATCH)
        #expect(Int?.none.sqliteValue == .null)
    }

    @Test("SQLiteValue literals are valid SQL that reads back the same value")
    func literals() throws {
        let db = try Connection()
        let values: [SQLiteValue] = [.int(.min), .int(.max), .real(0.5), .real(-1e-10), .text("a'b\"c"), .blob(Data([0, 255])), .null, 42, 1.5, "x", nil, true]
        for value in values {
            let read = try #require(try db.cursor("SELECT \(value.sqliteLiteral)").next())[0]
            #expect(read == value, "\(value.sqliteLiteral)")
        }
        #expect(SQLiteValue.null.isNull)
        #expect(SQLiteValue(binding: nil) == .null)
        #expect(SQLiteValue(binding: "x") == .text("x"))
        #expect(SQLiteValue.real(3).sqliteLiteral == "3.0")
    }
}
