import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's QueryIntegrationTests read ranking window functions as `Int` and call `next()`
/// on the iterator `makeIterator()` returns, without a `var`.
@Suite("Ranking types and row iterators")
struct RankingAndIteratorGapTests: UsersFixture {
    @Test("row_number, rank, dense_rank and ntile read as Int")
    func rankingIsInt() throws {
        guard SQLite.versionNumber >= 3_025_000 else { return }  // window functions
        let db = try makeUsersDatabase()
        let number = rowNumber(email.asc)
        let ranks = rank(email)
        let dense = denseRank(email)
        let tiles = ntile(2, id)
        let rows: [[Int]] = try db.prepare(users.select(id, number, ranks, dense, tiles).order(id)).map {
            [$0[number], $0[ranks], $0[dense], $0[tiles]]
        }
        #expect(rows == [[1, 1, 1, 1], [2, 2, 2, 1], [3, 3, 3, 2]])
    }

    @Test("next() works on the iterator value makeIterator() returns")
    func nonMutatingNext() throws {
        let db = try makeUsersDatabase()
        let first = try db.prepare(users.order(id)).makeIterator().next()
        #expect(first?[email] == "alice@mac.com")
        let iterator = try db.prepare(users.order(id)).makeIterator()
        #expect(iterator.next()?[id] == 1)
        #expect(iterator.next()?[id] == 2)  // the position is shared state, not a copy
        #expect(throws: SQLiteError.self) { try db.prepare(Table("missing")).makeIterator().next() }
    }
}
