import Foundation
import SlateMacros
import SlateTestSupport
import Testing

@Table
struct Player: Equatable {
    @Column(primaryKey: true) var id: Int64
    var name: String
    var score: Int64?
}

@Suite("Records: declare, create, write, read")
struct RecordBasicsTests {
    @Test func roundTrip() throws {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        try Player(id: 1, name: "Arthur", score: 42).insert(db)
        try Player(id: 2, name: "Betty", score: nil).insert(db)
        #expect(try Player.fetchAll(db) == [Player(id: 1, name: "Arthur", score: 42), Player(id: 2, name: "Betty", score: nil)])
        #expect(try Player.filter { $0.score > 10 }.fetchAll(db).map(\.name) == ["Arthur"])
        #expect(try Player.fetchOne(db, key: 2)?.name == "Betty")
    }
}
