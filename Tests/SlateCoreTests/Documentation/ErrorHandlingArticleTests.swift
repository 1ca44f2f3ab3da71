// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/ErrorHandling.md`, run as written.
@Suite("Errors and retries article")
struct ErrorHandlingArticleTests {
    final class Screen {
        var alerts: [String] = []
        var retries = 0
        var logged: [String] = []
    }

    @Test func branchingAndRetrying() throws {
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE users (email TEXT UNIQUE);
            CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
            INSERT INTO accounts VALUES (1, 100), (2, 0);
            """)
        let screen = Screen()
        func showAlert(_ text: String) { screen.alerts.append(text) }
        func retryLater() { screen.retries += 1 }
        func log(_ text: String) { screen.logged.append(text) }
        let email = "ada@example.com"
        try db.run("INSERT INTO users (email) VALUES (?)", email)

        do {
            try db.run("INSERT INTO users (email) VALUES (?)", email)
        } catch {
            switch error.code {
            case SQLITE_CONSTRAINT: showAlert("A user with this email already exists.")
            case SQLITE_BUSY, SQLITE_LOCKED: retryLater()
            default: log(error.description)
            }
        }
        #expect(screen.alerts == ["A user with this email already exists."])

        try db.transaction(.immediate, retry: .standard) {
            try db.run("UPDATE accounts SET balance = balance - 10 WHERE id = 1")
            try db.run("UPDATE accounts SET balance = balance + 10 WHERE id = 2")
        }

        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 1)
        let total = try policy.run { attempt in
            try db.scalar(Int.self, "SELECT sum(balance) FROM accounts") ?? 0
        }
        #expect(total == 100)
        #expect(try db.scalar(Int.self, "SELECT balance FROM accounts WHERE id = 2") == 10)

        // A constraint violation is not retried: one attempt, then the error.
        var attempts = 0
        let error = sqliteError {
            _ = try policy.run { _ in
                attempts += 1
                return try db.run("INSERT INTO users (email) VALUES (?)", email)
            }
        }
        #expect(attempts == 1)
        #expect(error?.category == .constraint)
        #expect(error.map { !$0.userFacingMessage.contains(email) } == true)
    }
}
