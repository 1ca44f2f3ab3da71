// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import SlateCore
import SlateCoreTestSupport
import Testing

/// The example of the landing page `SlateCore.docc/SlateCore.md`, run as written: the path every
/// landing page follows (queue, migration, write, read, observation), in SQL.
@Suite("SlateCore landing page")
struct SlateCoreLandingPageTests {
    // A watchdog against a hang, not a timing threshold: on a loaded 2-core machine the whole
    // test process can wait minutes for a thread (a full run under two compile jobs took 490 s).
    @Test(.timeLimit(.minutes(5)))
    func thePathInSQL() async throws {
        // DatabaseQueue(path: "game.sqlite") opens a file, DatabasePool(path:) a file in WAL mode
        // with concurrent readers; this queue is in memory.
        let queue = try DatabaseQueue()

        var migrator = DatabaseMigrator()
        try migrator.registerMigration("create players") { db in
            try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
        }
        try migrator.migrate(queue)

        try await queue.write { db in
            try db.execute(sql: "INSERT INTO players (name, score) VALUES ('Arthur', 42), ('Betty', NULL)")
        }

        let best = try await queue.read { db in
            try db.cursor("SELECT name FROM players WHERE score > ? ORDER BY score DESC", 10)
                .map { row in try row.get(0, as: String.self) }
        }                                                   // ["Arthur"]

        let playerCount = ValueObservation.tracking { db in
            try db.scalar(Int.self, "SELECT count(*) FROM players") ?? 0
        }
        for try await count in playerCount.values(in: queue) {
            print("\(count) players")                       // 2 players, then 3 players
            if count == 3 { break }
            try await queue.write { db in _ = try db.run("INSERT INTO players (name, score) VALUES (?, ?)", "Cyd", 7) }
        }

        #expect(best == ["Arthur"])
        #expect(try await queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM players") } == 3)
    }
}
