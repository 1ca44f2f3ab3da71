// swift-format-ignore-file
// (This file mirrors the README's records example line for line: it keeps its layout.)
import SlateMacros
import Testing

// The README's first example, "Records: start here for new code"; ReadmeExamplesTests checks that
// it is copied verbatim: `Player` as RecordsArticleTests.swift declares it, the rest here.

@Suite("README: records")
struct ReadmeRecordsTests {
    @Test func records() throws {
        let game = try Connection(.inMemory)
        try Player.createTable(game)
        try Player(id: 1, name: "Arthur", score: 42).insert(game)
        try Player(id: 2, name: "Betty", score: nil).insert(game)

        let best = try Player.filter { $0.score > 10 }.order { $0.score.desc }.fetchAll(game)
        var betty = try Player.fetchOne(game, key: 2)
        betty?.score = 7
        try betty?.update(game)
        let everyone = try Player.fetchAll(game)       // [Arthur 42, Betty 7]

        #expect(best.map(\.name) == ["Arthur"])
        #expect(everyone == [Player(id: 1, name: "Arthur", score: 42), Player(id: 2, name: "Betty", score: 7)])
    }
}
