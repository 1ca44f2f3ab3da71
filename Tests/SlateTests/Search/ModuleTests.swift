import Foundation
import Slate
import Testing

/// `Module(_:_:)` writes SQLite.swift 0.16's text: the name quoted, the arguments as literals.
@Suite("Virtual-table modules")
struct ModuleTests {
    @Test("a named module quotes its name and inlines its arguments")
    func namedModule() throws {
        let table = VirtualTable("virtual_table")
        #expect(
            table.create(Module("custom", ["foo", "bar"]))
                == "CREATE VIRTUAL TABLE \"virtual_table\" USING \"custom\"('foo', 'bar')")
        let db = try Connection()
        // SQLite takes a quoted module name.
        try db.run(
            VirtualTable("boxes").create(
                Module(
                    "rtree",
                    [
                        SQLExpression<Int64>("id"),
                        SQLExpression<Double>("minX"), SQLExpression<Double>("maxX")
                    ])))
        try db.run("INSERT INTO boxes VALUES (1, 0, 2)")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM boxes WHERE maxX > 1") == 1)
        // An unknown module is a clear error, and nothing is created.
        let error = #expect(throws: SQLiteError.self) { try db.run(table.create(Module("custom", ["foo"]))) }
        #expect(error?.message.contains("no such module") == true)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name = 'virtual_table'") == 0)
    }
}
