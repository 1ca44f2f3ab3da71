import Foundation
import SlateCoreTestSupport
import SlateSQLiteSwift
import Testing

/// SQLite.swift's closure aggregation over untyped values (`createAggregation`).
@Suite("ClosureAggregationTests")
struct ClosureAggregationTests {
    @Test func closureAggregationConcatenatesLikeSQLiteSwift() throws {
        let db = try salesDatabase()
        db.createAggregation(
            "customConcat", initialValue: "",
            reduce: { last, bindings in last + " " + (bindings.first as? String ?? "") },
            result: { $0 })
        let result = try db.scalar("SELECT customConcat(region) FROM (SELECT region FROM sales ORDER BY rowid)") as? String
        #expect(result == " north north south south south")
    }

    @Test func aggregationOverZeroRowsGivesTheResultOfTheInitialValue() throws {
        let db = try inMemoryDatabase("CREATE TABLE sales (region TEXT, amount INTEGER)")
        db.createAggregation(
            "joined", argumentCount: 1, initialValue: "",
            reduce: { text, args in text + (args[0] as? String ?? "") }, result: { $0 })
        #expect(try db.scalar("SELECT joined(region) FROM sales WHERE 0") as? String == "")
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func closureWindowFunctionSumsASlidingFrame() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3), (4), (5)")
        try db.createWindowFunction(
            "sumInt", argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in sum + (args[0] as? Int64 ?? 0) },
            inverse: { sum, args in sum - (args[0] as? Int64 ?? 0) },
            value: { $0 })
        let rows = try db.prepare(sql: "SELECT sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY x")
        var sums: [Int64] = []
        while try rows.step() { sums.append(rows.columnValue(at: 0, as: Int64.self) ?? -1) }
        #expect(sums == [3, 6, 9, 12, 9])
        #expect(try db.scalar("SELECT sumInt(x) FROM t") as? Int64 == 15)
    }
}
