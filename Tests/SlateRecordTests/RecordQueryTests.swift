import Foundation
import SlateMacros
import SlateTestSupport
import Testing

// `Player`, a record without Codable (only its generated code reads and writes it), is declared
// in Documentation/RecordsArticleTests.swift, as the Records article shows it.

/// A record whose key SQLite assigns (an `INTEGER PRIMARY KEY` left nil).
@Table("notes")
struct Note: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64?
    var text: String
    @Transient var isSelected = false
}

/// A record with no primary key.
@Table("events")
struct Event: Equatable, Sendable {
    var name: String
    @Column("happened_at") var at: Date
}

/// A record of a `WITHOUT ROWID` table (created by hand).
@Table("keyed_tags")
struct KeyedTag: Equatable, Sendable {
    @Column(primaryKey: true) var name: String
    var count: Int
}

@Suite("Records: the primary API")
struct RecordQueryTests {
    func makePlayers() throws -> Connection {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        for player in [
            Player(id: 1, name: "Arthur", score: 42), Player(id: 2, name: "Betty", score: nil),
            Player(id: 3, name: "Carol", score: 7), Player(id: 4, name: "Dan", score: 99)
        ] {
            try player.insert(db)
        }
        return db
    }

    @Test func createTableSQLComesFromTheTypes() {
        #expect(
            Player.createTableSQL()
                == #"CREATE TABLE "players" ("id" INTEGER PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "score" INTEGER)"#)
        #expect(
            Event.createTableSQL(ifNotExists: true)
                == #"CREATE TABLE IF NOT EXISTS "events" ("name" TEXT NOT NULL, "happened_at" TEXT NOT NULL)"#)
        #expect(Profile.createTableSQL().contains(#""active" INTEGER NOT NULL"#))
        #expect(Profile.createTableSQL().contains(#""ratio" REAL NOT NULL"#))
        #expect(Profile.createTableSQL().contains(#""avatar" BLOB NOT NULL"#))
        #expect(Profile.createTableSQL().contains(#""thumbnail" BLOB,"#))
        #expect(Profile.createTableSQL().contains(#""mood" TEXT NOT NULL"#))
        #expect(Profile.createTableSQL().contains(#""address" TEXT NOT NULL"#))
        #expect(Profile.createTableSQL().contains(#""temperature" REAL)"#))
        #expect(Player.tableName == "players" && Note.tableName == "notes")
        #expect(Player.columnNames == ["id", "name", "score"])
        #expect(Event.columnNames == ["name", "happened_at"])
    }

    @Test func filtersOrdersAndLimits() throws {
        let db = try makePlayers()
        #expect(try Player.fetchAll(db).map(\.id) == [1, 2, 3, 4])
        #expect(try Player.filter { $0.score > 10 }.order { $0.score.desc }.fetchAll(db).map(\.name) == ["Dan", "Arthur"])
        #expect(try Player.filter { $0.score == nil }.fetchAll(db).map(\.name) == ["Betty"])
        #expect(try Player.filter { $0.name.like("%a%") && $0.score < 50 }.fetchAll(db).map(\.name) == ["Arthur", "Carol"])
        #expect(try Player.order { [$0.score.desc, $0.name] }.limit(2, offset: 1).fetchAll(db).map(\.name) == ["Arthur", "Carol"])
        #expect(try Player.order { $0.name.desc }.fetchOne(db)?.name == "Dan")
        #expect(try Player.fetchOne(db, key: 3) == Player(id: 3, name: "Carol", score: 7))
        #expect(try Player.fetchOne(db, key: 30) == nil)
        #expect(try Player.fetchCount(db) == 4)
        #expect(try Player.filter { $0.score != nil }.fetchCount(db) == 3)
        // The columns are typed expressions, for SQLite.swift's query language too.
        let best = try db.cursor(Player.table.filter(Player.columns.score > 40).order(Player.columns.id)).map { row in
            try row.get(Player.columns.name)
        }
        #expect(best == ["Arthur", "Dan"])
    }

    @Test func cursorsReadOneRecordAtATime() throws {
        let db = try makePlayers()
        let cursor = try Player.all().fetchCursor(db)
        var names: [String] = []
        while let player = try cursor.next() {
            // Another query while the cursor is open uses a statement of its own.
            #expect(try Player.fetchOne(db, key: player.id)?.name == player.name)
            names.append(player.name)
        }
        #expect(names == ["Arthur", "Betty", "Carol", "Dan"])
        #expect(try cursor.next() == nil)
        var nested: [String] = []
        try Player.filter { $0.id <= 2 }.fetchCursor(db).forEach { outer in
            let inners = try Player.filter { $0.id <= 2 }.fetchAll(db)
            for inner in inners { nested.append(outer.name + inner.name) }
        }
        #expect(nested == ["ArthurArthur", "ArthurBetty", "BettyArthur", "BettyBetty"])
    }

    @Test func updateUpsertAndDelete() throws {
        let db = try makePlayers()
        var betty = try #require(try Player.fetchOne(db, key: 2))
        betty.score = 12
        try betty.update(db)
        #expect(try Player.fetchOne(db, key: 2)?.score == 12)

        try Player(id: 5, name: "Eve", score: 1).upsert(db)
        try Player(id: 1, name: "Arthur Dent", score: nil).upsert(db)
        #expect(try Player.fetchOne(db, key: 1) == Player(id: 1, name: "Arthur Dent", score: nil))
        #expect(try Player.fetchCount(db) == 5)

        #expect(try Player(id: 4, name: "", score: nil).delete(db))
        #expect(try !Player(id: 4, name: "", score: nil).delete(db))
        #expect(try Player.filter { $0.score == nil }.deleteAll(db) == 1)
        #expect(try Player.fetchAll(db).map(\.id) == [2, 3, 5])
    }

    @Test func aNilKeyIsAssignedBySQLite() throws {
        let db = try Connection(.inMemory)
        try Note.createTable(db)
        let first = try Note(id: nil, text: "a").insert(db)
        let second = try Note(id: nil, text: "b", isSelected: true).insert(db)
        #expect((first, second) == (1, 2))
        // The transient property keeps its initial value in records read back.
        #expect(try Note.fetchAll(db) == [Note(id: 1, text: "a"), Note(id: 2, text: "b")])
    }

    @Test func insertReturnsTheNewRowidOrNilWhenThereIsNone() throws {
        let db = try Connection(.inMemory)
        try Note.createTable(db)
        try Player.createTable(db)
        #expect(try Note(id: nil, text: "a").insert(db) == 1)
        #expect(try Player(id: 7, name: "Ann", score: nil).insert(db) == 7)
        // Ignored: no row was inserted, so no rowid (not the previous insert's), and the
        // connection's last rowid is left as it was.
        #expect(try Player(id: 7, name: "Bob", score: nil).insert(db, onConflict: .ignore) == nil)
        #expect(db.lastInsertRowID == 7)
        #expect(try Player(id: 8, name: "Bob", score: nil).insert(db, onConflict: .ignore) == 8)
        #expect(try Player(id: 8, name: "Bo", score: 1).insert(db, onConflict: .replace) == 8)
        // A new row whose rowid is the previous insert's is still reported.
        #expect(try Note(id: 8, text: "b").insert(db) == 8)
        // A WITHOUT ROWID table has no rowid to return: nil, not the previous insert's.
        try db.execute(sql: "CREATE TABLE keyed_tags (name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID")
        #expect(try KeyedTag(name: "a", count: 1).insert(db) == nil)
        #expect(try KeyedTag(name: "b", count: 2).insert(db, onConflict: .ignore) == nil)
        #expect(try KeyedTag(name: "b", count: 3).insert(db, onConflict: .replace) == nil)
        #expect(try KeyedTag.fetchAll(db) == [KeyedTag(name: "a", count: 1), KeyedTag(name: "b", count: 3)])
        #expect(db.lastInsertRowID == 8)
    }

    @Test func conflictResolution() throws {
        let db = try makePlayers()
        try Player(id: 1, name: "Zed", score: 0).insert(db, onConflict: .replace)
        #expect(try Player.fetchOne(db, key: 1)?.name == "Zed")
        try Player(id: 2, name: "Ignored", score: 0).insert(db, onConflict: .ignore)
        #expect(try Player.fetchOne(db, key: 2)?.name == "Betty")
    }

    @Test func recordsWithoutCodableDecodeFromRowsAndCursors() throws {
        let db = try makePlayers()
        // Columns in another order, and more of them: found by name once per statement.
        let players = try db.prepare(sql: "SELECT score, 'x' AS extra, name, id FROM players ORDER BY id").cursor().decodeAll(Player.self)
        #expect(players.map(\.id) == [1, 2, 3, 4] && players[1].score == nil)
        let row = try #require(try db.pluck(Player.table.filter(Player.columns.id == 3)))
        #expect(try row.decode(as: Player.self) == Player(id: 3, name: "Carol", score: 7))
        // A join whose first columns are the record's.
        try db.execute(sql: "CREATE TABLE teams (player INTEGER, team TEXT); INSERT INTO teams VALUES (1, 'red'), (3, 'blue')")
        let joined = try db.prepare(sql: "SELECT p.*, t.team FROM players p JOIN teams t ON t.player = p.id ORDER BY p.id")
            .cursor().decodeAll(Player.self)
        #expect(joined.map(\.name) == ["Arthur", "Carol"])
    }

    @Test func representationsAndDates() throws {
        let db = try Connection(.inMemory)
        try Event.createTable(db)
        let at = Date(timeIntervalSince1970: 1_700_000_000.25)
        try Event(name: "launch", at: at).insert(db)
        #expect(try Event.fetchAll(db) == [Event(name: "launch", at: at)])
        // SQLite.swift's date text.
        #expect(try rowValues(db, "SELECT happened_at FROM events") == [[.text("2023-11-14T22:13:20.250")]])
    }
}
