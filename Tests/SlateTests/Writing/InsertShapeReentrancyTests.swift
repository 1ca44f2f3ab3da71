import Foundation
import Slate
import SlateTestSupport
import Testing

/// Review of the issue 5 performance work: reentrancy, cache invalidation and lifetimes of the
/// new caches (insert shapes, the reused row decoder), checked against real SQLite.
@Suite struct InsertShapeReentrancyTests: ItemsFixture {
    struct Item: Codable, Equatable {
        var id: Int64
        var a: Int64
        var b: String?
    }

    // MARK: Insert shapes

    @Test func shapesEvictedFromInsideAStepOfTheirStatement() throws {
        let db = try makeItemsDatabase()
        try db.execute(sql: "CREATE TABLE other (x INTEGER, y INTEGER, z INTEGER)")
        let x = SQLExpression<Int64>("x"), y = SQLExpression<Int64?>("y"), z = SQLExpression<Int64?>("z")
        nonisolated(unsafe) let connection = db
        // While the items insert steps, the trigger's callback fills the shape cache with other
        // shapes (more than it keeps), evicting the shape whose statement is running.
        try db.createFunction("churn", deterministic: false) { (value: Int64) -> Int64 in
            for round in 0..<3 {
                let n = value * 100 + Int64(round)
                try connection.run(Table("other").insert(x <- n))
                try connection.run(Table("other").insert(x <- n, y <- 1))
                try connection.run(Table("other").insert(x <- n, z <- 1))
                try connection.run(Table("other").insert(y <- 2, x <- n))
                try connection.run(Table("other").insert(z <- 2, x <- n))
                try connection.run(Table("other").insert(x <- n, y <- 3, z <- 3))
                try connection.run(Table("other").insert(or: .replace, x <- n))
                try connection.run(Table("other").insert(or: .ignore, x <- n))
                try connection.run(Table("other").insert(or: .abort, x <- n))
            }
            return value
        }
        try db.execute(sql: "CREATE TRIGGER t AFTER INSERT ON items BEGIN SELECT churn(NEW.a); END")
        for value in Int64(1)...3 { try db.run(items.insert(a <- value, b <- "row \(value)")) }
        #expect(
            try itemRows(db, "SELECT a, b FROM items ORDER BY a") == [
                [.int(1), .text("row 1")], [.int(2), .text("row 2")], [.int(3), .text("row 3")]
            ])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM other") == 3 * 3 * 9)
    }

    @Test func statementCacheClearedFromInsideAStepOfTheShapesStatement() throws {
        let db = try makeItemsDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("clear", deterministic: false) { (value: Int64) -> Int64 in
            connection.clearStatementCache()
            if value < 10 { try connection.run(items.insert(a <- value + 10, b <- "nested")) }
            return value
        }
        try expectNestedInserts(db, through: "clear", offset: 10)
    }

    @Test func codableInsertsFromInsideTheirOwnShapesStep() throws {
        let db = try makeItemsDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("again", deterministic: false) { (value: Int64) -> Int64 in
            if value < 100 { try connection.run(items.insert(Item(id: value + 100, a: value + 100, b: nil))) }
            return value
        }
        try db.execute(sql: "CREATE TRIGGER t AFTER INSERT ON items BEGIN SELECT again(NEW.a); END")
        try db.run(items.insert(Item(id: 1, a: 1, b: "x")))
        try db.run(items.insert(Item(id: 2, a: 2, b: "y")))
        #expect(
            try itemRows(db, "SELECT id, a, b FROM items ORDER BY id") == [
                [.int(1), .int(1), .text("x")], [.int(2), .int(2), .text("y")],
                [.int(101), .int(101), .null], [.int(102), .int(102), .null]
            ])
    }

    // MARK: Reused decoder

    @Test func decodeAllReleasesItsStatement() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "x"))
        try db.run(items.insert(a <- 2, b <- nil))
        weak var released: Statement?
        do {
            let statement = try db.prepare(sql: "SELECT id, a, b FROM items ORDER BY id")
            released = statement
            let decoded = try statement.cursor().decodeAll(Item.self)
            #expect(decoded == [Item(id: 1, a: 1, b: "x"), Item(id: 2, a: 2, b: nil)])
        }
        #expect(released == nil)
        do {
            let statement = try db.prepare(sql: "SELECT id, b FROM items ORDER BY id")
            released = statement
            // Fails on the first row (no column a): the decoder must still be released.
            #expect(throws: DecodingError.self) { try statement.cursor().decodeAll(Item.self) }
        }
        #expect(released == nil)
    }
}

extension InsertShapeReentrancyTests {
    // MARK: InsertStatement

    @Test func describedInsertAfterAFailureMidwayBindsNoStaleValues() throws {
        let db = try Connection()
        let insert = try describedTableInsert(db, thirdColumn: "note")
        try insert.insert(["id": 1, "label": "one", "note": "first"])
        // As many keys as columns (so nothing is cleared up front), failing after some binds.
        #expect(throws: SQLiteError.self) { try insert.insert(["id": 2, "label": "stale", "nope": 1]) }
        #expect(throws: SQLiteError.self) { try insert.insert(["id": 2, "label": "stale", "LABEL": "twice"]) }
        #expect(throws: SQLiteError.self) { try insert.insert(values: [nil, "stale", "stale"]) }
        try insert.insert(["id": 3])
        try insert.insert(["note": "three", "id": 4])
        try insert.insert(values: [5, nil, "five"])
        try insert.insert(["id": 6, "label": "six"])
        #expect(
            try rowValues(db, "SELECT id, label, note FROM described ORDER BY id") == [
                [.int(1), .text("one"), .text("first")], [.int(3), .null, .null], [.int(4), .null, .text("three")],
                [.int(5), .null, .text("five")], [.int(6), .text("six"), .null]
            ])
    }
}

/// `Cursor.decodeAll` on a statement kept across a schema change decodes this run's columns.
@Suite struct RecompiledStatementDecodingTests {
    struct Point: Decodable, Equatable { let x: Int64; let y: Int64 }

    @Test func decodeAllFollowsARecreatedTable() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER, y INTEGER); INSERT INTO t VALUES (1, 2)")
        let statement = try db.prepare(sql: "SELECT * FROM t")
        #expect(try statement.cursor().decodeAll(Point.self) == [Point(x: 1, y: 2)])
        #expect(try statement.cursor().decodeAll(Point.self) == [Point(x: 1, y: 2)])
        try db.execute(sql: "DROP TABLE t; CREATE TABLE t (y INTEGER, x INTEGER); INSERT INTO t (x, y) VALUES (3, 4)")
        #expect(try statement.cursor().decodeAll(Point.self) == [Point(x: 3, y: 4)])
        #expect(try statement.cursor().decodeNext(Point.self) == Point(x: 3, y: 4))
    }
}

/// SQLite tells identifiers apart by their bytes, Swift strings by canonical equivalence: two
/// tables whose names differ only in Unicode normalization must not share cached statements.
@Suite struct CanonicallyEquivalentNamesTests {
    @Test func tablesSpelledInTwoNormalizationsStayApart() throws {
        let precomposed = "caf\u{E9}"  // é
        let decomposed = "cafe\u{301}"  // e + combining acute accent
        #expect(precomposed == decomposed)  // equal Swift strings…
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE \"\(precomposed)\" (v INTEGER); CREATE TABLE \"\(decomposed)\" (v INTEGER)")
        let first = Table(precomposed), second = Table(decomposed)
        let v = SQLExpression<Int64>("v")
        struct Row: Codable { let v: Int64 }
        for value in 1...2 {
            try db.run(first.insert(v <- Int64(value)))
            try db.run(second.insert(v <- Int64(value * 10)))
            try db.run(first.insert(Row(v: Int64(value * 100))))
            try db.run(second.insert(Row(v: Int64(value * 1000))))
        }
        // …but two tables to SQLite, and each statement goes to its own.
        #expect(try db.cursor(first.order(v)).map { try $0.get(v) } == [1, 2, 100, 200])
        #expect(try db.cursor(second.order(v)).map { try $0.get(v) } == [10, 20, 1000, 2000])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM \"\(precomposed)\"") == 4)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM \"\(decomposed)\"") == 4)
    }
}
