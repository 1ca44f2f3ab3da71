import Foundation
import SlateTestSupport
import Testing

@testable import Slate

/// A player, its conformance written by hand (this target does not build the `@Table` macro).
private struct Gamer: TableRecord, Equatable {
    var id: Int64
    var name: String
    var score: Int64?

    static let tableName = "gamers"
    static let table = Table("gamers")
    struct Columns: Sendable {
        let id = SQLExpression<Int64>("id")
        let name = SQLExpression<String>("name")
        let score = SQLExpression<Int64?>("score")
    }
    static let columns = Columns()
    static let columnNames = ["id", "name", "score"]
    static var columnDefinitions: [ColumnDefinition] {
        [.recordColumn("id", Int64.self, primaryKey: true), .recordColumn("name", String.self), .recordColumn("score", Int64?.self)]
    }
    static let primaryKeyColumn: String? = "id"

    init(id: Int64, name: String, score: Int64?) {
        self.id = id
        self.name = name
        self.score = score
    }

    init(reading reader: borrowing RecordReader) throws(SQLiteError) {
        id = try reader.read(Int64.self, at: 0)
        name = try reader.read(String.self, at: 1)
        score = try reader.read(Int64?.self, at: 2)
    }

    func write(to writer: inout RecordWriter) throws(SQLiteError) {
        try writer.write(id, at: 0)
        try writer.write(name, at: 1)
        try writer.write(score, at: 2)
    }
}

/// Issue 30: below SQLite 3.24 (the SQLCipher build links 3.15), `upsert` is an UPDATE, then an
/// INSERT when the UPDATE changed nothing. It must do what `INSERT … ON CONFLICT DO UPDATE` does:
/// a row whose update a `BEFORE UPDATE … RAISE(IGNORE)` trigger skips is left as it is, not
/// inserted again (which failed with a UNIQUE violation).
@Suite("Records: the upsert without ON CONFLICT behaves as the one with it")
struct UpsertFallbackTests {
    static let schema = """
        CREATE TABLE gamers (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score);
        INSERT INTO gamers VALUES (1, 'Ann', 3);
        """

    /// The two ways to upsert: `ON CONFLICT … DO UPDATE` where the linked SQLite has it, and
    /// the fallback, which every build can run.
    static let ways: [String] = SQLiteFeature.upsert.isAvailable ? ["native", "fallback"] : ["fallback"]

    private static func upsert(_ gamer: Gamer, _ db: Connection, _ way: String) throws {
        if way == "native" { try gamer.upsert(db) } else { try gamer.upsertByUpdateThenInsert(db) }
    }

    static func rows(_ db: Connection) throws -> [String] {
        try db.prepare(sql: "SELECT id || ':' || name || ':' || ifnull(score, '-') FROM gamers ORDER BY id").rows()
            .map { try $0.get(0, as: String.self) }
    }

    @Test("an update that a trigger ignores leaves the row as it is", arguments: ways)
    func ignoredUpdate(way: String) throws {
        let db = try inMemoryDatabase(Self.schema)
        try db.execute(sql: "CREATE TRIGGER keep BEFORE UPDATE ON gamers BEGIN SELECT RAISE(IGNORE); END")
        try Self.upsert(Gamer(id: 1, name: "Bob", score: 5), db, way)
        #expect(try Self.rows(db) == ["1:Ann:3"])
        try Self.upsert(Gamer(id: 2, name: "Cy", score: nil), db, way)
        #expect(try Self.rows(db) == ["1:Ann:3", "2:Cy:-"])
        #expect(db.isAutocommit)
    }

    @Test("inserts a new key, updates an existing one, and fails on another constraint", arguments: ways)
    func sameAsOnConflict(way: String) throws {
        let db = try inMemoryDatabase(Self.schema)
        try Self.upsert(Gamer(id: 1, name: "Bob", score: 5), db, way)
        try Self.upsert(Gamer(id: 2, name: "Cy", score: nil), db, way)
        #expect(try Self.rows(db) == ["1:Bob:5", "2:Cy:-"])
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try Self.upsert(Gamer(id: 3, name: "Bob", score: 1), db, way) }
        #expect(try Self.rows(db) == ["1:Bob:5", "2:Cy:-"])
        // Inside a transaction, the fallback's savepoint joins it.
        try db.transaction {
            try Self.upsert(Gamer(id: 4, name: "Di", score: 2), db, way)
            #expect(!db.isAutocommit)
        }
        #expect(try Self.rows(db) == ["1:Bob:5", "2:Cy:-", "4:Di:2"])
    }
}
