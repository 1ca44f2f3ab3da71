// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/Transactions.md`, run as written.
@Suite("Transactions article")
struct TransactionsArticleTests {
    @Test func transactionsSavepointsAndRetry() throws {
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
            INSERT INTO accounts VALUES (1, 100), (2, 0);
            """)

        try db.transaction {
            try db.run("UPDATE accounts SET balance = balance - 100 WHERE id = 1")
            try db.run("UPDATE accounts SET balance = balance + 100 WHERE id = 2")
        }
        #expect(try db.scalar(Int.self, "SELECT balance FROM accounts WHERE id = 2") == 100)

        try db.transaction {
            try db.run("INSERT INTO accounts (id, balance) VALUES (3, 0)")
            do {
                try db.savepoint {
                    try db.run("INSERT INTO accounts (id, balance) VALUES (3, 0)")  // duplicate id
                }
            } catch {
                print(error.localizedDescription)     // the savepoint is rolled back, account 3 stays
            }
        }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM accounts") == 3)

        // A transaction inside another fails, and the outer one rolls back.
        let nested = sqliteError {
            try db.transaction {
                try db.run("DELETE FROM accounts WHERE id = 3")
                try db.transaction { try db.run("DELETE FROM accounts") }
            }
        }
        #expect(nested?.code == SQLITE_ERROR)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM accounts") == 3)

        let moved = try db.transaction(.immediate, retry: .standard) {
            try db.run("UPDATE accounts SET balance = balance + 1 WHERE id = 1")
            return db.changes
        }
        #expect(moved == 1)

        try db.beginTransaction(.immediate)
        try db.run("DELETE FROM accounts WHERE balance = 0")
        try db.rollbackTransaction()
        print(db.isAutocommit)                        // true: nothing is open
        #expect(db.isAutocommit)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM accounts") == 3)
    }
}
