// swift-format-ignore-file
// (This file mirrors the README's first example line for line: it keeps its layout.)
import SlateMacros
import Testing

// The README's "A first database", which the landing pages of SlateMacros.docc and Slate.docc
// repeat; ReadmeExamplesTests and ArticleExamplesTests check that it is copied verbatim: `Player`
// as RecordsArticleTests.swift declares it, the path from the queue to the observation here. This
// file imports SlateMacros alone, as the README's example does.

@Suite("README: the first database")
struct ReadmeRecordsTests {
    // A watchdog against a hang, not a timing threshold: on a loaded 2-core machine the whole
    // test process can wait minutes for a thread (a full run under two compile jobs took 490 s).
    @Test(.timeLimit(.minutes(5)))
    func firstDatabase() async throws {
        // DatabaseQueue(path: "game.sqlite") opens a file, DatabasePool(path:) a file in WAL mode
        // with concurrent readers; this queue is in memory.
        let queue = try DatabaseQueue()

        var migrator = DatabaseMigrator()
        try migrator.registerMigration("create players") { db in
            try Player.createTable(db)
        }
        try migrator.migrate(queue)

        try await queue.write { db in
            try Player(id: 1, name: "Arthur", score: 42).insert(db)
            try Player(id: 2, name: "Betty", score: nil).insert(db)
        }

        let best = try await queue.read { db in
            try Player.filter { $0.score > 10 }.order { $0.score.desc }.fetchAll(db)
        }                                                   // [Arthur 42]

        let playerCount = ValueObservation.tracking { db in try Player.fetchCount(db) }
        for try await count in playerCount.values(in: queue) {
            print("\(count) players")                       // 2 players, then 3 players
            if count == 3 { break }
            try await queue.write { db in try Player(id: 3, name: "Cyd", score: 7).insert(db) }
        }

        #expect(best == [Player(id: 1, name: "Arthur", score: 42)])
        let everyone = try await queue.read { db in try Player.fetchAll(db) }
        #expect(everyone.map(\.name) == ["Arthur", "Betty", "Cyd"])
        #expect(try migrator.appliedMigrations(in: queue) == ["create players"])
    }

    #if canImport(Observation)
    /// The README names `ObservedValue(in: queue, initial: []) { db in try Player.fetchAll(db) }`
    /// in its prose: it compiles as written.
    @Test func observedValueSpellingCompiles() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let queue = try DatabaseQueue()
        let players = ObservedValue(in: queue, initial: []) { db in try Player.fetchAll(db) }
        players.cancel()
        #expect(players.value.isEmpty)
    }
    #endif
}
