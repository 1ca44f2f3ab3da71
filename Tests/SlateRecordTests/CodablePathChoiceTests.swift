import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// A record whose column is not its property's name: the generated code writes and reads
/// `full_name`, the Codable path would use `name`. So these tests see which path ran.
@Table("people")
struct Person: Codable, Equatable {
    @Column(primaryKey: true) var id: Int64
    @Column("full_name") var name: String
}

/// A record with its own coding keys keeps the Codable path for SQLite.swift's calls.
@Table("labels")
struct Label: Codable, Equatable {
    var text: String
    enum CodingKeys: String, CodingKey {
        case text = "caption"
    }
}

@Suite("Records: which path SQLite.swift's Codable calls take")
struct CodablePathChoiceTests {
    @Test func codableCallsTakeTheGeneratedCode() throws {
        let db = try inMemoryDatabase("CREATE TABLE people (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL)")
        let people = Table("people")
        try db.run(people.insert(Person(id: 1, name: "Ada")))
        try db.run(people.insertMany([Person(id: 2, name: "Bob")]))
        try db.run(people.filter(SQLExpression<Int64>("id") == 2).update(Person(id: 2, name: "Bea")))
        #expect(try rowValues(db, "SELECT id, full_name FROM people ORDER BY id") == [[.int(1), .text("Ada")], [.int(2), .text("Bea")]])

        let decoded: [Person] = try db.cursor(people.order(SQLExpression<Int64>("id"))).map { try $0.snapshot().decode() }
        #expect(decoded == [Person(id: 1, name: "Ada"), Person(id: 2, name: "Bea")])
        #expect(try db.prepare(sql: "SELECT * FROM people ORDER BY id").cursor().decodeAll(Person.self) == decoded)
    }

    @Test func generatedCodeErrorsAreSQLiteErrorsNamingTheColumn() throws {
        let db = try inMemoryDatabase("CREATE TABLE people (id INTEGER PRIMARY KEY, full_name TEXT)")
        try db.execute(sql: "INSERT INTO people VALUES (1, NULL)")
        let row = try #require(try db.pluck(Table("people")))
        let error = expectSQLiteError(SQLITE_MISMATCH) { let _: Person = try row.decode() }
        #expect(error?.details?.contains("column \"full_name\" is NULL") == true, "\(String(describing: error))")
        #expect(error?.details?.contains("String") == true)
    }

    @Test func customCodingKeysKeepTheCodablePath() throws {
        #expect(Label.codableUsesRecordColumns == false)
        let db = try inMemoryDatabase("CREATE TABLE labels (text TEXT, caption TEXT)")
        try db.run(Table("labels").insert(Label(text: "hello")))
        #expect(try rowValues(db, "SELECT text, caption FROM labels") == [[.null, .text("hello")]])
        // The record's own API uses its columns.
        try Label(text: "own").insert(db)
        #expect(try rowValues(db, "SELECT text, caption FROM labels WHERE text IS NOT NULL") == [[.text("own"), .null]])
    }
}
