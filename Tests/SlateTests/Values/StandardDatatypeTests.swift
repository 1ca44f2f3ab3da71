import Foundation
import Slate
import Testing

/// The standard types declare SQLite.swift's `Datatype` (issue 12), while Slate keeps reading and
/// binding them through SlateCore directly (`StoredForm`).
@Suite("Standard types' Datatype (SQLite.swift's)")
struct StandardDatatypeTests {
    @Test("Bool and the integers are stored as Int64, Float as Double, Date/UUID/URL as String")
    func datatypesAreSQLiteSwifts() throws {
        #expect(Bool.Datatype.self == Int64.self && Int.Datatype.self == Int64.self)
        #expect(Int8.Datatype.self == Int64.self && UInt32.Datatype.self == Int64.self)
        #expect(Float.Datatype.self == Double.self)
        #expect(Date.Datatype.self == String.self && UUID.Datatype.self == String.self && URL.Datatype.self == String.self)
        let t: Int64 = true.datatypeValue
        let f: Int64 = false.datatypeValue
        #expect(t == 1 && f == 0)
        #expect(Bool.fromDatatypeValue(2) && !Bool.fromDatatypeValue(0))
        let uuid = try #require(UUID(uuidString: "4ABE10C9-FF12-4CD4-90C1-4B429001BAD3"))
        #expect(uuid.datatypeValue == "4ABE10C9-FF12-4CD4-90C1-4B429001BAD3")
        #expect(try UUID.fromDatatypeValue("4abe10c9-ff12-4cd4-90c1-4b429001bad3") == uuid)
        #expect(try URL.fromDatatypeValue("http://foo.com") == URL(string: "http://foo.com"))
        #expect(URL(string: "http://foo.com")?.datatypeValue == "http://foo.com")
        let date = Date(timeIntervalSince1970: 1_416_314_730.5)
        #expect(date.datatypeValue == "2014-11-18T12:45:30.500")
        #expect(try Date.fromDatatypeValue("2014-11-18T12:45:30.500") == date)
        #expect(try Date.fromDatatypeValue("2014-11-18 12:45:30.500") == date)
        #expect(try Date.fromDatatypeValue("1416314730.5") == date)
        #expect(try Int.fromDatatypeValue(Int64.max) == Int.max)
    }

    @Test("invalid stored forms throw SQLiteError instead of trapping")
    func invalidStoredFormsThrow() {
        for attempt in [
            { _ = try UUID.fromDatatypeValue("not a uuid") },
            { _ = try Date.fromDatatypeValue("yesterday") },
            { _ = try Date.fromDatatypeValue("2014-13-45T00:00:00.000") },
            { _ = try URL.fromDatatypeValue("") },
            { _ = try Int8.fromDatatypeValue(128) },
            { _ = try UInt8.fromDatatypeValue(-1) },
            { _ = try Int32.fromDatatypeValue(Int64(Int32.max) + 1) },
            { _ = try Float.fromDatatypeValue(1e300) }
        ] as [() throws -> Void] {
            #expect(throws: SQLiteError.self) { try attempt() }
        }
    }

    @Test("a date outside 0000–9999 has a number as datatypeValue, read back, and is refused by writes")
    func outOfRangeDates() throws {
        let far = Date(timeIntervalSince1970: 1e12)
        #expect(try Date.fromDatatypeValue(far.datatypeValue) == far)
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (d TEXT)")
        let d = SQLExpression<Date>("d")
        #expect(throws: SQLiteError.self) { try db.run(Table("t").insert(d <- far)) }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
    }

    @Test("typed reads keep SlateCore's direct readers: Unix times as dates, strict Bool, exact integers")
    func typedReadsKeepDirectPaths() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t (d, b, i, u, small);
                INSERT INTO t VALUES (1416314730.5, 1, 300, '4ABE10C9-FF12-4CD4-90C1-4B429001BAD3', 7);
                INSERT INTO t VALUES ('2014-11-18 12:45:30.500', 2, 5, 'nope', 1e300);
                """)
        let t = Table("t")
        let d = SQLExpression<Date>("d"), b = SQLExpression<Bool>("b"), i = SQLExpression<Int8>("i")
        let u = SQLExpression<UUID>("u"), wide = SQLExpression<Int>("i"), small = SQLExpression<Float>("small")
        let rows = try db.cursor(t).map { $0.snapshot() }
        let date = Date(timeIntervalSince1970: 1_416_314_730.5)
        // A REAL Unix time and SQLite's own date text both read as the date.
        #expect(try rows[0].get(d) == date && rows[1].get(d) == date)
        #expect(try rows[0].get(b) == true)
        #expect(throws: SQLiteError.self) { try rows[1].get(b) }  // 2 is no Bool in a typed read
        #expect(throws: SQLiteError.self) { try rows[0].get(i) }  // 300 does not fit Int8
        #expect(try rows[1].get(i) == 5 && rows[0].get(wide) == 300)
        #expect(try rows[0].get(u) == UUID(uuidString: "4ABE10C9-FF12-4CD4-90C1-4B429001BAD3"))
        #expect(throws: SQLiteError.self) { try rows[1].get(u) }
        #expect(try rows[0].get(small) == 7)
        #expect(throws: SQLiteError.self) { try rows[1].get(small) }
        // The in-place cursor gives the same answers.
        #expect(try db.cursor(t).map { try $0.get(d) } == [date, date])
        // Codable and pluck as well.
        #expect(try db.pluck(t.select(d).limit(1))?.get(d) == date)
    }

    @Test("writes bind the stored form: Bool as 1/0, Date as SQLite.swift's text, UUID uppercase")
    func writesBindStoredForms() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (b, d, u, l, n)")
        let t = Table("t")
        let b = SQLExpression<Bool>("b"), d = SQLExpression<Date>("d"), u = SQLExpression<UUID>("u")
        let l = SQLExpression<URL>("l"), n = SQLExpression<Int32?>("n")
        let uuid = try #require(UUID(uuidString: "4abe10c9-ff12-4cd4-90c1-4b429001bad3"))
        try db.run(
            t.insert(
                b <- true, d <- Date(timeIntervalSince1970: 0), u <- uuid,
                l <- URL(string: "http://foo.com")!, n <- nil))
        #expect(try db.scalar(String.self, "SELECT typeof(b) || ':' || b FROM t") == "integer:1")
        #expect(try db.scalar(String.self, "SELECT d FROM t") == "1970-01-01T00:00:00.000")
        #expect(try db.scalar(String.self, "SELECT u FROM t") == "4ABE10C9-FF12-4CD4-90C1-4B429001BAD3")
        #expect(try db.scalar(String.self, "SELECT l FROM t") == "http://foo.com")
        #expect(try db.scalar(Int64.self, "SELECT n IS NULL FROM t") == 1)
        #expect(try db.scalar(t.filter(u == uuid).count) == 1)
        #expect(try db.scalar(t.filter([uuid].contains(u)).count) == 1)
    }

    @Test("Bool expressions order through Int64, and random() exists for every Int64-stored type")
    func sqliteSwiftOverloads() {
        let verified = SQLExpression<Bool>("verified"), active = SQLExpression<Bool>("active")
        #expect((verified > active).asSQL() == "(\"verified\" > \"active\")")
        #expect((verified < true).asSQL() == "(\"verified\" < 1)")
        #expect(SQLExpression<Int>.random().asSQL() == "random()")
        #expect(SQLExpression<Int64>.random().asSQL() == "random()")
        #expect(SQLExpression<Int32>.random().asSQL() == "random()")
    }
}
