import Foundation
import Slate
import Testing

/// Typed queries share the connection's bounded statement cache, and SQL whose text grows with
/// its input (an `IN` list of many values) is not cached at all: memory stays flat however many
/// shapes of query run.
@Suite("Typed queries and the bounded statement cache", .serialized)
struct TypedStatementCacheTests {
    let items = Table("items")
    let id = SQLExpression<Int64>("id")
    let label = SQLExpression<String>("label")

    func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
        try db.transaction {
            for n in 1...100 { try db.run(items.insert(id <- Int64(n), label <- "item \(n)")) }
        }
        return db
    }

    @Test func inListsOfOneToThreeThousandValuesKeepTheCacheAndMemoryFlat() throws {
        let db = try makeDatabase()
        func query(_ count: Int) throws {
            let ids = (1...Int64(count)).map { $0 }
            let found = try db.scalar(items.filter(ids.contains(id)).count)
            #expect(found == min(count, 100))
            #expect(db.cachedStatementCount <= db.statementCacheCapacity)
        }
        // Up to 3,000 values, or as many as the linked SQLite binds (999 before 3.32, as in
        // SQLCipher 3.4's SQLite 3.15).
        let limit = Int(sqlite3_limit(db.sqliteHandle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let largest = min(3_000, limit)
        for count in 1...300 { try query(count) }
        // This connection's statements only (SQLITE_DBSTATUS_STMT_USED): the process-wide
        // sqlite3_memory_used() also counts what tests running in parallel hold, which made this
        // check fail under AddressSanitizer while another test opened 10,000 connections.
        func statementMemory() -> Int32 {
            var current: Int32 = 0, highest: Int32 = 0
            sqlite3_db_status(db.sqliteHandle, SQLITE_DBSTATUS_STMT_USED, &current, &highest, 0)
            return current
        }
        let before = statementMemory()
        for count in 301...largest { try query(count) }
        let growth = statementMemory() - before
        // Cached, the 2,700 statements of 301…3,000 parameters took 720 MB (those of 301…999,
        // tens of megabytes).
        #expect(growth < 8 << 20, "this connection's statements grew by \(growth) bytes")
        #expect(db.cachedStatementCount <= db.statementCacheCapacity)
    }

    @Test func tenThousandDistinctTypedQueriesKeepTheCacheBounded() throws {
        let db = try makeDatabase()
        for n in 0..<10_000 {
            // Each query's SQL differs (a literal in the text), as generated SQL often does.
            let shifted = SQLExpression<Int64>(literal: "\"id\" + \(n)")
            _ = try db.pluck(items.select(shifted).filter(id == 1))
            #expect(db.cachedStatementCount <= db.statementCacheCapacity)
        }
        #expect(db.cachedStatementCount == db.statementCacheCapacity)
    }

    @Test func longInListsStillReturnTheRightRows() throws {
        let db = try makeDatabase()
        let ids = (1...Int64(2_000)).filter { $0 % 7 == 0 }
        let labels = try db.cursor(items.filter(ids.contains(id)).order(id)).map { try $0.get(label) }
        #expect(labels == ids.filter { $0 <= 100 }.map { "item \($0)" })
        // Run again: the same answer without a cached statement.
        let again = try db.cursor(items.filter(ids.contains(id)).order(id)).map { try $0.get(label) }
        #expect(again == labels)
        let cursor = try db.cursor(items.filter(ids.contains(id)).order(id))
        var viaCursor: [String] = []
        while let row = try cursor.next() { viaCursor.append(try row.get(label)) }
        #expect(viaCursor == labels)
    }

    @Test func shortQueriesAreStillCached() throws {
        let db = try makeDatabase()
        _ = try db.pluck(items.filter(id == 1))
        let count = db.cachedStatementCount
        for n in 2...50 { _ = try db.pluck(items.filter(id == Int64(n))) }
        #expect(db.cachedStatementCount == count)
        _ = try db.pluck(items.filter([1, 2, 3].contains(id)))
        #expect(db.cachedStatementCount == count + 1)
        // A list of hundreds of values makes SQL that grows with its input: not cached.
        _ = try db.pluck(items.filter(Array(Int64(1)...500).contains(id)))
        _ = try db.scalar(items.filter(Array(Int64(1)...501).contains(id)).count)
        _ = try db.cursor(items.filter(Array(Int64(1)...502).contains(id))).map { _ in () }
        #expect(db.cachedStatementCount == count + 1)
    }
}
