import Foundation
import Slate
import SlateTestSupport
import Testing

/// The cached write paths (typed and Codable inserts by shape, `InsertStatement`) against a
/// database another connection has locked, and a read-only connection: a clear `SQLiteError`,
/// nothing written, and the same shape works once the lock is gone.
@Suite("Writes on locked and read-only databases")
struct CachedWriteFailureTests: ItemsFixture {
    struct Item: Codable { let a: Int64; let b: String? }

    /// A database file with `items`, removed when the test ends.
    private func withDatabase(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("fastpath.sqlite")
        let setup = try Connection(path)
        try setup.execute(sql: "CREATE TABLE items (a INTEGER PRIMARY KEY, b TEXT)")
        setup.close()
        try body(path)
    }

    @Test func lockedDatabaseThrowsBusyThenTheSameShapesWork() throws {
        try withDatabase { path in
            let db = try Connection(path)
            let other = try Connection(path)
            // Warm every cached shape first, so the failures go through the cached statements.
            try db.run(items.insert(a <- 1, b <- "one"))
            try db.run(items.insert(Item(a: 2, b: "two")))
            let description = try TableDescription(
                name: "items",
                columns: [
                    ColumnDescription(name: "a", type: .integer, nullable: false),
                    ColumnDescription(name: "b", type: .text, nullable: true)
                ])
            let described = try db.prepareInsert(into: description)
            try described.insert(values: [.int(3), .text("three")])

            try other.execute(sql: "BEGIN IMMEDIATE")  // holds the write lock
            func code(_ body: () throws -> Void) -> SQLiteError? {
                do { try body(); return nil } catch { return error as? SQLiteError }
            }
            #expect(code { try db.run(items.insert(a <- 4, b <- "four")) }.map { $0.code == SQLITE_BUSY } == true)
            #expect(code { try db.run(items.insert(Item(a: 5, b: nil))) }.map { $0.code == SQLITE_BUSY } == true)
            #expect(code { try described.insert(values: [.int(6), .null]) }.map { $0.code == SQLITE_BUSY } == true)
            #expect(code { try described.insert(["a": .int(7), "b": .text("x")]) }.map { $0.code == SQLITE_BUSY } == true)
            try other.execute(sql: "ROLLBACK")

            // Nothing was written, and the same shapes (and statements) now succeed.
            try db.run(items.insert(a <- 4, b <- "four"))
            try db.run(items.insert(Item(a: 5, b: nil)))
            try described.insert(values: [.int(6), .null])
            #expect(try db.cursor(items.order(a)).map { try $0.get(a) } == [1, 2, 3, 4, 5, 6])
        }
    }

    @Test func readOnlyConnectionThrowsReadonly() throws {
        try withDatabase { path in
            let db = try Connection(path, options: .readonly)
            for _ in 0..<2 {  // the second time through the cached shapes
                do {
                    try db.run(items.insert(a <- 1, b <- "one"))
                    Issue.record("expected SQLITE_READONLY")
                } catch let error as SQLiteError {
                    #expect(error.code == SQLITE_READONLY)
                }
                do {
                    try db.run(items.insert(Item(a: 2, b: "two")))
                    Issue.record("expected SQLITE_READONLY")
                } catch let error as SQLiteError {
                    #expect(error.code == SQLITE_READONLY)
                }
            }
            #expect(try db.scalar(items.count) == 0)
        }
    }
}
