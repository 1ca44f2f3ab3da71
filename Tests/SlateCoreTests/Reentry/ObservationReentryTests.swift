import Foundation
import Testing
@testable import SlateCore
import SlateCoreTestSupport

/// Issue 19: a `ValueObservation` calls back on its own queue, and its fetch runs inside an access
/// of the writer it observes. Callbacks that read, write or cancel through that same writer must
/// work; a fetch that asks for another access, or writes, must fail with a clear error delivered
/// to `onError`, never deadlock. Every wait is bounded (`observationWatchdog`).
@Suite(
    "Re-entry: observation callbacks that use their own writer",
    .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservationReentryTests {
    static let count = ValueObservation<Int>.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }

    func setUp(_ kind: WriterKind, _ directory: TemporaryDirectory) throws -> any DatabaseWriter {
        let writer = try kind.make(in: directory)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)") }
        return writer
    }

    /// Each value is read again through the writer, then a row is added through it, from inside
    /// `onChange`: every write brings the next value, in order.
    @Test(arguments: WriterKind.allCases)
    func onChangeReadsAndWritesThroughItsWriter(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<[Int]>()
        let cancellable = Self.count.start(in: writer, onError: { log.fail($0) }) { value in
            do {
                let again = try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
                if value < 3 { try writer.write { db in try db.run("INSERT INTO t (v) VALUES (?)", value) } }
                log.append([value, again])
            } catch {
                log.fail(error)
            }
        }
        #expect(log.wait { values, errors in values.count >= 4 || !errors.isEmpty })
        cancellable.cancel()
        #expect(log.errors.isEmpty)
        #expect(log.values == [[0, 0], [1, 1], [2, 2], [3, 3]])
        #expect(try writer.read { db in try db.scalar(String.self, "PRAGMA integrity_check") } == "ok")
    }

    @Test(arguments: WriterKind.allCases)
    func onChangeCancellingItsOwnObservationStopsIt(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        final class Holder: @unchecked Sendable {
            let lock = NSLock()
            var cancellable: ObservationCancellable?
        }
        let holder = Holder()
        let log = ObservationLog<Int>()
        // Held before the observation starts: its first value may come at once.
        holder.lock.lock()
        holder.cancellable = Self.count.start(in: writer, onError: { log.fail($0) }) { value in
            holder.lock.withLock { holder.cancellable?.cancel() }
            log.append(value)
        }
        holder.lock.unlock()
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.run("INSERT INTO t (v) VALUES (1)") }
        try writer.write { db in try db.run("INSERT INTO t (v) VALUES (2)") }
        drain(writer, Self.count)
        #expect(try waitForHooksRemoved(writer))
        #expect(log.values == [0])
        #expect(log.errors.isEmpty)
    }

    /// The fetch runs inside a read of the writer: asking the writer for another access from
    /// there is refused at once, and the observation ends with that error.
    @Test(arguments: WriterKind.allCases)
    func fetchAskingItsWriterForAnotherAccessFailsCleanly(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        for nested in ["read", "write"] {
            let log = ObservationLog<Int>()
            let observation = ValueObservation<Int>.tracking { db in
                if nested == "read" {
                    return try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
                }
                return try writer.write { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
            }
            let cancellable = log.start(observation, in: writer)
            #expect(log.wait { values, errors in !values.isEmpty || !errors.isEmpty })
            cancellable.cancel()
            #expect(log.values == [])
            let error = log.errors.first as? SQLiteError
            #expect(error?.code == SQLITE_MISUSE, "\(nested): \(log.errors)")
            #expect(error?.explanation.contains("not reentrant") == true, "\(nested): \(log.errors)")
        }
        #expect(try waitForHooksRemoved(writer))
        try writer.write { db in try db.run("INSERT INTO t (v) VALUES (1)") }
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
    }

    /// The fetch's access is read-only: a write there fails with a clear error, and changes nothing.
    @Test(arguments: WriterKind.allCases)
    func fetchThatWritesFailsCleanly(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(kind, directory)
        let log = ObservationLog<Int>()
        let observation = ValueObservation<Int>.tracking { db in
            try db.run("INSERT INTO t (v) VALUES (99)")
            return try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1
        }
        let cancellable = log.start(observation, in: writer)
        #expect(log.wait { values, errors in !values.isEmpty || !errors.isEmpty })
        cancellable.cancel()
        #expect(log.values == [])
        #expect((log.errors.first as? SQLiteError)?.category == .readOnly, "\(log.errors)")
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
        #expect(try waitForHooksRemoved(writer))
    }

    /// A custom function of the writer connection, called by a write, reads through that same
    /// connection while the observation's change tracker watches its statements: the nested
    /// read is seen as a read, and the write is notified once.
    @Test func functionReadingDuringAnObservedWriteIsNotified() throws {
        let directory = try TemporaryDirectory()
        let writer = try setUp(.queue, directory)
        try writer.writeWithoutTransaction { db in
            nonisolated(unsafe) let connection = db
            try db.createFunction("current", argumentCount: 0, options: []) { _ in
                try connection.scalar(Int64.self, "SELECT count(*) FROM t")
            }
        }
        let log = ObservationLog<Int>()
        let cancellable = log.start(Self.count, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in
            try db.run("INSERT INTO t (v) SELECT current()")
            try db.run("INSERT INTO t (v) SELECT current()")
        }
        #expect(log.wait { values, _ in values.last == 2 })
        cancellable.cancel()
        #expect(log.errors.isEmpty)
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT sum(v) FROM t") } == 1)
        try writer.close()
    }
}
