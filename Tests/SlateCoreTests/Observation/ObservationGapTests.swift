import Dispatch
import Foundation
import SlateCoreTestSupport
import Testing
@testable import SlateCore

/// Issue 21, items 6–8: changes the observation used to miss, and a deadlock.
@Suite(
    "Observation: conflict paths, blob writes and cancelling inside a write",
    .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservationGapTests {
    /// One way a statement can delete rows it does not name: the schema, the statement that
    /// deletes through a conflict, the observed query and the value once the statement ran.
    struct ConflictPath: CustomStringConvertible, Sendable {
        let description: String
        let schema: String
        let change: String
        let observed: String
        let expected: String
    }

    static let people = """
        CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO p VALUES (1, 'Alice'), (2, 'Bob');
        """
    static let names = "SELECT group_concat(name) FROM (SELECT name FROM p ORDER BY name)"

    static var conflictPaths: [ConflictPath] {
        var paths = [
            ConflictPath(
                description: "UPDATE OR REPLACE of another column", schema: people,
                change: "UPDATE OR REPLACE p SET id = 1 WHERE id = 2", observed: names, expected: "Bob"),
            ConflictPath(
                description: "INSERT OR REPLACE", schema: people,
                change: "INSERT OR REPLACE INTO p (id, name) VALUES (1, 'Carol')", observed: names, expected: "Bob,Carol"),
            ConflictPath(
                description: "REPLACE INTO", schema: people,
                change: "REPLACE INTO p (id, name) VALUES (2, 'Dave')", observed: names, expected: "Alice,Dave"),
            ConflictPath(
                description: "a column's ON CONFLICT REPLACE, with a plain UPDATE",
                schema: """
                    CREATE TABLE p (id INTEGER PRIMARY KEY, code TEXT UNIQUE ON CONFLICT REPLACE, name TEXT);
                    INSERT INTO p VALUES (1, 'a', 'Alice'), (2, 'b', 'Bob');
                    """,
                change: "UPDATE p SET code = 'b' WHERE id = 1", observed: names, expected: "Alice"),
            ConflictPath(
                description: "UPDATE OR REPLACE deleting a parent whose children cascade",
                schema: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY, code TEXT UNIQUE);
                    CREATE TABLE child (parent INTEGER REFERENCES parent(id) ON DELETE CASCADE, label TEXT);
                    INSERT INTO parent VALUES (1, 'a'), (2, 'b');
                    INSERT INTO child VALUES (1, 'x'), (2, 'y'), (2, 'z');
                    """,
                change: "UPDATE OR REPLACE parent SET code = 'b' WHERE id = 1",
                observed: "SELECT group_concat(label) FROM (SELECT label FROM child ORDER BY label)", expected: "x")
        ]
        if SQLite.versionNumber >= 3_024_000 {
            paths.append(
                ConflictPath(
                    description: "an upsert's DO UPDATE", schema: people,
                    change: "INSERT INTO p (id, name) VALUES (1, 'Erin') ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                    observed: names, expected: "Bob,Erin"))
        }
        return paths
    }

    @Test("a statement that deletes through a conflict refetches", arguments: WriterKind.allCases, conflictPaths)
    func conflictDeletionsRefetch(kind: WriterKind, path: ConflictPath) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try writer.write { db in try db.execute(sql: path.schema) }
        let log = ObservationLog<String>()
        let observed = path.observed
        let cancellable = log.start(.tracking { db in try db.scalar(String.self, observed) ?? "" }, in: writer)
        #expect(log.wait(forCount: 1))
        try writer.write { db in try db.execute(sql: path.change) }
        let actual = try writer.read { db in try db.scalar(String.self, observed) ?? "" }
        #expect(actual == path.expected)
        // Every notification for the commit is handled before the last value is looked at.
        #expect(waitHandled(cancellable, commits: 1))
        drain(writer, ValueObservation.tracking { db in try db.scalar(String.self, observed) ?? "" })
        #expect(log.wait { values, _ in values.last == path.expected })
        #expect(log.values.last == path.expected, "\(kind) \(path)")
        cancellable.cancel()
    }

    @Test("a BlobHandle write refetches an observation of the blob", arguments: WriterKind.allCases, [false, true])
    func blobWritesRefetch(kind: WriterKind, inTransaction: Bool) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE b (id INTEGER PRIMARY KEY, data BLOB); INSERT INTO b VALUES (1, zeroblob(4))")
        }
        let log = ObservationLog<String>()
        let cancellable = log.start(.tracking { db in try db.scalar(String.self, "SELECT hex(data) FROM b") ?? "" }, in: writer)
        #expect(log.wait(forCount: 1))
        let write: (Connection) throws -> Void = { db in
            let blob = try db.openBlob(table: "b", column: "data", row: 1)
            try blob.write(Data([1, 2, 3, 4]))
            try blob.close()
        }
        if inTransaction {
            try writer.write(write)
        } else {
            try writer.writeWithoutTransaction(write)
        }
        #expect(log.wait { values, _ in values.last == "01020304" })
        #expect(log.values.last == "01020304", "\(kind) in a transaction: \(inTransaction)")
        cancellable.cancel()
    }

    @Test("cancel() inside a write while onChange waits for that writer returns", arguments: WriterKind.allCases)
    func cancelInsideWriteWhileOnChangeWaits(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let entered = DispatchSemaphore(value: 0)
        let writing = DispatchSemaphore(value: 0)
        let onChangeReturned = DispatchSemaphore(value: 0)
        let cancellable = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? 0 }
            .start(in: writer, onError: { _ in }) { _ in
                entered.signal()
                writing.wait()
                // Waits for the write below, which is cancelling this observation.
                _ = try? writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                onChangeReturned.signal()
            }
        entered.wait()
        let outcome = withWatchdog(seconds: 20) {
            try writer.write { _ in
                writing.signal()
                cancellable.cancel()
            }
        }
        #expect(outcome != nil, "cancel() deadlocked with onChange (\(kind))")
        guard outcome != nil else { return }
        #expect(onChangeReturned.wait(timeout: .now() + 20) == .success)
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
    }
}
