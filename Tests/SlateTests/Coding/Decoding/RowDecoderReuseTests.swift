import Foundation
import Slate
import Testing

/// `Row.decode()` on a query's copied rows reuses one decoder per query layout (SQLite.swift's
/// `db.cursor(table).map { try $0.snapshot().decode() }`): the reuse must never mix up rows, types,
/// threads or nested decodes, and must not keep a query's layout alive.
@Suite struct RowDecoderReuseTests {
    struct Item: Codable, Equatable { var id: Int64; var name: String; var note: String? }
    /// The same columns, other properties, in another order.
    struct Partial: Codable, Equatable { var note: String?; var id: Int64 }
    /// A value whose decoding decodes another row of the same query (the decoder is busy then).
    struct Nested: Decodable {
        var id: Int64
        var other: Item?
        static let otherRow = TaskLocalRow()
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            other = try Self.otherRow.row.map { try $0.decode(as: Item.self) }
        }
        enum CodingKeys: String, CodingKey { case id }
    }
    final class TaskLocalRow: @unchecked Sendable { var row: Row? }

    let items = Table("items")

    private func database(rows: Int) throws -> Connection {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT)")
        for index in 1...rows {
            try db.run("INSERT INTO items VALUES (?, ?, ?)", Int64(index), "item \(index)", index % 3 == 0 ? nil : "n\(index)")
        }
        return db
    }

    private func expected(_ index: Int) -> Item {
        Item(id: Int64(index), name: "item \(index)", note: index % 3 == 0 ? nil : "n\(index)")
    }

    @Test func everyRowDecodesItsOwnValuesWhateverTheType() throws {
        let db = try database(rows: 50)
        let rows = try db.cursor(items).map { $0.snapshot() }
        let decoded: [Item] = try rows.map { try $0.decode() }
        #expect(decoded == (1...50).map(expected))
        // Another type on the same layout, then the first again: the plan follows the keys.
        let partial = try rows.map { try $0.decode(as: Partial.self) }
        #expect(partial.map(\.id) == (1...50).map(Int64.init))
        #expect(partial[2].note == nil && partial[3].note == "n4")
        #expect(try rows[7].decode(as: Item.self) == expected(8))
        // A missing column still fails with the row's columns named, and the next row decodes.
        struct Wrong: Decodable { var missing: Int64 }
        #expect(throws: DecodingError.self) { try rows[0].decode(as: Wrong.self) }
        #expect(try rows[1].decode(as: Item.self) == expected(2))
    }

    @Test func aNestedDecodeOfTheSameQueryGetsItsOwnDecoder() throws {
        let db = try database(rows: 3)
        let rows = try db.cursor(items).map { $0.snapshot() }
        Nested.otherRow.row = rows[2]
        let nested = try rows[0].decode(as: Nested.self)
        #expect(nested.id == 1)
        #expect(nested.other == expected(3))
    }

    @Test func rowsDecodeOnSeveralThreadsAtOnce() async throws {
        let db = try database(rows: 400)
        let rows = try db.cursor(items).map { $0.snapshot() }
        let results = try await withThrowingTaskGroup(of: [Item].self) { group in
            for _ in 0..<4 {
                group.addTask { try rows.map { try $0.decode(as: Item.self) } }
            }
            var all: [[Item]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 4)
        for result in results { #expect(result == (1...400).map(expected)) }
    }

    @Test func theReusedDecoderDoesNotKeepTheQuerysLayoutAlive() throws {
        weak var layout: ColumnLayout?
        try {
            let db = try database(rows: 2)
            let rows = try db.cursor(items).map { $0.snapshot() }
            #expect(try rows.map { try $0.decode(as: Item.self) } == [expected(1), expected(2)])
            layout = rows[0].layout
            db.close()
        }()
        #expect(layout == nil)
    }
}
