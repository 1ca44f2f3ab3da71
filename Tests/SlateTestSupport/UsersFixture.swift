import Slate
import SlateCoreTestSupport

/// The standard `users` and `posts` fixture of the typed-layer tests: the tables, typed columns
/// for them, and databases that hold them.
///
/// A suite adopts it (`struct QueryTests: UsersFixture`) and reads `users.filter(id == 1)` as
/// before. Every `make…Database()` call opens a new in-memory database, so no test depends on
/// another's writes.
///
/// `makeUsersDatabase()` holds three users (id, email, name, balance, verified, manager_id, age):
/// - 1, alice@mac.com, Alice, 100, verified, no manager, 30;
/// - 2, betty@icloud.com, no name, 20000, not verified, manager 1, no age;
/// - 3, cathy@icloud.com, Cathy, 5, verified, manager 1, 41;
///
/// and three posts (id, user_id, title, published_at): 1 "Hello" and 2 "Again" by Alice, the
/// second unpublished, and 3 "Mine" by Cathy.
public protocol UsersFixture {}

extension UsersFixture {
    /// The `users` table.
    public var users: Table { Table("users") }
    /// The `posts` table.
    public var posts: Table { Table("posts") }
    /// `id`, the primary key of both tables.
    public var id: SQLExpression<Int64> { SQLExpression("id") }
    /// `users.email`, unique and not null.
    public var email: SQLExpression<String> { SQLExpression("email") }
    /// `users.name`, nullable.
    public var name: SQLExpression<String?> { SQLExpression("name") }
    /// `users.balance`.
    public var balance: SQLExpression<Double> { SQLExpression("balance") }
    /// `users.verified`, a condition.
    public var verified: SQLExpression<Bool> { SQLExpression("verified") }
    /// `users.manager_id`, nullable.
    public var managerID: SQLExpression<Int64?> { SQLExpression("manager_id") }
    /// `users.age`, nullable.
    public var age: SQLExpression<Int?> { SQLExpression("age") }
    /// `posts.user_id`.
    public var userID: SQLExpression<Int64> { SQLExpression("user_id") }
    /// `posts.title`.
    public var title: SQLExpression<String> { SQLExpression("title") }

    /// A new database with `users` and `posts` and their standard rows (see ``UsersFixture``),
    /// filled with raw SQL so that tests of the typed layer do not depend on its writers.
    public func makeUsersDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY NOT NULL, email TEXT UNIQUE NOT NULL, name TEXT,
                                balance REAL NOT NULL DEFAULT 0, verified INTEGER NOT NULL DEFAULT 0,
                                manager_id INTEGER, age INTEGER);
            CREATE TABLE posts (id INTEGER PRIMARY KEY NOT NULL, user_id INTEGER NOT NULL, title TEXT NOT NULL,
                                published_at TEXT);
            INSERT INTO users VALUES (1, 'alice@mac.com', 'Alice', 100, 1, NULL, 30);
            INSERT INTO users VALUES (2, 'betty@icloud.com', NULL, 20000, 0, 1, NULL);
            INSERT INTO users VALUES (3, 'cathy@icloud.com', 'Cathy', 5, 1, 1, 41);
            INSERT INTO posts VALUES (1, 1, 'Hello', '2014-11-18T12:45:30.000');
            INSERT INTO posts VALUES (2, 1, 'Again', NULL);
            INSERT INTO posts VALUES (3, 3, 'Mine', '1999-01-01T00:00:00.000');
            """)
    }

    /// A new database with an empty `users` table as the documentation's write examples assume
    /// it (with `count`, `flags` and `note` columns, no `verified` or `age`), and `timestamps`.
    public func makeEmptyUsersDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY NOT NULL, email TEXT UNIQUE NOT NULL, name TEXT,
                                balance REAL NOT NULL DEFAULT 0, manager_id INTEGER, count INTEGER NOT NULL DEFAULT 0,
                                flags INTEGER NOT NULL DEFAULT 0, note TEXT);
            CREATE TABLE timestamps (id INTEGER PRIMARY KEY, at TEXT DEFAULT CURRENT_TIMESTAMP);
            """)
    }

    /// A new database with the `users` columns a Codable row maps (`id`, `email`, `name`,
    /// `balance`, `age`): empty, or with the three standard users.
    public func makeCodableUsersDatabase(filled: Bool) throws -> Connection {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY NOT NULL, email TEXT UNIQUE NOT NULL, name TEXT,
                                balance REAL NOT NULL DEFAULT 0, age INTEGER)
            """)
        if filled {
            try db.execute(
                sql: """
                    INSERT INTO users VALUES (1, 'alice@mac.com', 'Alice', 100, 30);
                    INSERT INTO users VALUES (2, 'betty@icloud.com', NULL, 20000, NULL);
                    INSERT INTO users VALUES (3, 'cathy@icloud.com', 'Cathy', 5, 41);
                    """)
        }
        return db
    }
}
