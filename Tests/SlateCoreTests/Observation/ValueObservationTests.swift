import Foundation
@testable import SlateCore
import SlateCoreTestSupport
import Testing

/// Waits (bounded) until the observation accounted for `commits` notified commits
/// (`handledCommits` is internal to SlateCore, so the support module cannot ask it).
func waitHandled(_ cancellable: ObservationCancellable, commits: Int) -> Bool {
    waitUntil(seconds: observationWatchdog) { cancellable.handledCommits() >= commits }
}

@Suite("ValueObservation", .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ValueObservationTests {
    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
        CREATE TABLE other (x);
        """

    func setUp(_ kind: WriterKind, _ directory: TemporaryDirectory) throws -> any DatabaseWriter {
        let writer = try kind.make(in: directory)
        try writer.write { db in try db.execute(sql: Self.schema) }
        return writer
    }

    @Test("start: the current value, then one after each commit that changed it", arguments: WriterKind.allCases)
    func startNotifiesCommits(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
        #expect(log.wait(forCount: 1))
        #expect(log.values == [0])
        try writer.write { db in try db.run("INSERT INTO t (name, score) VALUES ('a', 1)") }
        #expect(log.wait { values, _ in values.last == 1 })
        try writer.write { db in
            try db.run("INSERT INTO t (name, score) VALUES ('b', 2)")
            try db.run("INSERT INTO t (name, score) VALUES ('c', 3)")
        }
        #expect(log.wait { values, _ in values.last == 3 })
        // Autocommit statements and explicit BEGIN … COMMIT outside `write` notify too.
        try writer.writeWithoutTransaction { db in try db.run("INSERT INTO t (name, score) VALUES ('d', 4)") }
        #expect(log.wait { values, _ in values.last == 4 })
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN; INSERT INTO t (name) VALUES ('e'); COMMIT")
        }
        #expect(log.wait { values, _ in values.last == 5 })
        #expect(log.errors.isEmpty)
        cancellable.cancel()
    }

    @Test("commits that touch only other tables do not fetch", .exactRegions, arguments: WriterKind.allCases)
    func otherTablesDoNotFetch(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let fetches = FetchCounter()
        let log = ObservationLog<Int>()
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                return (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1)
            }, in: writer)
        #expect(log.wait(forCount: 1))
        for value in 0..<5 {
            try writer.write { db in try db.run("INSERT INTO other VALUES (?)", value) }
            #expect(waitHandled(cancellable, commits: value + 1))
        }
        try writer.write { db in try db.run("DELETE FROM other") }
        #expect(waitHandled(cancellable, commits: 6))
        #expect(fetches.value == 1)
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        #expect(log.wait { values, _ in values.last == 1 })
        #expect(fetches.value == 2)
        #expect(log.values == [0, 1])
        cancellable.cancel()
    }

    @Test("where the authorizer does not name count(*) tables, every commit refetches: no change is missed", .enabled(if: !StatementFootprint.reportsTablesReadWithoutColumns, "this SQLite names them: regions are exact"), arguments: WriterKind.allCases)
    func unnamedTablesRefetchOnEveryCommit(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(
            .tracking { db in
                (try db.scalar(Int.self, "SELECT (SELECT count(*) FROM other) + 10 * (SELECT count(*) FROM t)") ?? -1)
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO other VALUES (1)") }
        #expect(log.wait { values, _ in values.last == 1 })
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        #expect(log.wait { values, _ in values.last == 11 })
        cancellable.cancel()
    }

    @Test("a SELECT's footprint names the tables it counts, or is the whole database where SQLite cannot say")
    func countFootprint() throws {
        let queue = try DatabaseQueue()
        let footprint = try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE counted (x)")
            guard let handle = db.sqliteHandle else { throw SQLiteError.connectionClosed }
            return StatementFootprint.analyze(sql: "SELECT count(*) FROM counted", on: handle, hooks: db.connectionHooks)
        }
        #expect(footprint.reads.contains(table: DatabaseRegion.key(database: "main", table: "counted")))
        #expect(footprint.reads.isFullDatabase == !StatementFootprint.reportsTablesReadWithoutColumns)
        #expect(footprint.writes.isEmpty)
    }

    @Test("a fetch that changes its statements learns the new region; the same statements keep it", .exactRegions, arguments: WriterKind.allCases)
    func regionFollowsTheFetchStatements(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let fetches = FetchCounter()
        let log = ObservationLog<Int>()
        // Reads `t` while it is empty, then `other` instead.
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                let rows = try db.scalar(Int.self, "SELECT count(*) FROM t") ?? 0
                return rows == 0 ? 0 : 100 + (try db.scalar(Int.self, "SELECT count(*) FROM other") ?? -1)
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO other VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 1))
        #expect(fetches.value == 1)  // `other` was not read yet
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        #expect(log.wait { values, _ in values.last == 101 })
        // The fetch now reads `other`: a commit to it refetches, every time.
        for value in 2...4 {
            try writer.write { db in try db.run("INSERT INTO other VALUES (?)", value) }
            #expect(log.wait { values, _ in values.last == 100 + value })
        }
        #expect(fetches.value == 5)
        #expect(log.errors.isEmpty)
        cancellable.cancel()
    }

    @Test("an UPDATE of other columns does not fetch; of a read column does", .exactRegions, arguments: WriterKind.allCases)
    func updatedColumns(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        try writer.write { db in try db.run("INSERT INTO t (name, score) VALUES ('a', 1)") }
        let fetches = FetchCounter()
        let log = ObservationLog<String>()
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                return try db.scalar(String.self, "SELECT name FROM t WHERE id = 1") ?? ""
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("UPDATE t SET score = score + 1") }
        #expect(waitHandled(cancellable, commits: 1))
        #expect(fetches.value == 1)
        try writer.write { db in try db.run("UPDATE t SET name = 'b'") }
        #expect(log.wait { values, _ in values.last == "b" })
        #expect(log.values == ["a", "b"])
        cancellable.cancel()
    }

    @Test("DELETE without WHERE (no update hook) and WITHOUT ROWID tables notify", arguments: WriterKind.allCases)
    func changesTheUpdateHookMisses(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE w (k TEXT PRIMARY KEY, v) WITHOUT ROWID")
            try db.run("INSERT INTO t (name) VALUES ('a')")
        }
        let log = ObservationLog<[Int]>()
        let cancellable = log.start(
            .tracking { db in
                [try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1, try db.scalar(Int.self, "SELECT count(*) FROM w") ?? -1]
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("DELETE FROM t") }
        #expect(log.wait { values, _ in values.last == [0, 0] })
        try writer.write { db in try db.run("INSERT INTO w VALUES ('k', 1)") }
        #expect(log.wait { values, _ in values.last == [0, 1] })
        cancellable.cancel()
    }

    /// SQLite frees a finalized statement's text and may hand the same address to the next
    /// statement: the fetch's and the transaction's statements were keyed by that address and
    /// overwritten, so the region lost a table (seen under ThreadSanitizer's allocator).
    @Test(
        "statements compiled at a reused address all count, in the fetch and in the write", .exactRegions,
        arguments: WriterKind.allCases)
    func statementTextsAtReusedAddresses(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let tables = (0..<8).map { "r\($0)" }
        try writer.write { db in
            for table in tables { try db.execute(sql: "CREATE TABLE \(table) (k TEXT PRIMARY KEY, v) WITHOUT ROWID") }
        }
        // Each count compiles, runs and finalizes its own statement (no statement cache), so the
        // next one's text can land where the last one's was freed.
        let log = ObservationLog<[Int64]>()
        let cancellable = log.start(
            .tracking { db in
                try tables.map { table in
                    let statement = try db.prepare(sql: "SELECT count(*) FROM \(table)")
                    guard try statement.step() else { return -1 }
                    return statement.columnValue(at: 0, as: Int64.self) ?? -1
                }
            }, in: writer)
        #expect(log.wait(forCount: 1))
        // WITHOUT ROWID tables have no update hook: only the statements' texts name them. Each
        // write is compiled, run and finalized in one transaction, for the same reason.
        for (index, table) in tables.enumerated() {
            try writer.write { db in
                for other in tables where other != table {
                    try db.prepare(sql: "DELETE FROM \(other) WHERE k = 'none'").executeToCompletion()
                }
                try db.prepare(sql: "INSERT INTO \(table) VALUES ('k', 1)").executeToCompletion()
            }
            #expect(log.wait { values, _ in values.last?[index] == 1 }, "a write to \(table) was not noticed")
        }
        cancellable.cancel()
    }

    @Test("rolled-back transactions do not notify", .exactRegions, arguments: WriterKind.allCases)
    func rollbacksDoNotNotify(kind: WriterKind) throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let fetches = FetchCounter()
        let log = ObservationLog<Int>()
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                return (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1)
            }, in: writer)
        #expect(log.wait(forCount: 1))
        #expect(throws: Abort.self) {
            try writer.write { db in
                try db.run("INSERT INTO t (name) VALUES ('a')")
                throw Abort()
            }
        }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN; INSERT INTO t (name) VALUES ('b'); ROLLBACK")
        }
        // A commit to another table afterwards is notified and handled: the rollbacks left
        // nothing behind to be delivered with it.
        try writer.write { db in try db.run("INSERT INTO other VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 1))
        #expect(fetches.value == 1)
        #expect(log.values == [0])
        cancellable.cancel()
    }

    @Test("removeDuplicates skips equal consecutive values", arguments: WriterKind.allCases)
    func removeDuplicates(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        let observation = ValueObservation.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }
        let all = ObservationLog<Int>()
        let distinct = ObservationLog<Int>()
        let allCancellable = all.start(observation, in: writer)
        let distinctCancellable = distinct.start(observation.removeDuplicates(), in: writer)
        #expect(all.wait(forCount: 1) && distinct.wait(forCount: 1))
        try writer.write { db in try db.run("UPDATE t SET score = 7") }  // count(*) reads the whole table
        #expect(all.wait(forCount: 2))
        #expect(waitHandled(distinctCancellable, commits: 1))
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('b')") }
        #expect(all.wait { values, _ in values.last == 2 })
        #expect(distinct.wait { values, _ in values.last == 2 })
        #expect(all.values == [1, 1, 2])
        #expect(distinct.values == [1, 2])
        allCancellable.cancel()
        distinctCancellable.cancel()
    }

    @Test("cancel stops notifications and removes the hooks", arguments: WriterKind.allCases)
    func cancelStops(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
        #expect(log.wait(forCount: 1))
        #expect(try hasObservationHooks(writer))
        cancellable.cancel()
        #expect(try waitForHooksRemoved(writer))
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        #expect(cancellable.handledCommits() == 0)
        #expect(log.values == [0])
    }

    @Test("releasing the cancellable cancels", arguments: WriterKind.allCases)
    func releasingCancels(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        do {
            let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
            #expect(log.wait(forCount: 1))
            withExtendedLifetime(cancellable) {}
        }
        #expect(try waitForHooksRemoved(writer))
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        #expect(log.values == [0])
    }

    @Test("user hooks and delegates keep working next to observations", arguments: WriterKind.allCases)
    func userHooksCoexist(kind: WriterKind) throws {
        final class Counter: ConnectionObserver, @unchecked Sendable {
            var updates = 0, commits = 0
            func connection(_ connection: Connection, didUpdate action: SQLiteAction) { updates += 1 }
            func connectionWillCommit(_ connection: Connection) throws { commits += 1 }
        }
        final class CommitCounter: ConnectionObserver, @unchecked Sendable {
            let counter: FetchCounter
            init(_ counter: FetchCounter) { self.counter = counter }
            func connectionWillCommit(_ connection: Connection) throws { counter.increment() }
        }
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let delegate = Counter()
        let hookCommits = FetchCounter()
        let commitCounter = CommitCounter(hookCommits)
        try writer.writeWithoutTransaction { db in
            db.add(observer: delegate)
            db.add(observer: commitCounter)
        }
        let first = ObservationLog<Int>()
        let second = ObservationLog<String?>()
        let firstCancellable = first.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
        let secondCancellable = second.start(.tracking { db in try db.scalar(String.self, "SELECT max(name) FROM t") }, in: writer)
        #expect(first.wait(forCount: 1) && second.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('z')") }
        #expect(first.wait { values, _ in values.last == 1 })
        #expect(second.wait { values, _ in values.last == "z" })
        firstCancellable.cancel()
        #expect(second.values.count == 2)
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('zz')") }
        #expect(second.wait { values, _ in values.last == "zz" })
        secondCancellable.cancel()
        #expect(try waitForHooksRemoved(writer))
        // The user's hooks were never replaced, nor removed with the observations.
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('y')") }
        try writer.writeWithoutTransaction { db in
            #expect(delegate.updates == 3)
            #expect(delegate.commits == 3)
            db.remove(observer: delegate)
            db.remove(observer: commitCounter)
        }
        #expect(hookCommits.value == 3)
    }

    @Test("statements compiled and cached before the observation started still give the region", .exactRegions, arguments: WriterKind.allCases)
    func cachedStatements(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let sql = "SELECT name FROM t ORDER BY id DESC LIMIT 1"
        _ = try writer.read { db in try db.cachedStatement(sql: sql).rows() }
        let fetches = FetchCounter()
        let log = ObservationLog<String?>()
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                return try db.cachedStatement(sql: sql).rows().first?.get(0, as: String.self)
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO other VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 1))
        #expect(fetches.value == 1)
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('n')") }
        #expect(log.wait { values, _ in values.last == "n" })
        cancellable.cancel()
    }

    @Test("a fetch that throws reports the error once and stops", arguments: WriterKind.allCases)
    func fetchThrows(kind: WriterKind) throws {
        struct TooMany: Error {}
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(
            .tracking { db in
                let count = (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1)
                if count > 1 { throw TooMany() }
                return count
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('a')") }
        try writer.write { db in try db.run("INSERT INTO t (name) VALUES ('b')") }
        #expect(log.wait { _, errors in !errors.isEmpty })
        #expect(log.errors.count == 1)
        #expect(log.errors.first is TooMany)
        #expect(try waitForHooksRemoved(writer))
        // The database is intact and usable.
        #expect(try writer.read { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) } == 2)
        cancellable.cancel()
    }

    @Test("bad SQL in the fetch reports an SQLiteError", arguments: WriterKind.allCases)
    func badSQL(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM missing") ?? -1) }, in: writer)
        #expect(log.wait { _, errors in !errors.isEmpty })
        let error = log.errors.first as? SQLiteError
        #expect(error?.message.contains("no such table") == true)
        #expect(log.values.isEmpty)
        cancellable.cancel()
    }

    @Test("observing a closed database reports an SQLiteError", arguments: WriterKind.allCases)
    func closedDatabase(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        try writer.close()
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
        #expect(log.wait { _, errors in !errors.isEmpty })
        #expect(log.errors.first is SQLiteError)
        #expect(log.values.isEmpty)
        cancellable.cancel()
    }

    @Test("closing the database while observing reports an SQLiteError and stops", arguments: WriterKind.allCases)
    func closedWhileObserving(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in (try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1) }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.close()
        #expect(log.wait { _, errors in !errors.isEmpty })
        #expect((log.errors.first as? SQLiteError)?.category == .misuse)
        #expect(log.values == [0])
        cancellable.cancel()
    }

    @Test("a PRAGMA or a read transaction on the writer does not make later commits notify everyone", .exactRegions, arguments: WriterKind.allCases)
    func pragmasDoNotWidenChanges(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let fetches = FetchCounter()
        let log = ObservationLog<Int>()
        let cancellable = log.start(
            .tracking { db in
                fetches.increment()
                return try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1
            }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = 50")
            try db.execute(sql: "BEGIN; PRAGMA cache_size = 100; SELECT count(*) FROM t; COMMIT")
        }
        try writer.write { db in try db.run("INSERT INTO other VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 1))
        #expect(fetches.value == 1)
        cancellable.cancel()
    }
}
