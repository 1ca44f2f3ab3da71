import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Cursor and Row")
struct CursorTests {
    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, weight REAL, image BLOB, added TEXT);
            INSERT INTO parts VALUES (1, 'brick 2x4', 2.3, x'00ff', '2024-01-02 03:04:05');
            INSERT INTO parts VALUES (2, 'plate 1x1', NULL, NULL, NULL);
            """)
    }

    @Test("typed reads by index and by name, optionals for NULL")
    func typedReads() throws {
        let db = try makeDatabase()
        let cursor = try db.cursor("SELECT id, name, weight, image, added FROM parts WHERE id >= ? ORDER BY id", 1)
        let first = try #require(try cursor.next())
        #expect(first.columnCount == 5)
        #expect(try first.get(0, as: Int.self) == 1)
        #expect(try first.get("name", as: String.self) == "brick 2x4")
        #expect(try first.get("WEIGHT", as: Double.self) == 2.3)
        #expect(try first.get(3, as: Data.self) == Data([0, 255]))
        #expect(try first.get("added", as: Date.self) == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(!first.isNull(2))
        let second = try #require(try cursor.next())
        #expect(try second.get(2, as: Double?.self) == nil)
        #expect(second.isNull(3))
        #expect(try cursor.next() == nil)
    }

    @Test("wrong-type reads, NULL into non-optionals, bad indices and names are clear errors")
    func readErrors() throws {
        let db = try makeDatabase()
        let cursor = try db.cursor("SELECT id, name, weight FROM parts WHERE id = 2")
        let row = try #require(try cursor.next())
        let wrongType = try #require(sqliteError { _ = try row.get(1, as: Int.self) })
        #expect(wrongType.code == SQLITE_MISMATCH)
        #expect(wrongType.explanation.contains("column 1 (name) holds TEXT"))
        #expect(wrongType.sql == "SELECT id, name, weight FROM parts WHERE id = 2")
        let null = try #require(sqliteError { _ = try row.get("weight", as: Double.self) })
        #expect(null.explanation.contains("NULL"))
        #expect(sqliteError { _ = try row.get(3, as: Int.self) }?.code == SQLITE_RANGE)
        #expect(sqliteError { _ = try row.get(-1, as: Int?.self) }?.code == SQLITE_RANGE)
        let name = try #require(sqliteError { _ = try row.get("mass", as: Double.self) })
        #expect(name.explanation.contains("id, name, weight"))
    }

    @Test("snapshots outlive the step; rows(), map and forEach collect results")
    func snapshots() throws {
        let db = try makeDatabase()
        let statement = try db.prepare(sql: "SELECT id, name FROM parts ORDER BY id")
        let rows = try statement.rows()
        #expect(rows.count == 2)
        #expect(rows[0].columnNames == ["id", "name"])
        #expect(try rows[1].get("name", as: String.self) == "plate 1x1")
        #expect(rows[1]["id"] == .int(2))
        #expect(rows[1]["nope"] == nil)
        #expect(rows[0][1] == .text("brick 2x4"))
        #expect(rows[0].description == "[id: 1, name: 'brick 2x4']")
        #expect(rows[0].layout === rows[1].layout)
        #expect(sqliteError { _ = try rows[0].get(5, as: Int.self) }?.code == SQLITE_RANGE)
        #expect(sqliteError { _ = try rows[0].get("name", as: Int.self) }?.code == SQLITE_MISMATCH)
        #expect(sqliteError { _ = try rows[0].get("zzz", as: Int.self) }?.code == SQLITE_RANGE)

        // A statement reruns from the start each time a cursor is made.
        let names = try statement.cursor().map { try $0.get(1, as: String.self) }
        #expect(names == ["brick 2x4", "plate 1x1"])
        var ids: [Int64] = []
        try statement.cursor().forEach { ids.append(try $0.get(0)) }
        #expect(ids == [1, 2])
    }

    @Test("forEach and map read every row through one view; an error in the body stops the walk")
    func oneViewPerWalk() throws {
        let db = try makeDatabase()
        let statement = try db.prepare(sql: "SELECT id, name FROM parts ORDER BY id")
        var seen: [RowView] = []
        var names: [String] = []
        try statement.cursor().forEach { row in
            seen.append(row)
            names.append(try row.get("name"))
        }
        #expect(names == ["brick 2x4", "plate 1x1"])
        // The views handed out are the same view: they read whatever row the statement is on.
        let again = statement.cursor()
        _ = try again.next()
        #expect(try seen.map { try $0.get(0, as: Int64.self) } == [1, 1])

        struct Stop: Error {}
        var visited = 0
        #expect(throws: Stop.self) {
            try statement.cursor().forEach { _ in
                visited += 1
                throw Stop()
            }
        }
        #expect(visited == 1)
        #expect(throws: Stop.self) { _ = try statement.cursor().map { _ -> Int in throw Stop() } }
        // The statement runs again from the start afterwards.
        #expect(try statement.cursor().map { try $0.get(0, as: Int64.self) } == [1, 2])
        // A closed connection surfaces as SQLiteError from the walk.
        db.close()
        #expect(sqliteError { try statement.cursor().forEach { _ in } }?.code == SQLITE_MISUSE)
    }

    @Test("an error while stepping surfaces from next()")
    func steppingError() throws {
        let db = try Connection()
        let cursor = try db.cursor("SELECT 1 UNION ALL SELECT abs(-9223372036854775807 - 1)")
        #expect(try cursor.next() != nil)
        #expect(throws: SQLiteError.self) { _ = try cursor.next() }
    }
}
