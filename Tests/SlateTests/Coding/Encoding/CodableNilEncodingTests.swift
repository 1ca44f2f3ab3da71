import Foundation
import Slate
import SlateTestSupport
import Testing

/// SQLite.swift's own test model (`TestCodable` in its TestHelpers.swift), for SQL pinned to what
/// SQLite.swift's encoder generates.
private final class SwiftTestCodable: Codable, Equatable {
    let int: Int
    let string: String
    let bool: Bool
    let float: Float
    let double: Double
    let date: Date
    let uuid: UUID
    let optional: String?
    let sub: SwiftTestCodable?

    init(int: Int, string: String, double: Double, optional: String?, sub: SwiftTestCodable?) throws {
        self.int = int
        self.string = string
        self.bool = true
        self.float = 3
        self.double = double
        self.date = Date(timeIntervalSince1970: 0)
        self.uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        self.optional = optional
        self.sub = sub
    }

    static func == (lhs: SwiftTestCodable, rhs: SwiftTestCodable) -> Bool {
        lhs.int == rhs.int && lhs.string == rhs.string && lhs.bool == rhs.bool && lhs.float == rhs.float
            && lhs.double == rhs.double && lhs.date == rhs.date && lhs.uuid == rhs.uuid
            && lhs.optional == rhs.optional && lhs.sub == rhs.sub
    }
}

/// A row whose optionals are all `nil` in ``Task/blank``.
private struct Task: Codable, Equatable {
    var title: String?
    var status: String?
    var priority: Int?

    static let blank = Task(title: nil, status: nil, priority: nil)
}

/// A row that encodes itself by hand. For a nil note it calls `encodeNil(forKey:)` itself when
/// `explicitNil` (an explicit NULL), or else skips the note without naming its key (the encoder
/// cannot know the column exists).
private struct HandEncoded: Encodable {
    var title: String
    var note: String?
    var explicitNil: Bool

    enum CodingKeys: String, CodingKey { case title, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        if let note {
            try container.encode(note, forKey: .note)
        } else if explicitNil {
            try container.encodeNil(forKey: .note)
        }
    }
}

@Suite("Codable rows: nil optionals are left out, as in SQLite.swift")
struct CodableNilEncodingTests {
    let tasks = Table("tasks")
    let id = SQLExpression<Int64>("id")

    /// Columns with defaults, so that a left-out column is visible.
    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT DEFAULT 'untitled', status TEXT DEFAULT 'new',
                                priority INTEGER DEFAULT 3, note TEXT DEFAULT 'none')
            """)
    }

    func stored(_ db: Connection) throws -> [[SQLiteValue]] {
        try db.prepare(sql: "SELECT title, status, priority FROM tasks ORDER BY id").rows().map(\.values)
    }

    // MARK: SQL pinned to SQLite.swift's own tests (QueryTests.swift)

    @Test func sqliteSwiftInsertUpdateAndUpsertEncodableSQL() throws {
        let emails = Table("emails")
        let value = try SwiftTestCodable(int: 1, string: "2", double: 4, optional: nil, sub: nil)
        // test_insert_encodable
        #expect(
            try emails.insert(value).asSQL() == """
                INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid") \
                VALUES (1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F')
                """)
        // test_update_encodable
        #expect(
            try emails.update(value).asSQL() == """
                UPDATE "emails" SET "int" = 1, "string" = '2', "bool" = 1, "float" = 3.0, "double" = 4.0, \
                "date" = '1970-01-01T00:00:00.000', "uuid" = 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'
                """)
        // test_upsert_encodable
        #expect(
            try emails.upsert(value, onConflictOf: SQLExpression<String>("string")).asSQL() == """
                INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid") \
                VALUES (1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F') \
                ON CONFLICT ("string") DO UPDATE SET "int" = "excluded"."int", "bool" = "excluded"."bool", \
                "float" = "excluded"."float", "double" = "excluded"."double", "date" = "excluded"."date", \
                "uuid" = "excluded"."uuid"
                """)
    }

    @Test func sqliteSwiftInsertManyWritesNullOnlyWhenRowsDiffer() throws {
        let emails = Table("emails")
        let value1 = try SwiftTestCodable(int: 1, string: "2", double: 4, optional: nil, sub: nil)
        let value2 = try SwiftTestCodable(int: 2, string: "3", double: 5, optional: "optional", sub: nil)
        let value3 = try SwiftTestCodable(int: 3, string: "4", double: 6, optional: nil, sub: nil)
        // test_insert_many_encodables: the rows differ, so every nil becomes NULL.
        #expect(
            try emails.insertMany([value1, value2, value3]).asSQL() == """
                INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid", "optional", "sub") \
                VALUES (1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', NULL, NULL), \
                (2, '3', 1, 3.0, 5.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', 'optional', NULL), \
                (3, '4', 1, 3.0, 6.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', NULL, NULL)
                """)
        // Rows that agree leave their nils out.
        #expect(
            try emails.insertMany([value1, value3]).asSQL() == """
                INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid") \
                VALUES (1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'), \
                (3, '4', 1, 3.0, 6.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F')
                """)
    }

    // MARK: Behaviour against a real table

    @Test func insertLeavesNilOutSoColumnDefaultsApply() throws {
        let db = try makeDatabase()
        let partial = Task(title: "Write", status: nil, priority: nil)
        #expect(try tasks.insert(partial).asSQL() == #"INSERT INTO "tasks" ("title") VALUES ('Write')"#)
        try db.run(tasks.insert(partial))
        try db.run(tasks.insert(partial, nilEncoding: .null))
        #expect(try stored(db) == [[.text("Write"), .text("new"), .int(3)], [.text("Write"), .null, .null]])
        // The same through the any-Encodable overload and insert(or:), cached shapes and all.
        try db.run(tasks.insert(or: .replace, partial as any Encodable))
        try db.run(tasks.insert(or: .replace, partial))
        #expect(try stored(db).suffix(2) == [[.text("Write"), .text("new"), .int(3)], [.text("Write"), .text("new"), .int(3)]])
    }

    @Test func aValueWithEveryPropertyNilInsertsDefaultValues() throws {
        let db = try makeDatabase()
        #expect(try tasks.insert(Task.blank).asSQL() == #"INSERT INTO "tasks" DEFAULT VALUES"#)
        #expect(try tasks.insert(or: .ignore, Task.blank).asSQL() == #"INSERT OR IGNORE INTO "tasks" DEFAULT VALUES"#)
        try db.run(tasks.insert(Task.blank))
        try db.run(tasks.insertMany([Task.blank, Task.blank]))
        #expect(try stored(db) == Array(repeating: [.text("untitled"), .text("new"), .int(3)], count: 3))
        // Decoded back, the defaults show.
        #expect(try db.pluck(tasks)?.decode(as: Task.self) == Task(title: "untitled", status: "new", priority: 3))
    }

    @Test func updateKeepsNilColumnsUnlessAskedToWriteNull() throws {
        let db = try makeDatabase()
        try db.run(tasks.insert(Task(title: "Write", status: "doing", priority: 1)))
        let first = tasks.filter(id == 1)
        try db.run(first.update(Task(title: nil, status: "done", priority: nil)))
        #expect(try stored(db) == [[.text("Write"), .text("done"), .int(1)]])
        try db.run(first.update(Task(title: nil, status: "done", priority: nil), nilEncoding: .null))
        #expect(try stored(db) == [[.null, .text("done"), .null]])
    }

    @Test func updateWithNothingToSetIsAClearError() throws {
        let db = try makeDatabase()
        try db.run(tasks.insert(Task(title: "Write", status: "doing", priority: 1)))
        do {
            _ = try tasks.filter(id == 1).update(Task.blank)
            Issue.record("an update of no columns was built")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.contains("encoded no columns"))
            #expect(context.debugDescription.contains("nilEncoding: .null"))
        }
        #expect(try stored(db) == [[.text("Write"), .text("doing"), .int(1)]])
        // Other setters alone are enough.
        try db.run(tasks.filter(id == 1).update(Task.blank, otherSetters: [SQLExpression<String>("status") <- "x"]))
        #expect(try stored(db) == [[.text("Write"), .text("x"), .int(1)]])
        try db.run(tasks.filter(id == 1).update(Task.blank, nilEncoding: .null))
        #expect(try stored(db) == [[.null, .null, .null]])
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func upsertKeepsNilColumnsOfTheExistingRow() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT UNIQUE, status TEXT, priority INTEGER)")
        try db.run(tasks.insert(Task(title: "Write", status: "doing", priority: 1)))
        let upsert = try tasks.upsert(Task(title: "Write", status: nil, priority: 2), onConflictOf: SQLExpression<String>("title"))
        #expect(
            upsert.asSQL() == #"INSERT INTO "tasks" ("title", "priority") VALUES ('Write', 2) "#
                + #"ON CONFLICT ("title") DO UPDATE SET "priority" = "excluded"."priority""#)
        try db.run(upsert)
        #expect(try stored(db) == [[.text("Write"), .text("doing"), .int(2)]])
        try db.run(
            tasks.upsert(
                Task(title: "Write", status: nil, priority: 2), nilEncoding: .null, onConflictOf: SQLExpression<String>("title")))
        #expect(try stored(db) == [[.text("Write"), .null, .int(2)]])
        #expect(throws: EncodingError.self) { try tasks.upsert(Task.blank, onConflictOf: SQLExpression<String>("title")) }
    }

    @Test func explicitEncodeNilAlwaysWritesNull() throws {
        let db = try makeDatabase()
        #expect(
            try tasks.insert(HandEncoded(title: "a", note: nil, explicitNil: true)).asSQL()
                == #"INSERT INTO "tasks" ("title", "note") VALUES ('a', NULL)"#)
        try db.run(tasks.insert(HandEncoded(title: "a", note: "kept", explicitNil: true)))
        try db.run(tasks.filter(id == 1).update(HandEncoded(title: "a", note: nil, explicitNil: true)))
        #expect(try db.scalar(Int64.self, "SELECT note IS NULL FROM tasks") == 1)
    }

    @Test func aKeyTheValueNeverNamesIsLeftOutEvenWithNull() throws {
        // The documented limit of `.null`: the encoder only learns the keys it is given.
        #expect(
            try tasks.insert(HandEncoded(title: "a", note: nil, explicitNil: false), nilEncoding: .null).asSQL()
                == #"INSERT INTO "tasks" ("title") VALUES ('a')"#)
        #expect(
            try tasks.insert(HandEncoded(title: "a", note: "b", explicitNil: false), nilEncoding: .null).asSQL()
                == #"INSERT INTO "tasks" ("title", "note") VALUES ('a', 'b')"#)
    }

    @Test func nilAndNonNilRowsOfOneTypeAlternateThroughTheShapeCache() throws {
        let db = try makeDatabase()
        for n in 0..<40 {
            let task = Task(title: "t\(n)", status: n.isMultiple(of: 2) ? nil : "s\(n)", priority: n.isMultiple(of: 3) ? nil : n)
            try db.run(tasks.insert(task))
        }
        let rows = try stored(db)
        #expect(rows.count == 40)
        for (n, row) in rows.enumerated() {
            #expect(
                row == [
                    .text("t\(n)"), n.isMultiple(of: 2) ? .text("new") : .text("s\(n)"), n.isMultiple(of: 3) ? .int(3) : .int(Int64(n))
                ])
        }
    }
}
