import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

private struct NegativeAmount: Error, CustomStringConvertible {
    var description: String { "negative amounts cannot be summed" }
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

/// Aggregates and window functions from closures (`createAggregate`).
@Suite("AggregateFunctionTests")
struct AggregateFunctionTests {
    @Test func aggregateOverZeroRowsStillFinalizes() throws {
        let db = try salesDatabase()
        try db.createAggregate(
            "joined", argumentCount: 1, initialValue: "",
            step: { text, args in text + (args[0] as String? ?? "") }, result: { $0 })
        #expect(try db.scalar(String.self, "SELECT joined(region) FROM sales WHERE 0") == "")
    }

    @Test func everyGroupStateIsReleased() throws {
        let db = try salesDatabase()
        let accumulators = Accumulators()
        try db.createAggregate(
            "collect", argumentCount: 1, initialValue: accumulators.make(),
            step: { box, args in
                guard let text = args[0] as String? else { throw NegativeAmount() }
                box.values.append(text)
                return box
            },
            result: { $0.values.joined(separator: ",") })
        let rows = try db.prepare(sql: "SELECT region, collect(CAST(amount AS TEXT)) FROM sales WHERE amount IS NOT NULL GROUP BY region ORDER BY region")
        var results: [String] = []
        while try rows.step() { results.append(rows.columnValue(at: 1, as: String.self) ?? "") }
        #expect(results == ["10", "5,7,1"])
        #expect(accumulators.made.count == 2)  // one per group
        #expect(accumulators.alive == 0)

        // A statement stopped by an error, and one abandoned half-way, release their state too.
        #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT collect(amount) FROM sales") }
        let abandoned = try db.prepare(sql: "SELECT region, collect(region) FROM sales GROUP BY region ORDER BY region")
        #expect(try abandoned.step())
        try abandoned.reset()
        #expect(accumulators.alive == 0)
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_025_000, "only an old SQLite lacks window functions"))
    func windowFunctionsOnAnOldSQLiteFailClearly() throws {
        let db = try Connection()
        let error = sqliteError {
            try db.createAggregate(
                "wsum", argumentCount: 1, initialValue: Int64(0),
                step: { total, _ in total }, inverse: { total, _ in total }, result: { $0 })
        }
        #expect(error?.explanation.contains("3.25") == true)
    }

    /// Registers `name`, a one-argument aggregate that sums integers (NULL counts as 0), with
    /// `inverse` to take a row out of a window frame.
    func createWindowSum(
        _ db: Connection, _ name: String, inverse: @escaping (Int64, Function.Arguments) throws -> Int64
    ) throws {
        try db.createAggregate(
            name, argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in sum + (args[0] as Int64? ?? 0) },
            inverse: inverse,
            result: { $0 })
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func windowFunctionSumsASlidingFrame() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3), (4), (5)")
        try createWindowSum(db, "sumInt") { sum, args in sum - (args[0] as Int64? ?? 0) }
        let rows = try db.prepare(sql: "SELECT sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY x")
        var sums: [Int64] = []
        while try rows.step() { sums.append(rows.columnValue(at: 0, as: Int64.self) ?? -1) }
        #expect(sums == [3, 6, 9, 12, 9])
        // It is an ordinary aggregate too.
        #expect(try db.scalar(Int64.self, "SELECT sumInt(x) FROM t") == 15)
        #expect(try db.scalar(Int64.self, "SELECT sumInt(x) FROM t WHERE 0") == 0)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func errorInAWindowFunctionReachesTheCaller() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        try createWindowSum(db, "picky") { _, _ in throw NegativeAmount() }
        let error = #expect(throws: SQLiteError.self) {
            let rows = try db.prepare(sql: "SELECT picky(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t")
            while try rows.step() {}
        }
        #expect(error?.explanation == "negative amounts cannot be summed")
        // Without removing rows (a growing frame) it works.
        #expect(try db.scalar(Int64.self, "SELECT max(s) FROM (SELECT picky(x) OVER (ORDER BY x) AS s FROM t)") == 6)
    }
}
