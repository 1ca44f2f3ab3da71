import Foundation
import Slate
import Testing

/// A custom type stored through `Value`, as the documentation's Custom Types section shows.
struct Celsius: Value, Equatable {
    let degrees: Double
    static let declaredDatatype = Double.declaredDatatype
    static func fromDatatypeValue(_ datatypeValue: Double) -> Celsius { Celsius(degrees: datatypeValue) }
    var datatypeValue: Double { degrees }
}

/// A custom type whose conversion can fail (Codable too, so that both readers of a row can read it).
struct EvenNumber: Value, Codable {
    struct NotEven: Error {}
    let value: Int64
    static let declaredDatatype = "INTEGER"
    static func fromDatatypeValue(_ datatypeValue: Int64) throws -> EvenNumber {
        guard datatypeValue % 2 == 0 else { throw NotEven() }
        return EvenNumber(value: datatypeValue)
    }
    var datatypeValue: Int64 { value }
}

/// A class conforming through `ValueType`, like the documentation's `UIImage` example.
class Picture: Value {
    let bytes: Data
    init(bytes: Data) { self.bytes = bytes }
    class var declaredDatatype: String { Blob.declaredDatatype }
    class func fromDatatypeValue(_ blobValue: Blob) -> Picture { Picture(bytes: Data.fromDatatypeValue(blobValue)) }
    var datatypeValue: Blob { bytes.datatypeValue }
}

@Suite("Values and custom types")
struct ValueTests {
    @Test func declaredDatatypes() {
        #expect(Int64.declaredDatatype == "INTEGER")
        #expect(Int.declaredDatatype == "INTEGER")
        #expect(Bool.declaredDatatype == "INTEGER")
        #expect(Double.declaredDatatype == "REAL")
        #expect(String.declaredDatatype == "TEXT")
        #expect(Blob.declaredDatatype == "BLOB")
        #expect(Data.declaredDatatype == "BLOB")
        #expect(Date.declaredDatatype == "TEXT")
        #expect(UUID.declaredDatatype == "TEXT")
        #expect(URL.declaredDatatype == "TEXT")
    }

    @Test func standardTypesRoundTrip() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (d TEXT, u TEXT, l TEXT, b BLOB, f INTEGER, c REAL, e INTEGER, p BLOB)")
        let date = Date(timeIntervalSince1970: 1_416_314_730.5)
        let uuid = UUID()
        let url = URL(string: "https://example.com/a?b=c")!
        let data = Data([0, 1, 2, 255])
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", date, uuid, url, data, true, 21.5, 3, Data([9]))
        let row = try #require(try db.pluck(Table("t")))
        #expect(try row.get(SQLExpression<Date>("d")) == date)
        #expect(try row.get(SQLExpression<UUID>("u")) == uuid)
        #expect(try row.get(SQLExpression<URL>("l")) == url)
        #expect(try row.get(SQLExpression<Data>("b")) == data)
        #expect(try row.get(SQLExpression<Blob>("b")) == Blob(bytes: [0, 1, 2, 255]))
        #expect(try row.get(SQLExpression<Bool>("f")) == true)
        #expect(try row.get(SQLExpression<Celsius>("c")) == Celsius(degrees: 21.5))
        #expect(try row.get(SQLExpression<Picture>("p")).bytes == Data([9]))
        // A conversion that fails reports the custom type's error.
        #expect(throws: EvenNumber.NotEven.self) { try row.get(SQLExpression<EvenNumber>("e")) }
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<Int8?>("d")) }
    }

    @Test func valuesInlineAsLiterals() {
        let published = SQLExpression<Date>("published_at")
        let date = Date(timeIntervalSince1970: 1_416_314_730)
        #expect((published <= date).asSQL() == "(\"published_at\" <= '2014-11-18T12:45:30.000')")
        #expect(SQLExpression<Celsius>(value: Celsius(degrees: 3)).asSQL() == "3.0")
        #expect(SQLExpression<Data>(value: Data([0xAB])).asSQL() == "X'AB'")
    }
}

enum Status: String, Value {
    case active, archived
}

enum Priority: Int64, Value {
    case low = 1, high = 2
}

@Suite("Enums as values")
struct EnumValueTests {
    @Test func enumsStoreTheirRawValues() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE tasks (status TEXT NOT NULL, priority INTEGER)")
        let tasks = Table("tasks")
        let status = SQLExpression<Status>("status")
        let priority = SQLExpression<Priority?>("priority")
        #expect(Status.declaredDatatype == "TEXT")
        #expect(Priority.declaredDatatype == "INTEGER")
        try db.run(tasks.insert(status <- .active, priority <- .high))
        try db.run(tasks.insert(status <- .archived, priority <- nil))
        #expect(tasks.filter(status == .active).asSQL() == "SELECT * FROM \"tasks\" WHERE (\"status\" = 'active')")
        #expect(try db.cursor(tasks.filter(status == .active)).map { try $0.get(priority) } == [.high])
        #expect(try db.cursor(tasks).map { try $0.get(status) } == [.active, .archived])
        try db.run("INSERT INTO tasks VALUES ('deleted', 7)")
        let bad = try #require(try db.pluck(tasks.filter(status == Status.active).limit(1, offset: 0)))
        #expect(try bad.get(status) == .active)
        let unknown = try #require(try db.pluck(Table("tasks").filter(SQLExpression<String>("status") == "deleted")))
        #expect(throws: SQLiteError.self) { try unknown.get(status) }
        #expect(throws: SQLiteError.self) { try unknown.get(priority) }
    }
}

@Suite("Declared datatypes")
struct DeclaredDatatypeTests {
    @Test("every standard Value declares the column type SQLite.swift uses")
    func declaredDatatypes() throws {
        let integers = [
            Int64.declaredDatatype, Int.declaredDatatype, Int32.declaredDatatype, Int16.declaredDatatype,
            Int8.declaredDatatype, UInt32.declaredDatatype, UInt16.declaredDatatype, UInt8.declaredDatatype,
            Bool.declaredDatatype
        ]
        #expect(integers.allSatisfy { $0 == "INTEGER" })
        #expect(Double.declaredDatatype == "REAL" && Float.declaredDatatype == "REAL")
        #expect([String.declaredDatatype, Date.declaredDatatype, UUID.declaredDatatype, URL.declaredDatatype].allSatisfy { $0 == "TEXT" })
        #expect(Blob.declaredDatatype == "BLOB" && Data.declaredDatatype == "BLOB")
        #expect(try Int8.fromDatatypeValue(-8) == -8 && Float(2.5).datatypeValue == 2.5)
    }
}
