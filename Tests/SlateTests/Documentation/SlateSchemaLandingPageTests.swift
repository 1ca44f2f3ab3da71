// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import SlateCore
import SlateSchema
import Testing

/// The examples of `SlateSchema.docc/SlateSchema.md`, run as written, with only `SlateCore` and
/// `SlateSchema` imported (as the `slate` tool uses them).
@Suite("SlateSchema landing page")
struct SlateSchemaLandingPageTests {
    @Test func readAndChange() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT)")
        try db.execute(sql: "INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada')")

        let columns = try db.schema.columnDefinitions(table: "users")
        print(columns.map(\.name))
        print(try db.schema.tableExists("users"))
        #expect(columns.map(\.name) == ["id", "email", "name"])
        #expect(try db.schema.tableExists("users"))

        try db.schemaChanger.alter(table: "users") { table in
            table.add(column: ColumnDefinition(name: "active", type: .INTEGER, nullable: false, defaultValue: .numericLiteral("1")))
            table.rename(column: "name", to: "full_name")
        }
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name) == ["id", "email", "full_name", "active"])
        #expect(try db.scalar(String.self, "SELECT full_name FROM users WHERE active = 1") == "Ada")
        #expect(db.supportsFTS5 == ((try? db.requireFTS5()) != nil))
    }
}
