import Foundation
import SlateCore
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

/// Records every accumulator it makes, to check each is released.
private final class Accumulators {
    final class Box {
        var values: [String] = []
    }
    private(set) var made: [Weak] = []
    struct Weak { weak var box: Box? }

    func make() -> Box {
        let box = Box()
        made.append(Weak(box: box))
        return box
    }

    var alive: Int { made.filter { $0.box != nil }.count }
}

@Suite("AggregateFunctionTests")
struct AggregateFunctionTests {
    private func makeSales() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE sales (region TEXT, amount INTEGER);
            INSERT INTO sales VALUES ('north', 10), ('north', NULL), ('south', 5), ('south', 7), ('south', 1);
            """)
    }

    @Test func classAggregateGetsANewInstancePerGroup() throws {
        let db = try makeSales()
        try db.add(function: MyCount.self)
        let rows = try db.prepare(sql: "SELECT region, myCount(amount) FROM sales GROUP BY region ORDER BY region")
        var counts: [String: Int64] = [:]
        while try rows.step() {
            counts[try #require(rows.columnValue(at: 0) as String?)] = rows.columnValue(at: 1)
        }
        #expect(counts == ["north": 1, "south": 3])
        #expect(try db.scalar("SELECT myCount(amount) FROM sales") as? Int64 == 4)
    }

    @Test func aggregateOverZeroRowsStillFinalizes() throws {
        let db = try makeSales()
        try db.add(function: MyCount.self)
        #expect(try db.scalar("SELECT myCount(amount) FROM sales WHERE region = 'east'") as? Int64 == 0)
        db.createAggregation(
            "joined", argumentCount: 1, initialValue: "",
            reduce: { text, args in text + (args[0] as? String ?? "") }, result: { $0 })
        #expect(try db.scalar("SELECT joined(region) FROM sales WHERE 0") as? String == "")
    }

    @Test func errorInStepFailsTheStatementWithItsDescription() throws {
        let db = try makeSales()
        try db.add(function: PositiveSum.self)
        try db.execute(sql: "CREATE TABLE totals (total INTEGER)")
        #expect(try db.scalar("SELECT positiveSum(amount) FROM sales WHERE amount IS NOT NULL") as? Int64 == 23)

        try db.run("INSERT INTO sales VALUES ('west', -3)")
        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO totals SELECT positiveSum(amount) FROM sales WHERE amount IS NOT NULL")
        }
        #expect(error?.code.matches(SQLITE_ERROR) == true)
        #expect(error?.explanation == "negative amounts cannot be summed")
        #expect(try db.scalar("SELECT count(*) FROM totals") as? Int64 == 0)

        let null = #expect(throws: SQLiteError.self) { try db.scalar("SELECT positiveSum(amount) FROM sales") }
        #expect(null?.code.matches(SQLITE_MISMATCH) == true)
        #expect(null?.explanation.contains("argument 1 of positiveSum() is NULL") == true)
    }

    @Test func closureAggregationConcatenatesLikeSQLiteSwift() throws {
        let db = try makeSales()
        db.createAggregation(
            "customConcat", initialValue: "",
            reduce: { last, bindings in last + " " + (bindings.first as? String ?? "") },
            result: { $0 })
        let result = try db.scalar("SELECT customConcat(region) FROM (SELECT region FROM sales ORDER BY rowid)") as? String
        #expect(result == " north north south south south")
    }

    @Test func everyGroupStateIsReleased() throws {
        let db = try makeSales()
        let accumulators = Accumulators()
        db.createAggregation(
            "collect", argumentCount: 1, initialValue: accumulators.make(),
            reduce: { box, args in
                guard let text = args[0] as? String else { throw NegativeAmount() }
                box.values.append(text)
                return box
            },
            result: { $0.values.joined(separator: ",") })
        let rows = try db.prepare(sql: "SELECT region, collect(CAST(amount AS TEXT)) FROM sales WHERE amount IS NOT NULL GROUP BY region ORDER BY region")
        var results: [String] = []
        while try rows.step() { results.append(rows.columnValue(at: 1) ?? "") }
        #expect(results == ["10", "5,7,1"])
        #expect(accumulators.made.count == 2)  // one per group
        #expect(accumulators.alive == 0)

        // A statement stopped by an error, and one abandoned half-way, release their state too.
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT collect(amount) FROM sales") }
        let abandoned = try db.prepare(sql: "SELECT region, collect(region) FROM sales GROUP BY region ORDER BY region")
        #expect(try abandoned.step())
        try abandoned.reset()
        #expect(accumulators.alive == 0)
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_025_000, "only an old SQLite lacks window functions"))
    func windowFunctionsOnAnOldSQLiteFailClearly() throws {
        let db = try Connection()
        let error = sqliteError {
            try db.createWindowFunction(
                "wsum", argumentCount: 1, initialValue: Int64(0),
                step: { total, _ in total }, inverse: { total, _ in total }, value: { $0 })
        }
        #expect(error?.explanation.contains("3.25") == true)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func closureWindowFunctionSumsASlidingFrame() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3), (4), (5)")
        try db.createWindowFunction(
            "sumInt", argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in sum + (args[0] as? Int64 ?? 0) },
            inverse: { sum, args in sum - (args[0] as? Int64 ?? 0) },
            value: { $0 })
        let rows = try db.prepare(sql: "SELECT sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY x")
        var sums: [Int64] = []
        while try rows.step() { sums.append(rows.columnValue(at: 0) ?? -1) }
        #expect(sums == [3, 6, 9, 12, 9])
        // It is an ordinary aggregate too.
        #expect(try db.scalar("SELECT sumInt(x) FROM t") as? Int64 == 15)
        #expect(try db.scalar("SELECT sumInt(x) FROM t WHERE 0") as? Int64 == 0)
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
        #expect(try db.scalar("SELECT frameSum(x) FROM t") as? Int64 == 2870)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func removedWindowFunctionIsGone() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
        try db.add(function: FrameSum.self)
        #expect(try db.scalar("SELECT frameSum(x) FROM t") as? Int64 == 3)
        try db.remove(function: FrameSum.self)
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT frameSum(x) OVER () FROM t") }
        #expect(error?.explanation.contains("frameSum") == true)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func errorInAWindowFunctionReachesTheCaller() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        try db.createWindowFunction(
            "picky", argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in sum + (args[0] as? Int64 ?? 0) },
            inverse: { _, _ in throw NegativeAmount() },
            value: { $0 })
        let error = #expect(throws: SQLiteError.self) {
            let rows = try db.prepare(sql: "SELECT picky(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t")
            while try rows.step() {}
        }
        #expect(error?.explanation == "negative amounts cannot be summed")
        // Without removing rows (a growing frame) it works.
        #expect(try db.scalar("SELECT max(s) FROM (SELECT picky(x) OVER (ORDER BY x) AS s FROM t)") as? Int64 == 6)
    }
}
