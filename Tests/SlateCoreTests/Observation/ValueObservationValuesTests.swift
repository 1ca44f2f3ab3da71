import Foundation
@testable import SlateCore
import SlateCoreTestSupport
import Testing

/// A sequence that never delivers fails its test at the time limit instead of hanging the run.
@Suite(
    "ValueObservation values(in:)",
    .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"),
    .timeLimit(.minutes(5)))
struct ValueObservationValuesTests {
    func setUp(_ kind: WriterKind, _ directory: TemporaryDirectory) throws -> any DatabaseWriter {
        let writer = try kind.make(in: directory)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)") }
        return writer
    }

    @Test("the sequence yields the current value, then values after commits; break unregisters", arguments: WriterKind.allCases)
    func sequenceAndBreak(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let observation = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
        let seen = try await { () async throws -> [Int] in
            var seen: [Int] = []
            for try await count in observation.values(in: writer) {
                seen.append(count)
                if count == 3 { break }
                try await writer.write { db in _ = try db.run("INSERT INTO t (name) VALUES ('x')") }
            }
            return seen
        }()
        #expect(seen == [0, 1, 2, 3])
        #expect(try await waitForHooksRemovedYielding(writer))
    }

    @Test("cancelling the iterating task ends the loop and unregisters", arguments: WriterKind.allCases)
    func taskCancellation(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let observation = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
        let log = ObservationLog<Int>()
        let task = Task {
            for try await count in observation.values(in: writer) { log.append(count) }
            return "ended"
        }
        #expect(await log.waitAsync(forCount: 1))
        task.cancel()
        let ending = try await task.value
        #expect(ending == "ended")
        #expect(try await waitForHooksRemovedYielding(writer))
    }

    @Test("the sequence throws when the fetch throws", arguments: WriterKind.allCases)
    func sequenceThrows(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let observation = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM missing") ?? -1 }
        let error = try await { () async throws -> SQLiteError? in
            do {
                for try await _ in observation.values(in: writer) {}
                return nil
            } catch let error as SQLiteError {
                return error
            }
        }()
        #expect(error?.message.contains("no such table") == true)
        #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
    }

    @Test("the sequence throws on a closed database", arguments: WriterKind.allCases)
    func sequenceOnClosedDatabase(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        try writer.close()
        let observation = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
        let threw = try await { () async throws -> Bool in
            do {
                for try await _ in observation.values(in: writer) {}
                return false
            } catch is SQLiteError {
                return true
            }
        }()
        #expect(threw)
    }
}

@Suite("ValueObservation under a hammering writer", .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ValueObservationStressTests {
    @Test("values strictly increase, none is stale, and the last equals the final state", arguments: WriterKind.allCases)
    func hammeringWriter(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0); CREATE TABLE noise (x)")
        }
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in try db.scalar(Int.self, "SELECT n FROM counter") ?? -1 }, in: writer)
        let commits = 500
        // Started right away, so that commits race the registration and the first fetch too.
        let result = withWatchdog(seconds: observationWatchdog) {
            for step in 1...commits {
                try writer.write { db in
                    try db.run("UPDATE counter SET n = ?", step)
                    try db.run("INSERT INTO noise VALUES (?)", step)
                }
                if step % 50 == 0 {
                    try writer.writeWithoutTransaction { db in try db.run("UPDATE counter SET n = n") }
                }
            }
        }
        #expect(result != nil)
        #expect(log.wait { values, _ in values.last == commits })
        let values = log.values
        // Without removeDuplicates a no-op commit (n = n) may repeat a value; it never goes back.
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.last == commits)
        #expect(log.errors.isEmpty)
        cancellable.cancel()
    }

    @Test("several observers on a pool while 8 tasks write: each ends on the final state")
    func concurrentWriters() async throws {
        let directory = try TemporaryDirectory()
        let writer = try WriterKind.pool.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE events (id INTEGER PRIMARY KEY)") }
        let logs = (0..<3).map { _ in ObservationLog<Int>() }
        let cancellables = logs.map { log in
            log.start(ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM events") ?? -1 }.removeDuplicates(), in: writer)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<40 { try await writer.write { db in _ = try db.run("INSERT INTO events DEFAULT VALUES") } } }
            }
            try await group.waitForAll()
        }
        for log in logs {
            #expect(await Task.detached { log.wait { values, _ in values.last == 320 } }.value)
            let values = log.values
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        }
        for cancellable in cancellables { cancellable.cancel() }
    }
}

@Suite("ValueObservation on an SQLite that cannot support it")
struct ValueObservationSupportTests {
    @Test("an SQLite that reports statement ends only on reset refuses with a clear error; others observe")
    func unsupportedSQLite() throws {
        let directory = try TemporaryDirectory()
        let writer = try WriterKind.pool.make(in: directory)
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in try db.scalar(Int.self, "SELECT 1") ?? -1 }, in: writer)
        #expect(log.wait { values, errors in !values.isEmpty || !errors.isEmpty })
        if DatabaseChangeTracker.reportsStatementEndsOnStep {
            #expect(log.values == [1])
        } else {
            let error = log.errors.first as? SQLiteError
            #expect(error?.category == .misuse)
            #expect(error?.explanation.contains("ValueObservation needs SQLite to report") == true)
        }
        cancellable.cancel()
    }
}
