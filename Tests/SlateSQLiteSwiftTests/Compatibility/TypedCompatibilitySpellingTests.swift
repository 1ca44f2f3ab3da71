import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's spellings in the typed layer do what their primaries do.
@Suite("Typed-layer compatibility spellings")
struct TypedCompatibilitySpellingTests: UsersFixture {
    @Test func whereIsFilter() throws {
        #expect(users.where(verified).asSQL() == users.filter(verified).asSQL())
        #expect(users.where(name == "Alice").asSQL() == users.filter(name == "Alice").asSQL())
        #expect(users.where(id > 1).where(verified).asSQL() == "SELECT * FROM \"users\" WHERE ((\"id\" > 1) AND \"verified\")")

        let db = try makeUsersDatabase()
        let filtered = try db.prepare(users.filter(verified)).map { try $0.get(id) }
        #expect(try db.prepare(users.where(verified)).map { try $0.get(id) } == filtered)
        #expect(filtered == [1, 3])
    }

    @Test func expressionIsSQLExpression() throws {
        #expect(SlateSQLiteSwift.Expression<Int64>.self == SQLExpression<Int64>.self)
        let column: SlateSQLiteSwift.Expression<String?> = name
        #expect(column.template == "\"name\"")
    }

    @Test func foreignKeyErrorRowIdIsRowID() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents (id));
                INSERT INTO children VALUES (7, 1);
                """)
        let problems = try db.foreignKeyCheck()
        #expect(problems == [ForeignKeyError(from: "children", rowID: 7, to: "parents")])
        #expect(problems.first?.rowId == 7)
        #expect(ForeignKeyError(from: "children", rowId: 7, to: "parents") == problems.first)
        #expect(problems.first?.description == "children [7] => parents")
        // An unknown table is an error, and the check changes nothing.
        #expect(throws: SQLiteError.self) { try db.foreignKeyCheck(table: "missing") }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM children") == 1)
    }

    @Test func expressionAndSQLExpressionAreTheSameType() {
        let typed: SlateSQLiteSwift.Expression<Int64> = SlateSQLiteSwift.Expression<Int64>("id")
        let same: SQLExpression<Int64> = typed
        #expect(same.asSQL() == "\"id\"")
    }

    @Test func rawTemplatesBindSQLiteSwiftBindings() {
        let expression = SQLExpression<Bool>("\"a\" = ? AND \"b\" = ?", [1, "x"])
        #expect(expression.asSQL() == "\"a\" = 1 AND \"b\" = 'x'")
        #expect(expression.bindings.count == 2)
        // A `?` inside a quoted literal is not a placeholder.
        #expect(SQLExpression<Bool>("'?' = ?", [2]).asSQL() == "'?' = 2")
    }

    @Test func insertOrEncodableIsInsertOr() throws {
        struct Task: Codable { var title: String }
        let tasks = Table("tasks")
        let task = Task(title: "Write")
        #expect(try tasks.insert(or: .replace, encodable: task).asSQL() == tasks.insert(or: .replace, task).asSQL())
    }
}
