import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Errors")
struct ErrorTests {
    func uniqueViolation() throws -> SQLiteError {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE users (email TEXT UNIQUE)")
        try db.run("INSERT INTO users (email) VALUES ('ada@example.com')")
        return try #require(sqliteError { try db.exec("INSERT INTO users(email) VALUES ('ada@example.com')") })
    }

    @Test("the seed documentation's switch matches extended codes by their primary code")
    func seedSwitch() throws {
        let error = try uniqueViolation()
        #expect(error.code.rawValue == SQLITE_CONSTRAINT_UNIQUE)
        var branch = ""
        switch error.code {
        case SQLITE_CONSTRAINT: branch = "constraint"
        case SQLITE_BUSY, SQLITE_LOCKED: branch = "retry"
        default: branch = "other"
        }
        #expect(branch == "constraint")

        switch error.code {
        case SQLITE_CONSTRAINT_NOTNULL: branch = "not null"
        case SQLITE_CONSTRAINT_UNIQUE: branch = "unique"
        default: branch = "other"
        }
        #expect(branch == "unique")
        #expect(error.code == SQLITE_CONSTRAINT)
        #expect(SQLITE_CONSTRAINT == error.code)
        #expect(error.code != SQLITE_CONSTRAINT_PRIMARYKEY)
        #expect(error.code != SQLITE_BUSY)
        #expect(error.code.primary == SQLITE_CONSTRAINT)
        #expect(error.code.name == "SQLITE_CONSTRAINT_UNIQUE")

        let busy = SQLiteError(code: SQLITE_BUSY_TIMEOUT, message: "database is locked")
        switch busy.code {
        case SQLITE_CONSTRAINT: branch = "constraint"
        case SQLITE_BUSY, SQLITE_LOCKED: branch = "retry"
        default: branch = "other"
        }
        #expect(branch == "retry")
        #expect(busy.isTransient)
        #expect(busy.category == .transient)
    }

    @Test("categories classify every family of result codes")
    func categories() {
        let expectations: [(Int32, SQLiteError.Category)] = [
            (SQLITE_BUSY, .transient), (SQLITE_LOCKED_SHAREDCACHE, .transient), (SQLITE_CONSTRAINT_FOREIGNKEY, .constraint),
            (SQLITE_MISUSE, .misuse), (SQLITE_ERROR, .misuse), (SQLITE_RANGE, .misuse), (SQLITE_MISMATCH, .misuse),
            (SQLITE_IOERR_WRITE, .io), (SQLITE_FULL, .io), (SQLITE_CANTOPEN, .io), (SQLITE_CORRUPT, .corrupt),
            (SQLITE_NOTADB, .notADatabase), (SQLITE_READONLY_DBMOVED, .readOnly), (SQLITE_INTERRUPT, .interrupted),
            (SQLITE_ABORT, .interrupted), (SQLITE_NOTICE, .other)
        ]
        for (code, category) in expectations {
            #expect(SQLiteError(code: code, message: "x").category == category, "\(code)")
        }
        #expect(Set(SQLiteError.Category.allCases.map(\.userFacingMessage)).count == SQLiteError.Category.allCases.count)
    }

    @Test("the description has code, message and SQL; the user-facing message has none of them")
    func descriptions() throws {
        let error = try uniqueViolation()
        #expect(error.description.contains("2067"))
        #expect(error.description.contains("UNIQUE constraint failed: users.email"))
        #expect(error.description.contains("ada@example.com"))
        #expect(error.sql?.contains("INSERT INTO users") == true)
        #expect(!error.userFacingMessage.contains("ada"))
        #expect(!error.userFacingMessage.contains("users"))
        #expect(!error.userFacingMessage.contains("INSERT"))
        #expect(error == error)
        #expect(error != SQLiteError(code: SQLITE_CONSTRAINT_UNIQUE, message: "other"))
    }

    @Test("a retry policy backs off exponentially with a cap and retries only transient errors")
    func retryPolicy() throws {
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: 0.001, maxDelay: 0.003, jitter: 0)
        #expect(policy.delay(beforeRetry: 1) == 0.001)
        #expect(policy.delay(beforeRetry: 2) == 0.002)
        #expect(policy.delay(beforeRetry: 3) == 0.003)
        #expect(policy.delay(beforeRetry: 9) == 0.003)
        let jittered = RetryPolicy(maxAttempts: 2, baseDelay: 1, maxDelay: 1, jitter: 0.5)
        for _ in 0..<20 { #expect((0.5...1).contains(jittered.delay(beforeRetry: 1))) }

        var attempts = 0
        let value = try policy.run { attempt -> Int in
            attempts = attempt
            if attempt < 3 { throw SQLiteError(code: SQLITE_BUSY, message: "busy") }
            return 42
        }
        #expect(value == 42 && attempts == 3)

        attempts = 0
        #expect(throws: SQLiteError.self) {
            try policy.run { attempt in
                attempts = attempt
                throw SQLiteError(code: SQLITE_CONSTRAINT, message: "no")
            }
        }
        #expect(attempts == 1)

        attempts = 0
        let exhausted = sqliteError {
            try policy.run { attempt in
                attempts = attempt
                throw SQLiteError(code: SQLITE_LOCKED, message: "locked")
            }
        }
        #expect(exhausted?.code == SQLITE_LOCKED && attempts == 4)
        #expect(RetryPolicy.none.maxAttempts == 1)
        #expect(RetryPolicy.standard.maxAttempts > 1)
        #expect(RetryPolicy.persistent.maxDelay >= RetryPolicy.standard.maxDelay)
    }
}
