import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Transactions")
struct TransactionTests {
    struct UserError: Error, Equatable { let reason: String }

    func makeDatabase(_ path: String? = nil) throws -> Connection {
        let db = try path.map { try Connection($0) } ?? Connection()
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL)")
        return db
    }

    /// Two connections to the database file at `path`.
    func twoConnections(_ path: String) throws -> (Connection, Connection) {
        (try makeDatabase(path), try makeDatabase(path))
    }

    func count(_ db: Connection) throws -> Int64? { try db.scalar(Int64.self, "SELECT count(*) FROM users") }

    @Test("begin, commit and rollback with each transaction type")
    func explicitTransactions() throws {
        let db = try makeDatabase()
        for type in TransactionType.allCases {
            try db.beginTransaction(type)
            try db.run("INSERT INTO users (email) VALUES (?)", "\(type.rawValue)@x")
            try db.commitTransaction()
        }
        try db.beginTransaction()
        try db.run("INSERT INTO users (email) VALUES ('gone@x')")
        try db.rollbackTransaction()
        #expect(try count(db) == 3)
        #expect(sqliteError { try db.commitTransaction() }?.explanation.contains("no transaction") == true)
        try db.beginTransaction()
        #expect(sqliteError { try db.beginTransaction() }?.explanation.contains("within a transaction") == true)
        try db.rollbackTransaction()
    }

    @Test("BEGIN, COMMIT and ROLLBACK are compiled once, outside the statement cache, and let the connection close")
    func keptTransactionStatements() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("kept.sqlite")
        for closing in ["close()", "release"] {
            var db: Connection? = try makeDatabase(path)
            try db?.execute(sql: "PRAGMA journal_mode = WAL")
            db?.statementCacheCapacity = 0  // the user's cache: BEGIN and COMMIT do not need it
            for type in TransactionType.allCases {
                try db?.transaction(type) { _ = try db?.run("INSERT INTO users (email) VALUES (?)", "\(closing) \(type)") }
            }
            try db?.beginTransaction()
            try db?.rollbackTransaction()
            #expect(try db.map(count) == 3)
            // The last connection to a WAL database checkpoints and deletes the log as it closes;
            // a statement left unfinalized would keep the handle open, and the log with it.
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            if closing == "close()" { db?.close() } else { db = nil }
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(closing) left the connection open")
            if let db { #expect(sqliteError { try db.beginTransaction() }?.explanation.contains("closed") == true) }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test("a UNIQUE violation inside a transaction rolls it back and leaves earlier data intact")
    func uniqueViolationRollsBack() throws {
        let db = try makeDatabase()
        try db.run("INSERT INTO users (email) VALUES ('alice@mac.com')")
        let error = sqliteError {
            try db.transaction {
                try db.run("INSERT INTO users (email) VALUES ('betty@icloud.com')")
                try db.run("INSERT INTO users (email) VALUES ('alice@mac.com')")
            }
        }
        #expect(error?.code == SQLITE_CONSTRAINT_UNIQUE)
        #expect(db.isAutocommit)
        #expect(try count(db) == 1)
        #expect(try db.scalar(String.self, "SELECT email FROM users") == "alice@mac.com")
    }

    @Test("the closure's own error is rethrown unchanged after the rollback; its value is returned on success")
    func userErrorsAndResults() throws {
        let db = try makeDatabase()
        #expect(throws: UserError(reason: "nope")) {
            try db.transaction(.immediate) {
                try db.run("INSERT INTO users (email) VALUES ('a@x')")
                throw UserError(reason: "nope")
            }
        }
        #expect(try count(db) == 0)
        let rowid = try db.transaction { () throws -> Int64 in
            try db.run("INSERT INTO users (email) VALUES ('b@x')")
            return db.lastInsertRowID
        }
        #expect(rowid == 1)
    }

    @Test("savepoints nest: an inner failure rolls back only the inner work")
    func savepoints() throws {
        let db = try makeDatabase()
        try db.savepoint("outer") {
            try db.run("INSERT INTO users (email) VALUES ('outer@x')")
            #expect(throws: UserError.self) {
                try db.savepoint {
                    try db.run("INSERT INTO users (email) VALUES ('inner@x')")
                    throw UserError(reason: "inner")
                }
            }
            try db.savepoint("it's quoted") {
                try db.run("INSERT INTO users (email) VALUES ('kept@x')")
            }
        }
        #expect(try count(db) == 2)
        #expect(db.isAutocommit)
        try db.transaction {
            _ = try? db.savepoint { try db.run("INSERT INTO users (email) VALUES ('outer@x')") }  // UNIQUE fails
            try db.run("INSERT INTO users (email) VALUES ('after@x')")
        }
        #expect(try count(db) == 3)
    }

    @Test("a savepoint opened outside a transaction whose block throws ends that transaction and keeps nothing")
    func outermostSavepointFailure() throws {
        let db = try makeDatabase()
        #expect(throws: UserError(reason: "outer")) {
            try db.savepoint("outer") {
                try db.run("INSERT INTO users (email) VALUES ('gone@x')")
                throw UserError(reason: "outer")
            }
        }
        #expect(db.isAutocommit)
        #expect(try count(db) == 0)
        try db.transaction { try db.run("INSERT INTO users (email) VALUES ('next@x')") }
        #expect(try count(db) == 1)
    }

    @Test("a locked database is a transient error, and a retrying transaction gets through once it frees")
    func busyAndRetry() throws {
        let directory = try TemporaryDirectory()
        let (writer, other) = try twoConnections(directory.path("busy.sqlite"))
        try writer.beginTransaction(.immediate)
        try writer.run("INSERT INTO users (email) VALUES ('writer@x')")

        let busy = sqliteError { try other.run("INSERT INTO users (email) VALUES ('other@x')") }
        #expect(busy?.code == SQLITE_BUSY)
        #expect(busy?.isTransient == true)
        #expect(busy?.userFacingMessage.contains("busy") == true)

        // The retrying transaction hits the lock on its first attempt; the writer commits while it
        // backs off (standing in for another process finishing), and the second attempt succeeds.
        var attempts = 0
        try other.transaction(.deferred, retry: RetryPolicy(maxAttempts: 5, baseDelay: 0.001, maxDelay: 0.002)) {
            attempts += 1
            defer { if attempts == 1 { try? writer.commitTransaction() } }
            try other.run("INSERT INTO users (email) VALUES ('other@x')")
        }
        #expect(attempts == 2)
        #expect(try count(other) == 2)

        // Without retry the failure surfaces at once, and nothing is left half-done.
        try writer.beginTransaction(.exclusive)
        let failed = sqliteError { try other.transaction(.immediate) { _ = try other.run("DELETE FROM users") } }
        #expect(failed?.isTransient == true)
        try writer.rollbackTransaction()
        #expect(try count(other) == 2)
        #expect(other.isAutocommit)
    }

    @Test("a busy timeout waits for the lock before failing")
    func busyTimeout() throws {
        let directory = try TemporaryDirectory()
        let (writer, other) = try twoConnections(directory.path("timeout.sqlite"))
        try other.setBusyTimeout(0.05)
        #expect(try other.getBusyTimeout() == 0.05)
        try writer.beginTransaction(.exclusive)
        let error = sqliteError { try other.run("INSERT INTO users (email) VALUES ('x@x')") }
        #expect(error?.code == SQLITE_BUSY)
        try writer.rollbackTransaction()
        try other.run("INSERT INTO users (email) VALUES ('x@x')")
    }
}
