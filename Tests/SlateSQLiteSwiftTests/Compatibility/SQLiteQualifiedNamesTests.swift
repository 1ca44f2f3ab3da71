import Foundation
import SlateSQLiteSwift
import Testing

/// SQLite.swift code qualifies names with its module, `SQLite.Expression`, `SQLite.Table`, …;
/// after `import SQLite` becomes `import Slate` the same text compiles and means Slate's types.
@Suite("SQLite.X qualified names")
struct SQLiteQualifiedNamesTests {
    @Test func qualifiedTypedQueryCompilesAndRuns() throws {
        let db = try SQLite.Connection(.inMemory)
        let users = SQLite.Table("users")
        let id = SQLite.Expression<Int64>("id")
        let email = SQLite.Expression<String>("email")
        let name = SQLite.Expression<String?>("name")
        try db.run(
            users.create { (t: SQLite.TableBuilder) in
                t.column(id, primaryKey: true)
                t.column(email, unique: true)
                t.column(name)
            })
        let insert: SQLite.Insert = users.insert(email <- "alice@mac.com", name <- "Alice")
        #expect(try db.run(insert) == 1)
        let update: SQLite.Update = users.filter(id == 1).update(name <- "Alicia")
        #expect(try db.run(update) == 1)
        let rows: [SQLite.Row] = try Array(db.prepare(users))
        #expect(rows.count == 1)
        #expect(try rows[0].get(name) == "Alicia")
        let delete: SQLite.Delete = users.filter(id == 1).delete()
        #expect(try db.run(delete) == 1)
        // A qualified name is the same type as the unqualified one.
        #expect(SQLite.Expression<Int64>.self == SQLExpression<Int64>.self)
        #expect(SQLite.Table.self == Table.self)
        #expect(SQLite.Connection.self == Connection.self)
        #expect(SQLite.Statement.self == Statement.self)
    }

    @Test func qualifiedProtocolsAndSchemaNames() throws {
        func template(_ e: some SQLite.Expressible) -> String { e.expression.template }
        #expect(template(SQLite.Expression<Int>("x") + 1) == "(\"x\" + ?)")
        let setter: SQLite.Setter = SQLite.Expression<Int>("x") <- 2
        #expect(template(setter) == "\"x\" = ?")
        let view = SQLite.View("v")
        #expect(view.asSQL() == "SELECT * FROM \"v\"")
        let virtual = SQLite.VirtualTable("search")
        #expect(virtual.create(.FTS4(SQLite.Expression<String>("body"))).contains("USING fts4(\"body\")"))
        #expect(SQLite.Collation.nocase.description == "NOCASE")
        #expect(SQLite.OnConflict.replace.rawValue == "REPLACE")
        #expect(SQLite.JoinType.leftOuter.rawValue == "LEFT OUTER")
    }

    @Test func qualifiedSchemaReaderSeesTables() throws {
        let db = try SQLite.Connection(.inMemory)
        try db.execute("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL)")
        let columns: [SQLite.ColumnDefinition] = try db.schema.columnDefinitions(table: "t")
        #expect(columns.map(\.name) == ["a", "b"])
        let changer = SQLite.SchemaChanger(connection: db)
        try changer.alter(table: "t") { table in table.drop(column: "b") }
        #expect(try db.schema.columnDefinitions(table: "t").map(\.name) == ["a"])
        // A bad statement through a qualified name still fails with SQLiteError.
        #expect(throws: SQLiteError.self) { try db.run(SQLite.Table("missing").insert(SQLite.Expression<Int>("a") <- 1)) }
    }
}
