import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// Typed iterators end once, like SlateCore's: after the last row (or an error) they keep
/// returning `nil`, and a new loop over `db.prepare(query)` runs the query again.
@Suite("Iterating typed queries")
struct TypedIterationTests {
    let numbers = Table("n")
    let x = SQLExpression<Int64>("x")

    func database() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2), (3);")
    }

    @Test("Cursor.next() keeps returning nil after the last row")
    func queryCursorAfterEnd() throws {
        let db = try database()
        let cursor = try db.cursor(numbers.order(x))
        var seen: [Int64] = []
        while let row = try cursor.next() { seen.append(try row.get(x)) }
        #expect(seen == [1, 2, 3])
        for _ in 0..<3 { #expect(try cursor.next() == nil) }
        #expect(try cursor.map { try $0.get(x) } == [])
    }

    @Test("RowIterator.next() and failableNext() keep returning nil after the last row")
    func rowIteratorAfterEnd() throws {
        let db = try database()
        let iterator = try db.prepareRowIterator(numbers.order(x))
        #expect(try iterator.map { $0[x] } == [1, 2, 3])
        #expect(try iterator.failableNext() == nil)
        #expect(iterator.next() == nil)
        #expect(try iterator.failableNext() == nil)
    }

    /// The iteration writes each row into the previous row's values when the caller has let
    /// that row go; a row the caller keeps is copied first, so it never changes.
    @Test("rows kept from an iteration keep their values while it goes on")
    func keptRowsKeepTheirValues() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');")
        let table = Table("t")
        let s = SQLExpression<String>("s")
        let kept = Array(try db.prepare(table.order(x)))
        #expect(kept.map { $0[x] } == [1, 2, 3])
        #expect(kept.map { $0[s] } == ["a", "b", "c"])
        var some: [Row] = []
        for row in try db.prepare(table.order(x)) where row[x] != 2 { some.append(row) }
        #expect(some.map { $0[s] } == ["a", "c"])
        let iterator = try db.prepareRowIterator(table.order(x))
        let first = try #require(try iterator.failableNext())
        _ = try iterator.failableNext()
        #expect(first[x] == 1 && first[s] == "a")
    }

    @Test("a prepared query keeps its values when the cache hands its statement to another query first")
    func preparedQueryKeepsItsValues() throws {
        let db = try database()
        // Same SQL, other values: both take the one cached statement.
        let two = try db.prepare(numbers.filter(x == 2))
        let three = try db.prepare(numbers.filter(x == 3))
        #expect(two.map { $0[x] } == [2])
        #expect(three.map { $0[x] } == [3])
        #expect(two.map { $0[x] } == [2])
        #expect(two.error == nil && three.error == nil)
    }

    @Test("a typed cursor over a join of * finds namespaced columns after its connection is freed")
    func joinedStarCursorOutlivesItsConnection() throws {
        let a = Table("a")
        let b = Table("b")
        let id = SQLExpression<Int64>("id")
        let y = SQLExpression<String>("y")
        var cursor: Cursor?
        weak var weakConnection: Connection?
        do {
            let db = try Connection()
            weakConnection = db
            try db.execute(sql: "CREATE TABLE a (id INTEGER); CREATE TABLE b (id INTEGER, y TEXT); INSERT INTO a VALUES (1); INSERT INTO b VALUES (1, 'one');")
            cursor = try db.cursor(a.join(b, on: a[id] == b[id]))
        }
        #expect(weakConnection == nil)
        let kept = try #require(cursor)
        let row = try #require(try kept.next())
        // The keys of `*` over a join come from SQLite through the statement's handle.
        #expect(try row.get(a[id]) == 1)
        #expect(try row.get(b[y]) == "one")
        #expect(throws: SQLiteError.self) { _ = try row.get(id) }  // ambiguous
    }

    @Test("nested walks of one prepared query each read every row")
    func nestedWalksOfOnePreparedQuery() throws {
        let db = try database()
        let rows = try db.prepare(numbers.order(x))
        var pairs: [[Int64]] = []
        for outer in rows {
            // The outer walk holds the statement: the inner one must take another.
            for inner in rows { pairs.append([outer[x], inner[x]]) }
        }
        #expect(pairs.count == 9)
        #expect(pairs.first == [1, 1] && pairs.last == [3, 3])
    }

    @Test("for row in db.prepare(query) twice reads every row twice")
    func rowSequenceTwice() throws {
        let db = try database()
        let rows = try db.prepare(numbers.order(x))
        #expect(rows.map { $0[x] } == [1, 2, 3])
        #expect(rows.map { $0[x] } == [1, 2, 3])
        for row in rows {
            #expect(row[x] == 1)
            break
        }
        #expect(rows.map { $0[x] } == [1, 2, 3])
    }

    @Test("Cursor.decodeNext keeps returning nil after the last row")
    func decodeNextAfterEnd() throws {
        struct N: Decodable { let x: Int64 }
        let db = try database()
        let cursor = try db.cursor("SELECT x FROM n ORDER BY x")
        #expect(try cursor.decodeAll(N.self).map(\.x) == [1, 2, 3])
        #expect(try cursor.decodeNext(N.self) == nil)
        #expect(try cursor.decodeAll(N.self).isEmpty)
    }
}
