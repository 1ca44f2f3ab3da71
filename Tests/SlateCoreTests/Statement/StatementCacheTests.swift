import Foundation
import SlateCore
import Testing

/// The prepared-statement cache behind `cachedStatement(sql:)` (and every typed query) is
/// bounded: it keeps the most recently used statements, up to `statementCacheCapacity`.
@Suite struct StatementCacheTests {
    @Test func theDefaultCapacityIsBounded() throws {
        let db = try Connection()
        #expect(db.statementCacheCapacity == Connection.defaultStatementCacheCapacity)
        #expect(db.statementCacheCapacity > 0 && db.statementCacheCapacity <= 1_000)
    }

    @Test func tenThousandDistinctQueriesKeepTheCacheBounded() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER)")
        for n in 0..<10_000 {
            let statement = try db.cachedStatement(sql: "SELECT x + \(n) FROM t")
            _ = try statement.step()
            #expect(db.cachedStatementCount <= db.statementCacheCapacity)
        }
        #expect(db.cachedStatementCount == db.statementCacheCapacity)
    }

    @Test func theLeastRecentlyUsedStatementGoesFirst() throws {
        let db = try Connection()
        db.statementCacheCapacity = 3
        let a = try db.cachedStatement(sql: "SELECT 'a'")
        let b = try db.cachedStatement(sql: "SELECT 'b'")
        _ = try db.cachedStatement(sql: "SELECT 'c'")
        // Using `a` makes `b` the least recently used: a fourth statement evicts `b`.
        #expect(try db.cachedStatement(sql: "SELECT 'a'") === a)
        _ = try db.cachedStatement(sql: "SELECT 'd'")
        #expect(db.cachedStatementCount == 3)
        #expect(try db.cachedStatement(sql: "SELECT 'a'") === a)
        #expect(try db.cachedStatement(sql: "SELECT 'b'") !== b)
    }

    @Test func loweringTheCapacityEvictsAtOnce() throws {
        let db = try Connection()
        for n in 0..<20 { _ = try db.cachedStatement(sql: "SELECT \(n)") }
        #expect(db.cachedStatementCount == 20)
        db.statementCacheCapacity = 5
        #expect(db.cachedStatementCount == 5)
        // The five kept are the five most recently used.
        let kept = try db.cachedStatement(sql: "SELECT 19")
        #expect(try db.cachedStatement(sql: "SELECT 19") === kept)
        db.statementCacheCapacity = -3
        #expect(db.statementCacheCapacity == 0)
        #expect(db.cachedStatementCount == 0)
    }

    @Test func aZeroCapacityCachesNothingButStillWorks() throws {
        let db = try Connection()
        db.statementCacheCapacity = 0
        let first = try db.cachedStatement(sql: "SELECT 42")
        #expect(try first.step())
        #expect(first.columnValue(at: 0) == .int(42))
        #expect(db.cachedStatementCount == 0)
        #expect(try db.cachedStatement(sql: "SELECT 42") !== first)
    }

    @Test func anEvictedStatementStillInUseKeepsWorking() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        db.statementCacheCapacity = 1
        let select = try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x")
        #expect(try select.step())
        _ = try db.cachedStatement(sql: "SELECT 'other'")   // evicts `select`
        #expect(select.columnValue(at: 0) == .int(1))
        #expect(try select.step())
        #expect(select.columnValue(at: 0) == .int(2))
    }

    @Test func clearingTheCacheEmptiesIt() throws {
        let db = try Connection()
        for n in 0..<4 { _ = try db.cachedStatement(sql: "SELECT \(n)") }
        db.clearStatementCache()
        #expect(db.cachedStatementCount == 0)
        // The capacity setting survives clearing.
        db.statementCacheCapacity = 2
        db.clearStatementCache()
        #expect(db.statementCacheCapacity == 2)
    }

    @Test func sqliteMemoryStaysFlatOverManyDistinctQueries() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (" + (0..<50).map { "c\($0) INTEGER" }.joined(separator: ", ") + ")")
        let columns = (0..<50).map { "c\($0)" }.joined(separator: ", ")
        func run(_ range: Range<Int>) throws {
            for n in range {
                _ = try db.cachedStatement(sql: "SELECT \(columns), \(n) FROM t WHERE c0 > \(n)").step()
            }
        }
        try run(0..<500)
        let before = sqlite3_memory_used()
        try run(500..<5_000)
        let growth = sqlite3_memory_used() - before
        // 4,500 more statements of 50 columns each: unbounded, that is tens of megabytes. The
        // slack is fixed (not proportional to the number of queries) and covers what tests
        // running in parallel allocate.
        #expect(growth < 16 << 20, "SQLite's memory grew by \(growth) bytes")
    }
}
