import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 30, item 5: a reused statement's columns are those of the attached databases as they
/// are now, after a DETACH and ATTACH of another file under the same name, or an ALTER TABLE in
/// an attached schema (the stamp of reused statements covered only `main` and `temp`).
@Suite("Statements: reused statements and attached databases")
struct RecycledStatementAttachTests {
    @Test("after DETACH and ATTACH of another file, or an ALTER TABLE there, a statement has the new columns")
    func attachedSchemaChanges() throws {
        let directory = try TemporaryDirectory()
        for (name, schema) in [("one.sqlite", "CREATE TABLE u (a)"), ("two.sqlite", "CREATE TABLE u (b, c)")] {
            let db = try Connection(directory.path(name))
            try db.execute(sql: schema)
            db.close()
        }
        let queue = try DatabaseQueue(path: directory.path("main.sqlite"))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let attach = { (file: String) in
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE \(SQLiteValue.quote(directory.path(file))) AS aux")
            }
        }
        func columns(_ sql: String) throws -> (names: [String], count: Int32) {
            try queue.write { db in
                let statement = try db.prepare(sql: sql)
                return (statement.columnNames, statement.columnCount())
            }
        }
        try attach("one.sqlite")
        for sql in ["SELECT * FROM aux.u", "SELECT * FROM u"] {
            #expect(try columns(sql).names == ["a"])
            #expect(try columns(sql).names == ["a"])  // the kept statement, if any
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "DETACH DATABASE aux") }
        try attach("two.sqlite")
        for sql in ["SELECT * FROM aux.u", "SELECT * FROM u"] {
            let now = try columns(sql)
            #expect(now.names == ["b", "c"], "\(sql)")
            #expect(now.count == 2, "\(sql)")
        }
        try queue.write { db in try db.execute(sql: "ALTER TABLE aux.u ADD COLUMN d") }
        for sql in ["SELECT * FROM aux.u", "SELECT * FROM u"] {
            let now = try columns(sql)
            #expect(now.names == ["b", "c", "d"], "\(sql)")
            #expect(now.count == 3, "\(sql)")
        }
        // Once detached, statements of main are reused as before, with main's columns.
        try queue.writeWithoutTransaction { db in try db.execute(sql: "DETACH DATABASE aux") }
        #expect(try columns("SELECT * FROM t").names == ["x"])
        #expect(try columns("SELECT * FROM t").names == ["x"])
    }
}
