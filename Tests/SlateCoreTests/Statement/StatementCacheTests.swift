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
        _ = try db.cachedStatement(sql: "SELECT 'other'")  // evicts `select`
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
        // This connection's statements only (SQLITE_DBSTATUS_STMT_USED): the process-wide
        // sqlite3_memory_used() also counts what tests running in parallel hold.
        func statementMemory() -> Int32 {
            var current: Int32 = 0, highest: Int32 = 0
            sqlite3_db_status(db.sqliteHandle, SQLITE_DBSTATUS_STMT_USED, &current, &highest, 0)
            return current
        }
        try run(0..<500)
        let before = statementMemory()
        try run(500..<5_000)
        let growth = statementMemory() - before
        // 4,500 more statements of 50 columns each: unbounded, that is tens of megabytes.
        #expect(growth < 16 << 20, "this connection's statements grew by \(growth) bytes")
    }
}
