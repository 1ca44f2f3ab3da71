import Foundation
import Slate
import SlateTestSupport
import Testing

/// The decoder that `Cursor.decodeAll` reuses for every row (one container per key type, a plan
/// of which column each key reads) and the typed reads behind it, also used by `Row.decode`:
/// every answer must be the one a fresh lookup and SlateCore's conversions give, whatever the
/// rows, the key order or the `init(from:)`.
@Suite struct DecodeAllTests {
    private func message(of error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }

    private func codingPath(of error: any Error) -> [String] {
        switch error {
        case DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context):
            return context.codingPath.map(\.stringValue)
        default:
            return []
        }
    }

    struct Item: Codable, Equatable {
        var id: Int64
        var name: String
        var note: String?
    }

    private func items(_ rows: [(Int64, String?, String?)]) throws -> Connection {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE items (id INTEGER, name TEXT, note TEXT)")
        for (id, name, note) in rows {
            try db.run("INSERT INTO items VALUES (?, ?, ?)", id, name, note)
        }
        return db
    }

    // MARK: NULL, missing columns, wrong types

    @Test func nullIntoAnOptionalOnLaterRows() throws {
        let db = try items([(1, "a", "x"), (2, "b", nil), (3, "c", "z"), (4, "d", nil)])
        let expected = [
            Item(id: 1, name: "a", note: "x"), Item(id: 2, name: "b", note: nil),
            Item(id: 3, name: "c", note: "z"), Item(id: 4, name: "d", note: nil)
        ]
        #expect(try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(Item.self) == expected)
        let rows: [Item] = try db.cursor(Table("items").order(SQLExpression<Int64>("id"))).map { try $0.snapshot().decode() }
        #expect(rows == expected)
    }

    @Test func nullIntoANonOptionalNamesTheColumnOnALaterRow() throws {
        let db = try items([(1, "a", nil), (2, "b", nil), (3, nil, nil)])
        let statement = try db.prepare(sql: "SELECT * FROM items ORDER BY id")
        #expect {
            try statement.cursor().decodeAll(Item.self)
        } throws: { error in
            guard case DecodingError.valueNotFound(let type, _) = error else { return false }
            return type == String.self && codingPath(of: error) == ["name"]
                && message(of: error) == "column \"name\" is NULL, which cannot be decoded as String; "
                    + "make the property optional (String?) to accept NULL"
        }
        // The copied row path gives the same error.
        let rows = try statement.rows()
        #expect {
            try rows[2].decode(as: Item.self)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return message(of: error).hasPrefix("column \"name\" is NULL")
        }
    }

    @Test func textInAnIntegerIsATypeMismatchNamingTheColumn() throws {
        struct Counted: Decodable { var n: Int }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (n); INSERT INTO t VALUES (1), (2), ('abc'), (4)")
        let statement = try db.prepare(sql: "SELECT n FROM t ORDER BY rowid")
        for decode in [
            { try statement.cursor().decodeAll(Counted.self) },
            { try statement.rows().map { try $0.decode(as: Counted.self) } }
        ] {
            #expect {
                _ = try decode()
            } throws: { error in
                guard case DecodingError.typeMismatch(let type, _) = error else { return false }
                return type == Int.self && codingPath(of: error) == ["n"]
                    && message(of: error) == "column \"n\" holds TEXT 'abc', which cannot be decoded as Int"
            }
        }
    }

    @Test func missingColumnIsKeyNotFoundOnEveryPath() throws {
        let db = try items([(1, "a", nil)])
        let statement = try db.prepare(sql: "SELECT id, note FROM items")
        let check: (any Error) -> Bool = { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "name"
                && self.message(of: error) == "no column \"name\" to decode String from; the row's columns are id, note"
        }
        #expect(performing: { try statement.cursor().decodeAll(Item.self) }, throws: check)
        #expect(performing: { try statement.cursor().decodeNext(Item.self) }, throws: check)
        #expect(performing: { try statement.rows()[0].decode(as: Item.self) }, throws: check)
    }

    @Test func wrongTypesForDateDataUUIDAndURLNameTheColumn() throws {
        struct Standard: Decodable { var d: Date; var b: Data; var u: UUID; var l: URL }
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE s (d, b, u, l);
                INSERT INTO s VALUES ('2024-01-02', x'01', '6BA7B810-9DAD-11D1-80B4-00C04FD430C8', 'https://example.com');
                INSERT INTO s VALUES ('not a date', x'01', '6BA7B810-9DAD-11D1-80B4-00C04FD430C8', 'https://example.com');
                INSERT INTO s VALUES ('2024-01-02', 7, '6BA7B810-9DAD-11D1-80B4-00C04FD430C8', 'https://example.com');
                INSERT INTO s VALUES ('2024-01-02', x'01', 'no', 'https://example.com');
                INSERT INTO s VALUES ('2024-01-02', x'01', '6BA7B810-9DAD-11D1-80B4-00C04FD430C8', NULL);
                """)
        let cases: [(rowid: Int, column: String, type: String)] =
            [(2, "d", "Date"), (3, "b", "Data"), (4, "u", "UUID"), (5, "l", "URL")]
        for (rowid, column, type) in cases {
            // Row 1 decodes, then the bad row fails: the plan is built before the failure.
            let statement = try db.prepare(sql: "SELECT * FROM s WHERE rowid IN (1, \(rowid)) ORDER BY rowid")
            #expect {
                try statement.cursor().decodeAll(Standard.self)
            } throws: { error in
                self.codingPath(of: error) == [column] && self.message(of: error).hasPrefix("column \"\(column)\"")
                    && self.message(of: error).contains("decoded as \(type)")
            }
            #expect {
                try statement.rows().map { try $0.decode(as: Standard.self) }
            } throws: { error in
                self.codingPath(of: error) == [column] && self.message(of: error).contains("decoded as \(type)")
            }
        }
    }

    // MARK: Key order and key types

    @Test func propertiesInAnotherOrderThanTheColumnsOverManyRows() throws {
        struct Reversed: Decodable, Equatable { var note: String?; var name: String; var id: Int64 }
        func note(_ n: Int) -> String? { n % 3 == 0 ? nil : "note \(n)" }
        let rows: [(Int64, String?, String?)] = (1...50).map { (Int64($0), "n\($0)", note($0)) }
        let db = try items(rows)
        let decoded = try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(Reversed.self)
        let expected: [Reversed] = (1...50).map { Reversed(note: note($0), name: "n\($0)", id: Int64($0)) }
        #expect(decoded == expected)
    }

    @Test func aStructDecodingOnlySomeColumns() throws {
        struct Name: Decodable, Equatable { var name: String }
        let db = try items([(1, "a", "x"), (2, "b", nil)])
        #expect(
            try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(Name.self)
                == [Name(name: "a"), Name(name: "b")])
        let rows: [Name] = try db.cursor(Table("items").order(SQLExpression<Int64>("id"))).map { try $0.snapshot().decode() }
        #expect(rows == [Name(name: "a"), Name(name: "b")])
    }

    @Test func twoTypesDecodedAlternatelyFromTheSameCursor() throws {
        struct Name: Decodable, Equatable { var name: String }
        struct Numbered: Decodable, Equatable { var note: String?; var id: Int64 }
        let db = try items([(1, "a", "x"), (2, "b", nil), (3, "c", "z"), (4, "d", "w")])
        let cursor = try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor()
        #expect(try cursor.decodeNext(Name.self) == Name(name: "a"))
        #expect(try cursor.decodeNext(Numbered.self) == Numbered(note: nil, id: 2))
        #expect(try cursor.decodeNext(Name.self) == Name(name: "c"))
        // The rest through decodeAll, with a third type.
        #expect(try cursor.decodeAll(Item.self) == [Item(id: 4, name: "d", note: "w")])
    }

    /// A custom `init(from:)` that asks for a container twice, and for a second key type.
    struct TwoContainers: Decodable, Equatable {
        var id: Int64
        var name: String
        var label: String

        enum IDKeys: String, CodingKey { case id }
        enum NameKeys: String, CodingKey { case name, note }

        init(id: Int64, name: String, label: String) {
            (self.id, self.name, self.label) = (id, name, label)
        }

        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: IDKeys.self)
            let names = try decoder.container(keyedBy: NameKeys.self)
            let again = try decoder.container(keyedBy: IDKeys.self)
            id = try again.decode(Int64.self, forKey: .id)
            name = try names.decode(String.self, forKey: .name)
            label = try names.decodeIfPresent(String.self, forKey: .note) ?? "#\(try first.decode(Int64.self, forKey: .id))"
        }
    }

    @Test func customInitWithSeveralContainersAndKeyTypes() throws {
        let db = try items([(1, "a", "x"), (2, "b", nil), (3, "c", "z")])
        let expected = [
            TwoContainers(id: 1, name: "a", label: "x"), TwoContainers(id: 2, name: "b", label: "#2"),
            TwoContainers(id: 3, name: "c", label: "z")
        ]
        #expect(try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(TwoContainers.self) == expected)
        let rows: [TwoContainers] = try db.prepare(sql: "SELECT * FROM items ORDER BY id").rows().map { try $0.decode() }
        #expect(rows == expected)
    }

    /// Two structs decoded from the same row through the same decoder (a flattened record).
    struct Flattened: Decodable, Equatable {
        struct Head: Decodable, Equatable { var id: Int64 }
        struct Tail: Decodable, Equatable { var name: String; var note: String? }
        var head: Head
        var tail: Tail
        init(head: Head, tail: Tail) { (self.head, self.tail) = (head, tail) }
        init(from decoder: any Decoder) throws {
            head = try Head(from: decoder)
            tail = try Tail(from: decoder)
        }
    }

    @Test func flattenedRecordsShareTheRow() throws {
        let db = try items([(1, "a", "x"), (2, "b", nil)])
        #expect(
            try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(Flattened.self) == [
                Flattened(head: .init(id: 1), tail: .init(name: "a", note: "x")),
                Flattened(head: .init(id: 2), tail: .init(name: "b", note: nil))
            ])
    }

    /// Three key types per row: more than the decoder keeps containers for, so each row makes
    /// some again.
    struct ThreeParts: Decodable, Equatable {
        struct ID: Decodable, Equatable { var id: Int64 }
        struct Name: Decodable, Equatable { var name: String }
        struct Note: Decodable, Equatable { var note: String? }
        var id: ID, name: Name, note: Note
        init(id: Int64, name: String, note: String?) { (self.id, self.name, self.note) = (.init(id: id), .init(name: name), .init(note: note)) }
        init(from decoder: any Decoder) throws {
            note = try Note(from: decoder)
            id = try ID(from: decoder)
            name = try Name(from: decoder)
        }
    }

    @Test func moreKeyTypesThanCachedContainers() throws {
        let db = try items([(1, "a", "x"), (2, "b", nil), (3, "c", "z")])
        #expect(
            try db.prepare(sql: "SELECT * FROM items ORDER BY id").cursor().decodeAll(ThreeParts.self) == [
                ThreeParts(id: 1, name: "a", note: "x"), ThreeParts(id: 2, name: "b", note: nil), ThreeParts(id: 3, name: "c", note: "z")
            ])
    }

    /// Which key the second lookup asks for depends on the row: the plan's remembered key no
    /// longer matches, and the lookup must not reuse its column.
    struct Variant: Decodable, Equatable {
        var kind: String
        var value: String
        enum Keys: String, CodingKey { case kind, a, b }
        init(kind: String, value: String) { (self.kind, self.value) = (kind, value) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            kind = try container.decode(String.self, forKey: .kind)
            value = try container.decode(String.self, forKey: kind == "a" ? .a : .b)
        }
    }

    @Test func keysThatChangeFromRowToRow() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE v (kind TEXT, a TEXT, b TEXT);
                INSERT INTO v VALUES ('a', 'a1', 'b1'), ('b', 'a2', 'b2'), ('b', 'a3', 'b3'), ('a', 'a4', 'b4');
                """)
        let expected = [
            Variant(kind: "a", value: "a1"), Variant(kind: "b", value: "b2"),
            Variant(kind: "b", value: "b3"), Variant(kind: "a", value: "a4")
        ]
        #expect(try db.prepare(sql: "SELECT * FROM v ORDER BY rowid").cursor().decodeAll(Variant.self) == expected)
    }

    @Test func duplicateColumnNamesReadTheFirst() throws {
        struct Pair: Decodable, Equatable { var x: Int64?; var y: Int64?; var id: Int64 }
        let db = try Connection()
        let sql = "SELECT 1 AS id, 2 AS x, 3 AS id UNION ALL SELECT 4, 5, 6"
        // `id` is the third key, and the third column is also called `id`: the first one wins.
        #expect(try db.prepare(sql: sql).cursor().decodeAll(Pair.self) == [Pair(x: 2, y: nil, id: 1), Pair(x: 5, y: nil, id: 4)])
        #expect(try db.prepare(sql: sql).rows().map { try $0.decode(as: Pair.self) } == [Pair(x: 2, y: nil, id: 1), Pair(x: 5, y: nil, id: 4)])
    }

    @Test func nonASCIIColumnNamesAndCaseInsensitiveMatches() throws {
        struct Person: Decodable, Equatable { var prénom: String; var 年齢: Int; var city: String }
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE p ("prénom" TEXT, "年齢" INTEGER, "CITY" TEXT);
                INSERT INTO p VALUES ('Zoë', 30, 'Zürich'), ('Ólafur', 41, 'Reykjavík');
                """)
        let expected = [Person(prénom: "Zoë", 年齢: 30, city: "Zürich"), Person(prénom: "Ólafur", 年齢: 41, city: "Reykjavík")]
        #expect(try db.prepare(sql: "SELECT * FROM p ORDER BY rowid").cursor().decodeAll(Person.self) == expected)
        #expect(try db.prepare(sql: "SELECT * FROM p ORDER BY rowid").rows().map { try $0.decode(as: Person.self) } == expected)
    }

    // MARK: Values

    struct Payload: Codable, Equatable {
        var tags: [String]
        var weight: Double
    }

    enum Level: String, Codable { case low, high }

    struct Everything: Codable, Equatable {
        var id: Int64
        var flag: Bool
        var ratio: Double
        var small: Int8
        var text: String
        var blob: Data
        var when: Date
        var uuid: UUID
        var link: URL
        var level: Level
        var payload: Payload
        var maybeDate: Date?
        var maybeData: Data?
        var maybeUUID: UUID?
        var maybePayload: Payload?
    }

    private func everythingDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE e (id INTEGER, flag INTEGER, ratio REAL, small INTEGER, text TEXT, blob BLOB, "when" TEXT,
                            uuid TEXT, link TEXT, level TEXT, payload TEXT, maybeDate TEXT, maybeData BLOB,
                            maybeUUID TEXT, maybePayload TEXT);
            INSERT INTO e VALUES (1, 1, 0.5, -8, 'nul' || char(0) || 'inside', x'00ff00', '2024-02-29T13:45:10.123',
                                  '6BA7B810-9DAD-11D1-80B4-00C04FD430C8', 'https://example.com/a?b=c', 'high',
                                  '{"tags":["x","y"],"weight":1.5}', '1970-01-01T00:00:01.000', x'', NULL, NULL);
            INSERT INTO e VALUES (2, 0, -1e300, 127, '', x'', '1999-12-31 23:59:59',
                                  '6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'file:///tmp/x', 'low',
                                  '{"tags":[],"weight":0}', NULL, NULL, '6BA7B812-9DAD-11D1-80B4-00C04FD430C8',
                                  '{"tags":["z"],"weight":2}');
            """)
    }

    /// The same values read by hand, column by column, with `RowView.get`.
    private func readByHand(_ db: Connection) throws -> [Everything] {
        let cursor = try db.prepare(sql: "SELECT * FROM e ORDER BY id").cursor()
        var result: [Everything] = []
        let json = JSONDecoder()
        while let row = try cursor.next() {
            let payload: String = try row.get(10)
            let maybePayload: String? = try row.get(14)
            result.append(
                Everything(
                    id: try row.get(0), flag: try row.get(1), ratio: try row.get(2), small: try row.get(3),
                    text: try row.get(4), blob: try row.get(5), when: try row.get(6), uuid: try #require(UUID(uuidString: try row.get(7))),
                    link: try #require(URL(string: try row.get(8))), level: try #require(Level(rawValue: try row.get(9))),
                    payload: try json.decode(Payload.self, from: Data(payload.utf8)),
                    maybeDate: try row.get(11), maybeData: try row.get(12),
                    maybeUUID: try (row.get(13) as String?).map { try #require(UUID(uuidString: $0)) },
                    maybePayload: try maybePayload.map { try json.decode(Payload.self, from: Data($0.utf8)) }))
        }
        return result
    }

    @Test func everyStandardTypeMatchesReadingByHand() throws {
        let db = try everythingDatabase()
        let byHand = try readByHand(db)
        #expect(byHand.count == 2)
        #expect(byHand[0].text == "nul\u{0}inside")
        #expect(byHand[1].maybeUUID != nil && byHand[0].maybeData == Data())
        #expect(try db.prepare(sql: "SELECT * FROM e ORDER BY id").cursor().decodeAll(Everything.self) == byHand)
        #expect(try db.prepare(sql: "SELECT * FROM e ORDER BY id").rows().map { try $0.decode(as: Everything.self) } == byHand)
        let cursor = try db.prepare(sql: "SELECT * FROM e ORDER BY id").cursor()
        #expect(try cursor.decodeNext(Everything.self) == byHand[0])
        #expect(try cursor.decodeNext(Everything.self) == byHand[1])
    }

    @Test func aSingleColumnStillDecodesAsAValue() throws {
        let db = try items([(1, "a", nil), (2, "b", nil)])
        #expect(try db.prepare(sql: "SELECT name FROM items ORDER BY id").cursor().decodeAll(String.self) == ["a", "b"])
        #expect(try db.prepare(sql: "SELECT id FROM items ORDER BY id").cursor().decodeAll(Int.self) == [1, 2])
    }

    // MARK: Statements run again, changed, failing

    @Test func decodingAfterTheStatementIsRunAgain() throws {
        let db = try items([(1, "a", nil), (2, "b", "x")])
        let statement = try db.prepare(sql: "SELECT * FROM items WHERE id >= ? ORDER BY id")
        try statement.bind(1, at: 1)
        let all = try statement.cursor().decodeAll(Item.self)
        #expect(all == [Item(id: 1, name: "a", note: nil), Item(id: 2, name: "b", note: "x")])
        try statement.reset()
        try statement.bind(2, at: 1)
        #expect(try statement.cursor().decodeAll(Item.self) == [Item(id: 2, name: "b", note: "x")])
        // The schema changes between runs: SQLite recompiles the statement, which still decodes.
        try statement.reset()
        try db.execute(sql: "ALTER TABLE items ADD COLUMN extra TEXT; UPDATE items SET note = 'y' WHERE id = 2")
        #expect(try statement.cursor().decodeAll(Item.self) == [Item(id: 2, name: "b", note: "y")])
        try statement.reset()
        try statement.bind(1, at: 1)
        #expect(try statement.cursor().decodeAll(Item.self).count == 2)
    }

    @Test func aStepFailureMidwayIsThrown() throws {
        let db = try items([(1, "a", nil), (2, "b", nil)])
        // abs() of the smallest integer overflows when SQLite reaches the second row.
        let sql = "SELECT CASE WHEN id = 2 THEN abs(-9223372036854775807 - 1) ELSE id END AS id, name, note FROM items ORDER BY id"
        #expect(throws: SQLiteError.self) { try db.prepare(sql: sql).cursor().decodeAll(Item.self) }
    }

    @Test func closedConnectionThrows() throws {
        let db = try items([(1, "a", nil)])
        let statement = try db.prepare(sql: "SELECT * FROM items")
        db.close()
        let isMisuse: (any Error) -> Bool = { error in (error as? SQLiteError).map { $0.code == SQLITE_MISUSE } ?? false }
        #expect(performing: { try statement.cursor().decodeAll(Item.self) }, throws: isMisuse)
        #expect(performing: { try statement.cursor().decodeNext(Item.self) }, throws: isMisuse)
    }

    // MARK: Reentrancy

    static let databaseKey = CodingUserInfoKey(rawValue: "database")!

    /// Decodes, inside its own `init(from:)`, rows of another statement on the same connection.
    struct WithChildren: Decodable, Equatable {
        var id: Int64
        var children: [Item]
        init(id: Int64, children: [Item]) { (self.id, self.children) = (id, children) }
        enum Keys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int64.self, forKey: .id)
            guard let db = decoder.userInfo[DecodeAllTests.databaseKey] as? Connection else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no database"))
            }
            let statement = try db.prepare(sql: "SELECT * FROM items WHERE id <= ? ORDER BY id")
            try statement.bind(id, at: 1)
            children = try statement.cursor().decodeAll(Item.self)
            // The outer row is still readable after the inner decoding.
            #expect(try container.decode(Int64.self, forKey: .id) == id)
        }
    }

    @Test func decodingOtherRowsInsideInitFromDecoder() throws {
        let db = try items([(1, "a", nil), (2, "b", "x")])
        let parents = try db.prepare(sql: "SELECT id FROM items ORDER BY id").cursor()
            .decodeAll(WithChildren.self, userInfo: [Self.databaseKey: db])
        #expect(
            parents == [
                WithChildren(id: 1, children: [Item(id: 1, name: "a", note: nil)]),
                WithChildren(id: 2, children: [Item(id: 1, name: "a", note: nil), Item(id: 2, name: "b", note: "x")])
            ])
    }
}
