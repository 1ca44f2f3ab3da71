// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The examples of `Slate.docc/TableDescriptions.md`, run as written.
@Suite("Table descriptions article")
struct TableDescriptionsArticleTests {
    @Test func describeLoadAndRead() throws {
        let db = try Connection()

        let parts = try TableDescription(name: "parts", columns: [
            ColumnDescription(name: "number", type: .text, nullable: false),
            ColumnDescription(name: "name", type: .text, nullable: false),
            ColumnDescription(name: "weight", type: .real),
        ])
        try db.createTable(parts)
        // CREATE TABLE "parts" ("name" TEXT NOT NULL, "number" TEXT NOT NULL, "weight" REAL)
        #expect(try db.schema.objectDefinitions(name: "parts").first?.sql
            == #"CREATE TABLE "parts" ("name" TEXT NOT NULL, "number" TEXT NOT NULL, "weight" REAL)"#)

        let insert = try db.prepareInsert(into: parts)
        try db.transaction {
            for (number, name) in [("3001", "Brick 2 x 4"), ("3003", "Brick 2 x 2"), ("3004", "Brick 1 x 2")] {
                try insert.insert(["number": .text(number), "name": .text(name), "weight": .real(2.3)])
            }
        }
        try insert.insert(values: [.text("Plate 1 x 1"), .text("3024"), .null])   // in orderedColumns order
        // A missing NOT NULL column, and an unknown column, are refused before SQLite sees them.
        #expect(throws: SQLiteError.self) { try insert.insert(["name": .text("Tile")]) }
        #expect(throws: SQLiteError.self) { try insert.insert(["number": .text("1"), "name": .text("x"), "colour": .text("red")]) }

        let rows = try db.readAllRows(from: parts)
        print(rows.count, try rows[0].get("name", as: String.self))   // 4 Brick 2 x 4
        #expect(rows.count == 4)
        #expect(try rows[0].get("name", as: String.self) == "Brick 2 x 4")
        #expect(try rows[3].get("number", as: String.self) == "3024")

        // A table that differs from its description is reported, not read.
        let other = try TableDescription(name: "parts", columns: [ColumnDescription(name: "number", type: .integer)])
        #expect(throws: SQLiteError.self) { _ = try db.readAllRows(from: other) }
        #expect(throws: SQLiteError.self) { _ = try TableDescription(name: "", columns: []) }
    }
}
