import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Reads see one snapshot; an access never leaves a transaction behind.
@Suite("Concurrency: transactions of the queue and pool")
struct ConcurrencyTransactionTests {
    @Test("a queue's read is one snapshot, even while another connection commits")
    func queueReadSnapshot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("snapshot.sqlite")
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
        let other = try Connection(path)
        let (before, after) = try queue.read { db -> (Int?, Int?) in
            let before = try db.scalar(Int.self, "SELECT count(*) FROM t")
            try other.execute(sql: "INSERT INTO t VALUES (2)")  // commits meanwhile
            return (before, try db.scalar(Int.self, "SELECT count(*) FROM t"))
        }
        #expect(before == 1 && after == 1)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
    }

    @Test("a script failing inside its own BEGIN … COMMIT is rolled back; the next access starts clean")
    func failedScriptInInDatabase() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER UNIQUE); INSERT INTO t VALUES (1)") }
        let error = sqliteError {
            try queue.inDatabase { db in
                try db.execute(sql: "BEGIN; INSERT INTO t VALUES (2); INSERT INTO t VALUES (1); COMMIT")
            }
        }
        #expect(error?.code == SQLITE_CONSTRAINT_UNIQUE)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
    }

    @Test("an access that returns with its transaction open gets an error, and the transaction is rolled back")
    func leftoverTransaction() throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("leftover.sqlite") {
            try writer.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
            let error = sqliteError {
                try writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN; INSERT INTO t VALUES (1)") }
            }
            #expect(error?.category == .misuse)
            #expect(error?.explanation.contains("transaction still open") == true)
            #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
            #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        }
    }

    @Test("an async access that returns with its transaction open gets an error too")
    func asyncLeftoverTransaction() async throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("leftover.sqlite") {
            try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
            let result = await Result { try await writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN; INSERT INTO t VALUES (1)") } }
            #expect(sqliteError(result)?.code == SQLITE_MISUSE)
            #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 0)
        }
    }

    @Test("write retries the whole transaction while another connection holds the write lock")
    func writeWaitsForAnotherWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let pool = try DatabasePool(path: path)
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        let other = try Connection(path)
        try other.execute(sql: "BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
        let holder = UncheckedBox(other)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            try? holder.value.execute(sql: "COMMIT")
        }
        try pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 2)
    }
}

extension Result where Failure == any Error {
    /// `Result(catching:)` for async work.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
