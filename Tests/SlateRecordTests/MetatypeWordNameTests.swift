import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// Properties named like a metatype's member (`x.Type`, `x.Protocol`), which the expansion must
/// escape wherever it writes them.
@Table("parts")
struct Part: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    var `Type`: String
    var `Protocol`: Int?
}

@Suite("Records: properties named Type and Protocol")
struct MetatypeWordNameTests {
    @Test func theyAreColumnsThatRoundTrip() throws {
        let db = try Connection(.inMemory)
        try Part.createTable(db)
        let part = Part(id: 1, Type: "bolt", Protocol: 3)
        try part.insert(db)
        #expect(try Part.fetchAll(db) == [part])
        #expect(try Part.filter { $0.`Type` == "bolt" }.fetchCount(db) == 1)
        #expect(Part.columnNames == ["id", "Type", "Protocol"])
    }
}
