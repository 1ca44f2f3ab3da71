// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
@testable import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/MigrationsAndObservation.md` ("Observing values"), run as written.
@Suite("Migrations and observation article: observing values", .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservingValuesArticleTests {
    /// The first block, which runs in synchronous code.
    func setUp(path: String) throws -> (DatabasePool, ValueObservation<Int>) {
        let pool = try DatabasePool(path: path)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
        }
        let playerCount = ValueObservation.tracking { db in
            try db.scalar(Int.self, "SELECT count(*) FROM players") ?? 0
        }
        return (pool, playerCount)
    }

    @Test func observingValues() async throws {
        let directory = try TemporaryDirectory()
        let (pool, playerCount) = try setUp(path: directory.path("players.sqlite"))

        var printed: [Int] = []
        for try await count in playerCount.values(in: pool) {
            print("\(count) players")
            printed.append(count)
            if count == 2 { break }
            try await pool.write { db in _ = try db.run("INSERT INTO players (name, score) VALUES ('Ada', 10)") }
        }
        #expect(printed == [0, 1, 2])

        let scores = ScoreLog()
        let topScore = ValueObservation.tracking { db in
            try db.scalar(Int.self, "SELECT max(score) FROM players")
        }.removeDuplicates()
        let cancellable = topScore.start(in: pool, onError: { error in
            print("observation failed: \(error)")
        }, onChange: { score in
            print("top score: \(score.map(String.init) ?? "none")")
            scores.append(score)
        })
        // …
        #expect(await scores.waitAsync(for: 10))
        try await pool.write { db in _ = try db.run("UPDATE players SET score = 12 WHERE id = 1") }
        #expect(await scores.waitAsync(for: 12))
        cancellable.cancel()
        #expect(scores.all == [10, 12])
    }
}

/// The scores the article's callback printed.
private final class ScoreLog: @unchecked Sendable {
    private let lock = NSLock()
    private var scores: [Int?] = []
    var all: [Int?] { lock.withLock { scores } }
    func append(_ score: Int?) { lock.withLock { scores.append(score) } }

    /// Waits (bounded, without blocking the cooperative pool) until `score` was delivered.
    func waitAsync(for score: Int) async -> Bool {
        await waitUntilAsync { all.contains(score) }
    }
}
