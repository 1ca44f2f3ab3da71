import Foundation
import Slate
import SlateTestSupport
import Testing

/// A row of the `items` table.
private struct Item: Codable, Equatable {
    var a: Int64
    var b: String?
    var c: Double?
}

/// The same table's columns in another order, with another key type.
private struct ItemReordered: Codable {
    var c: Double?
    var a: Int64
}

/// A third key type, so that the encoder's two cached containers are replaced.
private struct ItemOnlyA: Codable {
    var a: Int64
}

/// Encodes a row and, midway, inserts another row on the same connection from its
/// `encode(to:)` (the thread's encoder is in use then).
private struct InsertsWhileEncoding: Encodable {
    let db: Connection
    let table: Table
    let a: Int64
    let inner: Item

    enum CodingKeys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        try db.run(table.insert(inner))
        try container.encode("outer", forKey: .b)
    }
}

/// Throws after encoding some of its columns.
private struct ThrowsMidway: Encodable {
    struct Failure: Error, Equatable {}
    enum CodingKeys: String, CodingKey { case a, b, c }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Int64(99), forKey: .a)
        try container.encode("leaked?", forKey: .b)
        throw Failure()
    }
}

/// Encodes an unkeyed container at the top level (not a row).
private struct NotARow: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(1)
    }
}

/// Reports the user info it sees.
private struct ReadsUserInfo: Encodable {
    static let key = CodingUserInfoKey(rawValue: "tag")!
    enum CodingKeys: String, CodingKey { case a, b }
    let a: Int64

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        try container.encode(encoder.userInfo[Self.key] as? String ?? "none", forKey: .b)
    }
}

/// Leaves out its text column when it has none, and may encode `a` twice (the last value wins).
private struct Sparse: Encodable {
    enum CodingKeys: String, CodingKey { case a, b, c }
    let a: Int64
    let b: String?
    let c: Double
    var repeatA: Int64?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        if let b { try container.encode(b, forKey: .b) }
        try container.encode(c, forKey: .c)
        if let repeatA { try container.encode(repeatA, forKey: .a) }
    }
}

/// Holds an object, to see whether the encoder keeps the user info alive after the row.
private final class Token: Sendable {}

/// Codable inserts reuse one encoder per thread, with its keyed containers cached per key type,
/// and take the value generically; these tests check that rows never see another row's columns,
/// user info or failure.
@Suite("Codable inserts")
struct CodableInsertTests: ItemsFixture {
    @Test func insertRunFromInsideEncodeToOnTheSameConnection() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(Item(a: 1, b: "before", c: nil)))
        let outer = InsertsWhileEncoding(db: db, table: items, a: 3, inner: Item(a: 2, b: "inner", c: 2.5))
        try db.run(items.insert(outer))
        try db.run(items.insert(Item(a: 4, b: "after", c: 4.5)))
        #expect(
            try itemRows(db) == [
                [.int(1), .text("before"), .null],
                [.int(2), .text("inner"), .real(2.5)],
                [.int(3), .text("outer"), .null],
                [.int(4), .text("after"), .real(4.5)]
            ])
    }

    @Test func insertBuiltInsideEncodeToKeepsBothRowsApart() throws {
        let db = try makeItemsDatabase()
        // The inner insert's statement is the same shape as the outer's, built while the
        // thread's encoder holds the outer row's first column.
        let outer = InsertsWhileEncoding(db: db, table: items, a: 20, inner: Item(a: 10, b: nil, c: nil))
        let insert = try items.insert(outer)
        #expect(insert.asSQL() == "INSERT INTO \"items\" (\"a\", \"b\") VALUES (20, 'outer')")
        try db.run(insert)
        #expect(try itemRows(db) == [[.int(10), .null, .null], [.int(20), .text("outer"), .null]])
    }

    @Test func anEncodeThatThrowsMidwayLeavesTheNextInsertCorrect() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(Item(a: 1, b: "x", c: 1)))
        #expect(throws: ThrowsMidway.Failure()) { try items.insert(ThrowsMidway()) }
        // Neither the thrown row's columns nor its values reach the next row, of another key type.
        let insert = try items.insert(ItemOnlyA(a: 2))
        #expect(insert.asSQL() == "INSERT INTO \"items\" (\"a\") VALUES (2)")
        try db.run(insert)
        #expect(throws: ThrowsMidway.Failure()) { try db.run(items.insert(ThrowsMidway())) }
        try db.run(items.insert(Item(a: 3, b: nil, c: 3)))
        #expect(try itemRows(db) == [[.int(1), .text("x"), .real(1)], [.int(2), .null, .null], [.int(3), .null, .real(3)]])
    }

    @Test func anUnsupportedUseIsReportedOnceAndNotCarriedOver() throws {
        let db = try makeItemsDatabase()
        #expect(throws: EncodingError.self) { try items.insert(NotARow()) }
        #expect(throws: EncodingError.self) { try items.insert(Int64(5)) }
        try db.run(items.insert(Item(a: 1, b: "fine", c: nil)))
        #expect(try itemRows(db) == [[.int(1), .text("fine"), .null]])
    }

    @Test func insertsKeptAliveKeepTheirOwnValues() throws {
        let db = try makeItemsDatabase()
        // Built before any runs: each insert keeps its row while later rows are encoded.
        var inserts: [Insert] = []
        for n in 1...5 {
            inserts.append(try items.insert(Item(a: Int64(n), b: n.isMultiple(of: 2) ? "text \(n) \u{0} é" : nil, c: Double(n))))
        }
        inserts.append(try items.insert(ItemOnlyA(a: 6)))
        for insert in inserts.reversed() { try db.run(insert) }
        // Run again after later rows: the same values (a UNIQUE violation each time).
        for insert in inserts { #expect(throws: SQLiteError.self) { try db.run(insert) } }
        #expect(inserts[5].asSQL() == "INSERT INTO \"items\" (\"a\") VALUES (6)")
        #expect(
            try itemRows(db) == [
                [.int(6), .null, .null],
                [.int(5), .null, .real(5)], [.int(4), .text("text 4 \u{0} é"), .real(4)], [.int(3), .null, .real(3)],
                [.int(2), .text("text 2 \u{0} é"), .real(2)], [.int(1), .null, .real(1)]
            ])
    }

    @Test func rowsOfOneTypeWithDifferentKeysEachTime() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(Sparse(a: 1, b: "one", c: 1)))
        try db.run(items.insert(Sparse(a: 2, b: nil, c: 2)))
        try db.run(items.insert(Sparse(a: 0, b: nil, c: 3, repeatA: 3)))
        try db.run(items.insert(Sparse(a: 4, b: "four", c: 4)))
        try db.run(items.insert(Sparse(a: 5, b: nil, c: 5)))
        try db.run(items.insert(Sparse(a: 0, b: "six", c: 6, repeatA: 6)))
        #expect(
            try items.insert(Sparse(a: 0, b: nil, c: 7, repeatA: 7)).asSQL()
                == "INSERT INTO \"items\" (\"a\", \"c\") VALUES (7, 7.0)")
        #expect(
            try itemRows(db) == [
                [.int(1), .text("one"), .real(1)], [.int(2), .null, .real(2)], [.int(3), .null, .real(3)],
                [.int(4), .text("four"), .real(4)], [.int(5), .null, .real(5)], [.int(6), .text("six"), .real(6)]
            ])
    }

    @Test func keyTypesAlternatingPastTheCachedContainers() throws {
        let db = try makeItemsDatabase()
        var expected: [[SQLiteValue]] = []
        for round in 0..<4 {
            let base = Int64(round * 10)
            try db.run(items.insert(Item(a: base + 1, b: "é\u{0}ß", c: nil)))
            try db.run(items.insert(ItemReordered(c: 0.5, a: base + 2)))
            try db.run(items.insert(ItemOnlyA(a: base + 3)))
            expected += [
                [.int(base + 1), .text("é\u{0}ß"), .null], [.int(base + 2), .null, .real(0.5)],
                [.int(base + 3), .null, .null]
            ]
        }
        #expect(try itemRows(db) == expected)
    }

    @Test func userInfoIsPerRowAndNotKept() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(ReadsUserInfo(a: 1), userInfo: [ReadsUserInfo.key: "first"]))
        try db.run(items.insert(ReadsUserInfo(a: 2)))
        try db.run(items.insert(or: .replace, ReadsUserInfo(a: 3), userInfo: [ReadsUserInfo.key: "third"]))
        #expect(try itemRows(db) == [[.int(1), .text("first"), .null], [.int(2), .text("none"), .null], [.int(3), .text("third"), .null]])

        // Once the row is encoded, the encoder no longer refers to the user info's objects.
        weak var released: Token?
        do {
            let token = Token()
            released = token
            _ = try items.insert(ReadsUserInfo(a: 4), userInfo: [CodingUserInfoKey(rawValue: "token")!: token])
        }
        #expect(released == nil)
    }

    @Test func existentialValuesAreOpened() throws {
        let db = try makeItemsDatabase()
        let values: [any Encodable] = [Item(a: 1, b: "one", c: nil), ItemReordered(c: 2, a: 2)]
        for value in values { try db.run(items.insert(value)) }
        // A conditional expression of existential type is not opened: the `any Encodable`
        // overloads take it.
        for flag in [true, false] {
            try db.run(items.insert(or: .replace, flag ? ItemOnlyA(a: 1) as any Encodable : ItemReordered(c: 3, a: 2)))
        }
        try db.run(items.insert(Bool.random() ? ItemOnlyA(a: 3) as any Encodable : ItemOnlyA(a: 3)))
        #expect(try itemRows(db) == [[.int(1), .null, .null], [.int(2), .null, .real(3)], [.int(3), .null, .null]])
    }

    @Test func constraintViolationAndClosedConnectionThenTheNextRow() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(Item(a: 1, b: nil, c: nil)))
        #expect(throws: SQLiteError.self) { try db.run(items.insert(Item(a: 1, b: "duplicate", c: nil))) }
        try db.run(items.insert(Item(a: 2, b: "next", c: nil)))
        #expect(try itemRows(db) == [[.int(1), .null, .null], [.int(2), .text("next"), .null]])
        db.close()
        #expect(throws: SQLiteError.self) { try db.run(items.insert(Item(a: 3, b: nil, c: nil))) }
    }

    @Test func rowsEncodedOnSeveralThreadsAtOnce() async throws {
        let items = self.items
        let sql = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<4 {
                group.addTask {
                    try (0..<200).map { row in
                        let n = Int64(task * 1000 + row)
                        return try items.insert(
                            row.isMultiple(of: 2)
                                ? Item(a: n, b: "t\(task)", c: nil) as any Encodable
                                : ItemReordered(c: 0.5, a: n)
                        ).asSQL()
                    }
                }
            }
            var all: [String] = []
            for try await part in group { all += part }
            return all
        }
        var expected: [String] = []
        for task in 0..<4 {
            for row in 0..<200 {
                let n = task * 1000 + row
                expected.append(
                    row.isMultiple(of: 2)
                        ? "INSERT INTO \"items\" (\"a\", \"b\") VALUES (\(n), 't\(task)')"
                        : "INSERT INTO \"items\" (\"c\", \"a\") VALUES (0.5, \(n))")
            }
        }
        #expect(sql.sorted() == expected.sorted())
    }
}
