import SlateCoreTestSupport
import SlateSQLiteSwift
import Testing

/// SQLite.swift's statement and connection spellings, called through a closed connection, say
/// that it is closed, as the primary spellings do (`ClosedConnectionTests` in SlateCoreTests).
@Suite("Closed connections, SQLite.swift's spellings")
struct ClosedConnectionSpellingTests {
    @Test("statement and connection calls after close() say it is closed")
    func calls() throws {
        let db = try inMemoryDatabase("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let idle = try db.prepare("INSERT INTO t VALUES (:x)")
        let running = try db.prepare("SELECT x FROM t WHERE x > ?", 0)
        #expect(try running.step())
        db.close()

        let calls: [(String, () throws -> Void)] = [
            ("bind variadic", { try idle.bind(1) }),
            ("bind array", { try running.bind([1]) }),
            ("bind named", { try idle.bind([":x": 1]) }),
            ("run", { try idle.run(1) }),
            ("statement scalar", { _ = try running.scalar() }),
            ("failableNext", { _ = try running.failableNext() }),
            ("prepare(_:)", { _ = try db.prepare("SELECT 1") }),
            ("scalar", { _ = try db.scalar("SELECT 1") })
        ]
        for (name, call) in calls {
            let error = sqliteError(call)
            #expect(isClosedError(error), "\(name): \(error.map(String.init(describing:)) ?? "no error")")
        }
        #expect(Array(running).isEmpty)
        #expect(isClosedError(running.iterationError))
    }
}
