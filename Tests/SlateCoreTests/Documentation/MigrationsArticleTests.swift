// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of the Migrations section of `SlateCore.docc/MigrationsAndObservation.md`, run
/// as written.
@Suite("Migrations article")
struct MigrationsArticleTests {
    @Test func migrations() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")

        var migrator = DatabaseMigrator()
        try migrator.registerMigration("create authors") { db in
            try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        try migrator.registerMigration("create books") { db in
            try db.execute(sql: """
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
                                   authorId INTEGER NOT NULL REFERENCES author(id))
                """)
        }
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue)
        #expect(try migrator.appliedMigrations(in: queue) == ["create authors", "create books"])

        try migrator.registerMigration("books have a year") { db in
            try db.execute(sql: "ALTER TABLE book ADD COLUMN year INTEGER")
        }
        try migrator.migrate(queue, upTo: "create books")
        #expect(try migrator.hasCompletedMigrations(in: queue) == false)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO author VALUES (1, 'Ada'); INSERT INTO book VALUES (1, 'Notes', 1)")
        }
        try migrator.migrate(queue)
        #expect(try migrator.hasCompletedMigrations(in: queue))

        try migrator.registerMigration("authors have a country") { db in
            try db.execute(sql: """
                CREATE TABLE new_author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
                INSERT INTO new_author (id, name) SELECT id, name FROM author;
                DROP TABLE author;
                ALTER TABLE new_author RENAME TO author;
                """)
        }
        try migrator.migrate(queue)
        #expect(try queue.read { db in try db.scalar(String.self, "SELECT name FROM author JOIN book ON authorId = author.id") } == "Ada")

        let shipped = migrator
        try migrator.registerMigration("import old books") { db in
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (7, 'Orphan', 42)")
        }
        var message: String?
        do {
            try migrator.migrate(queue)
        } catch let error as SQLiteError where error.category == .constraint {
            print(error.explanation)
            // migration "import old books" violates a foreign key: row 7 of table "book" refers to
            // a missing row of "author"; it was rolled back
            message = error.explanation
        }
        #expect(message == "migration \"import old books\" violates a foreign key: row 7 of table \"book\" refers to a missing row of \"author\"; it was rolled back")

        #expect(try migrator.appliedMigrations(in: queue).contains("import old books") == false)
        try checkStanding(shipped, queue)
    }

    /// The app as shipped, without the migration that failed above.
    func checkStanding(_ shipped: DatabaseMigrator, _ queue: DatabaseQueue) throws {
        var migrator = shipped
        if try migrator.hasBeenSuperseded(in: queue) {
            print("This database was migrated by a newer version of the app.")
        } else if try !migrator.hasCompletedMigrations(in: queue) {
            try migrator.migrate(queue)
        }
        let applied = try migrator.appliedMigrations(in: queue)
        #expect(applied == ["create authors", "create books", "books have a year", "authors have a country"])

        #if DEBUG
        migrator.eraseDatabaseOnSchemaChange = true
        #endif
        // The registered migrations still build the schema the database has: nothing is erased.
        try migrator.migrate(queue)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM book") } == 1)
    }
}
