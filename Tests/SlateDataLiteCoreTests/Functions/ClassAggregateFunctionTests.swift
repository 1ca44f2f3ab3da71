import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// Counts non-NULL arguments, like `count(x)`.
private final class MyCount: Function.Aggregate {
    override class var name: String { "myCount" }
    override class var argc: Int32 { 1 }
    private var count: Int64 = 0
    override func step(args: Function.Arguments) throws {
        if !args[0].isNull { count += 1 }
    }
    override func finalize() throws -> (any SQLiteRepresentable)? { count }
}

private struct NegativeAmount: Error, CustomStringConvertible {
    var description: String { "negative amounts cannot be summed" }
}

/// Sums positive amounts, refusing negative ones.
private final class PositiveSum: Function.Aggregate {
    override class var name: String { "positiveSum" }
    override class var argc: Int32 { 1 }
    private var sum: Int64 = 0
    override func step(args: Function.Arguments) throws {
        let amount = try args.get(0, as: Int64.self)
        guard amount >= 0 else { throw NegativeAmount() }
        sum += amount
    }
    override func finalize() throws -> (any SQLiteRepresentable)? { sum }
}

/// A sum over the window frame, class-based.
private final class FrameSum: Function.Window {
    override class var name: String { "frameSum" }
    override class var argc: Int32 { 1 }
    private var sum: Int64 = 0
    override func step(args: Function.Arguments) throws { sum += args[0] ?? 0 }
    override func inverse(args: Function.Arguments) throws { sum -= args[0] ?? 0 }
    override func value() throws -> (any SQLiteRepresentable)? { sum }
}

/// DataLiteCore's class-based aggregates and window functions (`Function.Aggregate`, `Function.Window`).
@Suite("ClassAggregateFunctionTests")
struct ClassAggregateFunctionTests {
    @Test func classAggregateGetsANewInstancePerGroup() throws {
        let db = try salesDatabase()
        try db.add(function: MyCount.self)
        let rows = try db.prepare(sql: "SELECT region, myCount(amount) FROM sales GROUP BY region ORDER BY region")
        var counts: [String: Int64] = [:]
        while try rows.step() {
            counts[try #require(rows.columnValue(at: 0) as String?)] = rows.columnValue(at: 1)
        }
        #expect(counts == ["north": 1, "south": 3])
        #expect(try db.scalar(Int64.self, "SELECT myCount(amount) FROM sales") == 4)
    }

    @Test func errorInStepFailsTheStatementWithItsDescription() throws {
        let db = try salesDatabase()
        try db.add(function: PositiveSum.self)
        try db.execute(sql: "CREATE TABLE totals (total INTEGER)")
        #expect(try db.scalar(Int64.self, "SELECT positiveSum(amount) FROM sales WHERE amount IS NOT NULL") == 23)

        try db.run("INSERT INTO sales VALUES ('west', -3)")
        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO totals SELECT positiveSum(amount) FROM sales WHERE amount IS NOT NULL")
        }
        #expect(error?.code.matches(SQLITE_ERROR) == true)
        #expect(error?.explanation == "negative amounts cannot be summed")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM totals") == 0)

        let null = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT positiveSum(amount) FROM sales") }
        #expect(null?.code.matches(SQLITE_MISMATCH) == true)
        #expect(null?.explanation.contains("argument 1 of positiveSum() is NULL") == true)
    }

    @Test func classAggregateOverZeroRowsStillFinalizes() throws {
        let db = try salesDatabase()
        try db.add(function: MyCount.self)
        #expect(try db.scalar(Int64.self, "SELECT myCount(amount) FROM sales WHERE region = 'east'") == 0)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func classWindowFunctionMatchesBuiltInSum() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (g TEXT, x INTEGER)")
        for index in 1...20 { try db.run("INSERT INTO t VALUES (?, ?)", index % 2 == 0 ? "even" : "odd", Int64(index * index)) }
        try db.add(function: FrameSum.self)
        let frame = "OVER (PARTITION BY g ORDER BY x ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)"
        let rows = try db.prepare(sql: "SELECT frameSum(x) \(frame), sum(x) \(frame) FROM t")
        var compared = 0
        while try rows.step() {
            #expect(rows.columnValue(at: 0) == rows.columnValue(at: 1))
            compared += 1
        }
        #expect(compared == 20)
        #expect(try db.scalar(Int64.self, "SELECT frameSum(x) FROM t") == 2870)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func removedWindowFunctionIsGone() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
        try db.add(function: FrameSum.self)
        #expect(try db.scalar(Int64.self, "SELECT frameSum(x) FROM t") == 3)
        try db.remove(function: FrameSum.self)
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT frameSum(x) OVER () FROM t") }
        #expect(error?.explanation.contains("frameSum") == true)
    }
}
