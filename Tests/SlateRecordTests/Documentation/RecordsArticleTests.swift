// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateMacros
import SlateTestSupport
import Testing

// The examples of `Slate.docc/Records.md`, so the article cannot drift from the API. The types
// are at file scope: a macro's extension of a nested type does not see its outer type's members.

@Table
struct Player: Equatable {
    @Column(primaryKey: true) var id: Int64
    var name: String
    var score: Int64?
}

/// A date stored as a number of seconds since 1970, rather than SQLite.swift's date text.
enum UnixTime: ColumnRepresentation {
    static func stored(from value: Date) -> Double { value.timeIntervalSince1970 }
    static func represented(from stored: Double) -> Date { Date(timeIntervalSince1970: stored) }
}

@Table("match_events")
struct MatchEvent {
    @Column(primaryKey: true) var id: Int64?           // nil: SQLite assigns the key
    @Column("player_id") var player: Int64
    var kind: Kind                                     // an enum: its raw value
    @Column(as: UnixTime.self) var at: Date
    var details: Details?                              // a Codable struct: JSON text
    @Column(as: JSONColumn<[String]>.self) var tags: [String]
    @Transient var isHighlighted = false

    enum Kind: String { case goal, foul }
    struct Details: Codable { var minute: Int; var note: String }
}

@Suite("Records article")
struct RecordsArticleTests {
    @Test func declareCreateFetchWrite() throws {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        // CREATE TABLE "players" ("id" INTEGER PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "score" INTEGER)
        try db.execute(sql: "INSERT INTO players VALUES (1, 'Arthur', 42), (2, 'Betty', NULL), (4, 'Dan', 12)")

        let everyone = try Player.fetchAll(db)
        let best = try Player.filter { $0.score > 10 }.order { $0.score.desc }.limit(3).fetchAll(db)
        let arthur = try Player.filter { $0.name == "Arthur" }.fetchOne(db)
        let byKey = try Player.fetchOne(db, key: 1)
        let unscored = try Player.filter { $0.score == nil }.fetchCount(db)

        let cursor = try Player.all().fetchCursor(db)      // one record at a time
        while let player = try cursor.next() {
            print(player.name)
        }

        let scored = try db.cursor("SELECT * FROM players WHERE score IS NOT NULL").decodeAll(Player.self)
        let leaders = try db.cursor(Player.table.filter(Player.columns.score >= 40)).decodeAll(Player.self)

        #expect(everyone.count == 3)
        #expect(best.map(\.name) == ["Arthur", "Dan"])
        #expect(arthur == byKey)
        #expect(unscored == 1)
        #expect(scored.map(\.id) == [1, 4])
        #expect(leaders.map(\.name) == ["Arthur"])

        try db.execute(sql: "DELETE FROM players")
        try Player(id: 1, name: "Arthur", score: 42).insert(db)
        try Player(id: 1, name: "Arthur", score: 43).update(db)    // by primary key
        try Player(id: 2, name: "Betty", score: nil).upsert(db)    // insert, or update on its key
        try Player(id: 2, name: "Betty", score: nil).delete(db)
        try Player(id: 3, name: "Carol", score: 7).insert(db, onConflict: .replace)
        #expect(try Player.fetchAll(db) == [Player(id: 1, name: "Arthur", score: 43), Player(id: 3, name: "Carol", score: 7)])
    }

    @Test func declaredColumns() throws {
        let db = try Connection(.inMemory)
        try MatchEvent.createTable(db)
        let event = MatchEvent(
            id: nil, player: 7, kind: .goal, at: Date(timeIntervalSince1970: 90), details: .init(minute: 12, note: "header"),
            tags: ["cup"])
        try event.insert(db)
        let read = try #require(try MatchEvent.fetchOne(db))
        #expect(read.id == 1 && read.player == 7 && read.kind == .goal && read.at == event.at && read.tags == ["cup"])
        #expect(read.details?.note == "header")
        #expect(try rowValues(db, "SELECT player_id, kind, at, tags FROM match_events") == [[.int(7), .text("goal"), .real(90), .text(#"["cup"]"#)]])
        #expect(
            MatchEvent.createTableSQL()
                == #"CREATE TABLE "match_events" ("id" INTEGER PRIMARY KEY, "player_id" INTEGER NOT NULL, "kind" TEXT NOT NULL, "at" REAL NOT NULL, "details" TEXT, "tags" TEXT NOT NULL)"#)
    }
}
