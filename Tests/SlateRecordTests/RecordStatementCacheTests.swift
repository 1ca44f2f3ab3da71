import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// A plain Codable row, for inserts through the encoder beside a record's own statements.
private struct PlainPlayer: Codable {
    var id: Int64
    var name: String
    var score: Int64?
}

/// Records, one-row inserts and raw SQL share the connection's one statement cache: one bound,
/// one eviction, each kind of statement found by its own key.
@Suite("Records: one statement cache for records, insert shapes and SQL")
struct RecordStatementCacheTests {
    static let schema = "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)"

    @Test("a loop of one record's inserts steps one statement; other kinds of statements keep theirs")
    func recordsShapesAndSQLKeepTheirOwnStatements() throws {
        let db = try inMemoryDatabase(Self.schema)
        let players = Table("players")
        for id in Int64(1)...3 { try Player(id: id, name: "p\(id)", score: id).insert(db) }
        let afterRecords = db.cachedStatementCount
        #expect(afterRecords == 1)
        // The Codable insert of the same table and columns, and the raw SQL of the record's own
        // insert, are other keys: each gets a statement of its own.
        for id in Int64(4)...6 { try db.run(players.insert(PlainPlayer(id: id, name: "p\(id)", score: nil))) }
        #expect(db.cachedStatementCount == afterRecords + 1)
        let raw = try db.cachedStatement(sql: "INSERT INTO \"players\" (\"id\", \"name\", \"score\") VALUES (?, ?, ?)")
        try raw.bind(Int64(7), at: 1)
        try raw.bind("p7", at: 2)
        try raw.executeToCompletion()
        #expect(db.cachedStatementCount == afterRecords + 2)
        // Interleaved, each still finds its own.
        try Player(id: 8, name: "p8", score: nil).insert(db)
        try db.run(players.insert(PlainPlayer(id: 9, name: "p9", score: 9)))
        try Player(id: 10, name: "p10", score: nil).insert(db)
        #expect(db.cachedStatementCount == afterRecords + 3)  // the Codable row with a score is another shape
        #expect(try Player.fetchAll(db).map(\.id) == Array(1...10))
    }

    @Test("records and inserts share statementCacheCapacity and keep working when evicted")
    func oneBoundForEveryKind() throws {
        let db = try inMemoryDatabase(Self.schema)
        db.statementCacheCapacity = 2
        let players = Table("players")
        for id in Int64(1)...30 {
            switch id % 3 {
            case 0: try Player(id: id, name: "p\(id)", score: id).insert(db)
            case 1: try db.run(players.insert(PlainPlayer(id: id, name: "p\(id)", score: id)))
            default: _ = try db.cachedStatement(sql: "SELECT count(*) FROM players WHERE id < \(id)").step()
            }
            #expect(db.cachedStatementCount <= 2)
        }
        #expect(try Player.fetchAll(db).count == 20)
        db.statementCacheCapacity = 0
        try Player(id: 100, name: "none kept", score: nil).insert(db)
        #expect(db.cachedStatementCount == 0)
        #expect(try Player.fetchOne(db, key: 100)?.name == "none kept")
    }

    @Test("a record's kept statements follow a schema change")
    func recordStatementsFollowSchemaChanges() throws {
        let db = try inMemoryDatabase(Self.schema)
        try Player(id: 1, name: "Ann", score: 1).insert(db)
        #expect(try Player.fetchAll(db) == [Player(id: 1, name: "Ann", score: 1)])
        // The same columns in another order, and one more: the kept statements are recompiled.
        try db.execute(
            sql: """
                CREATE TABLE new_players (score INTEGER, extra TEXT DEFAULT 'x', name TEXT NOT NULL, id INTEGER PRIMARY KEY);
                INSERT INTO new_players (score, name, id) SELECT score, name, id FROM players;
                DROP TABLE players;
                ALTER TABLE new_players RENAME TO players
                """)
        try Player(id: 2, name: "Bob", score: nil).insert(db)
        #expect(try Player.fetchAll(db) == [Player(id: 1, name: "Ann", score: 1), Player(id: 2, name: "Bob", score: nil)])
        db.clearStatementCache()
        try Player(id: 3, name: "Cy", score: 3).insert(db)
        #expect(try Player.fetchOne(db, key: 3) == Player(id: 3, name: "Cy", score: 3))
    }
}
