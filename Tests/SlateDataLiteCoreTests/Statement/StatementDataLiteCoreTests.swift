import Foundation
import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// DataLiteCore's statement calls: binding rows, `execute(_:)` over rows, `currentRow()`.
@Suite("StatementDataLiteCoreTests")
struct StatementDataLiteCoreTests {
    @Test("DataLiteCore binding: by index, by name, typed, rows; out of range is SQLITE_RANGE")
    func binding() throws {
        let db = try usersDatabase()
        let insert = try db.prepare(sql: "INSERT INTO users (name, age) VALUES (:name, :age)")
        #expect(insert.parameterCount() == 2)
        #expect(insert.parameterIndexBy(":age") == 2)
        #expect(insert.parameterIndexBy(":missing") == 0)
        #expect(insert.parameterNameBy(1) == ":name")
        try insert.bind(.text("Ada"), at: 1)
        try insert.bind(36, at: 2)
        #expect(insert.expandedSQL == "INSERT INTO users (name, age) VALUES ('Ada', 36)")
        #expect(try insert.step() == false)
        try insert.reset()
        try insert.bind("Grace", by: ":name")
        try insert.bind(SQLiteValue.int(85), by: "age")
        try insert.step()
        try insert.reset()
        try insert.clearBindings()
        try insert.bind(["name": "Linus", "age": .null] as SQLiteRow)
        try insert.step()
        try insert.execute([["name": "Ken", "age": 80], ["name": "Dennis", "age": 70]])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 5)
        #expect(try db.scalar(SQLiteValue.self, "SELECT age FROM users WHERE name = 'Linus'") == nil)

        let range = sqliteError { try insert.bind(1, at: 3) }
        #expect(range?.code == SQLITE_RANGE)
        #expect(range?.explanation.contains("2 parameter") == true)
        #expect(sqliteError { try insert.bind(1, at: 0) }?.code == SQLITE_RANGE)
        let unknown = sqliteError { try insert.bind(1, by: ":nope") }
        #expect(unknown?.code == SQLITE_RANGE)
        #expect(unknown?.explanation.contains(":name") == true)
        #expect(sqliteError { try insert.bind(["nope": 1] as SQLiteRow) }?.code == SQLITE_RANGE)
    }

    @Test("columns: count, names, values, typed values and the current row with duplicate names")
    func columns() throws {
        let db = try usersDatabase()
        try db.run("INSERT INTO users (name, age) VALUES ('Ada', 36)")
        let select = try db.prepare(sql: "SELECT u.id, u.name, u.age, v.id FROM users u, users v")
        #expect(select.columnCount() == 4)
        #expect(select.columnNames == ["id", "name", "age", "id"])
        #expect(try select.step())
        #expect(select.columnValue(at: 1) == .text("Ada"))
        #expect(select.columnValue(at: 2) as Int? == 36)
        #expect(select.columnValue(at: 1) as Int? == nil)
        let row = try #require(select.currentRow())
        #expect(row.columns == ["id", "name", "age", "id"])
        #expect(row.count == 4)
        #expect(row["name"] == .text("Ada"))
        #expect(row.namedParameters == [":id", ":name", ":age", ":id"])
        #expect(try select.step() == false)
        #expect(try db.prepare(sql: "CREATE TABLE x (y)").currentRow() == nil)
    }
}
