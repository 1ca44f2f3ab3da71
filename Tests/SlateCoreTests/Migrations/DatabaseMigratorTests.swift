import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

private struct Abandon: Error {}

/// Names of the tables in the main schema, sorted (SQLite's own left out).
private func tables(_ db: Connection) throws -> [String] {
    let statement = try db.prepare(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
    var names: [String] = []
    while try statement.step() { names.append(statement.columnValue(at: 0, as: String.self) ?? "") }
    return names
}

private func recorded(_ db: Connection) throws -> [String] {
    let statement = try db.prepare(sql: "SELECT identifier FROM slate_migrations ORDER BY identifier")
    var names: [String] = []
    while try statement.step() { names.append(statement.columnValue(at: 0, as: String.self) ?? "") }
    return names
}

/// Three migrations; each appends its name to `log`, so a migration run twice shows.
private func threeMigrations() throws -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    try migrator.registerMigration("v1 log") { db in
        try db.execute(sql: "CREATE TABLE log (name TEXT); INSERT INTO log VALUES ('v1')")
    }
    try migrator.registerMigration("v2 authors") { db in
        try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO log VALUES ('v2')")
    }
    try migrator.registerMigration("v3 books") { db in
        try db.execute(
            sql: """
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, authorId INTEGER REFERENCES author(id));
                INSERT INTO log VALUES ('v3');
                """)
    }
    return migrator
}

private func log(_ writer: some DatabaseWriter) throws -> [String] {
    try writer.read { db in
        let statement = try db.prepare(sql: "SELECT name FROM log ORDER BY rowid")
        var names: [String] = []
        while try statement.step() { names.append(statement.columnValue(at: 0, as: String.self) ?? "") }
        return names
    }
}

@Suite("DatabaseMigrator")
struct DatabaseMigratorTests {
    @Test("migrations apply in registration order, once, and are recorded", arguments: WriterKind.allCases)
    func appliesInOrderOnce(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        let migrator = try threeMigrations()
        #expect(migrator.registeredMigrations == ["v1 log", "v2 authors", "v3 books"])
        #expect(try migrator.hasCompletedMigrations(in: writer) == false)
        try migrator.migrate(writer)
        try migrator.migrate(writer)  // nothing left: no migration runs twice
        #expect(try log(writer) == ["v1", "v2", "v3"])
        #expect(try writer.read(recorded) == ["v1 log", "v2 authors", "v3 books"])
        #expect(try writer.read(tables) == ["author", "book", "log", "slate_migrations"])
        #expect(try migrator.appliedMigrations(in: writer) == ["v1 log", "v2 authors", "v3 books"])
        #expect(try migrator.completedMigrations(in: writer) == ["v1 log", "v2 authors", "v3 books"])
        #expect(try migrator.hasCompletedMigrations(in: writer))
        #expect(try migrator.hasBeenSuperseded(in: writer) == false)

        // Reopened, the records are still there, and a new migration is all that runs.
        try writer.close()
        let reopened = try target.open(folder.path("db.sqlite"))
        var extended = migrator
        try extended.registerMigration("v4 index") { db in
            try db.execute(sql: "CREATE INDEX book_author ON book(authorId); INSERT INTO log VALUES ('v4')")
        }
        #expect(try extended.appliedMigrations(in: reopened) == ["v1 log", "v2 authors", "v3 books"])
        try extended.migrate(reopened)
        #expect(try log(reopened) == ["v1", "v2", "v3", "v4"])
    }

    @Test("migrate(upTo:) stops at its target; an unknown target or one already passed throws", arguments: WriterKind.allCases)
    func upTo(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        let migrator = try threeMigrations()
        try migrator.migrate(writer, upTo: "v2 authors")
        #expect(try log(writer) == ["v1", "v2"])
        #expect(try migrator.completedMigrations(in: writer) == ["v1 log", "v2 authors"])
        #expect(try migrator.hasCompletedMigrations(in: writer) == false)

        let unknown = sqliteError { try migrator.migrate(writer, upTo: "v9") }
        #expect(unknown?.category == .misuse)
        #expect(unknown?.explanation.contains("no migration named \"v9\" is registered") == true)

        try migrator.migrate(writer)
        let backwards = sqliteError { try migrator.migrate(writer, upTo: "v1 log") }
        #expect(backwards?.explanation.contains("already migrated beyond \"v1 log\"") == true)
        #expect(backwards?.explanation.contains("\"v2 authors\", \"v3 books\"") == true)
        #expect(try log(writer) == ["v1", "v2", "v3"])
    }

    @Test("registering two migrations with one name throws at once")
    func duplicateName() throws {
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("create") { _ in }
        let error = sqliteError { try migrator.registerMigration("create") { _ in } }
        #expect(error?.category == .misuse)
        #expect(error?.explanation.contains("a migration named \"create\" is already registered") == true)
        #expect(migrator.registeredMigrations == ["create"])
    }

    @Test("a migration that throws midway leaves nothing of itself; earlier ones stay", arguments: WriterKind.allCases)
    func throwingMigrationRollsBack(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE a (x)") }
        try migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE TABLE b (x); INSERT INTO b VALUES (1); INSERT INTO a VALUES (1)")
            throw Abandon()
        }
        try migrator.registerMigration("v3") { db in try db.execute(sql: "CREATE TABLE c (x)") }
        #expect(throws: Abandon.self) { try migrator.migrate(writer) }
        #expect(try writer.read(tables) == ["a", "slate_migrations"])
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM a") } == 0)
        #expect(try migrator.appliedMigrations(in: writer) == ["v1"])
        // The writer is clean afterwards: an ordinary write works.
        try writer.write { db in try db.execute(sql: "INSERT INTO a VALUES (2)") }
    }

    @Test("a first migration that fails leaves the database untouched, not even the records table", arguments: WriterKind.allCases)
    func firstMigrationFailsCleanly(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("bad sql") { db in
            try db.execute(sql: "CREATE TABLE a (x); CREATE TABLEE b (y)")
        }
        let error = sqliteError { try migrator.migrate(writer) }
        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.explanation.contains("syntax error") == true)
        #expect(try writer.read(tables) == [])
        #expect(try migrator.appliedMigrations(in: writer) == [])
    }

    /// A writer of kind `target` on the file db.sqlite in `folder`, with foreign keys enforced.
    func foreignKeyWriter(_ target: WriterKind, in folder: TemporaryDirectory) throws -> any DatabaseWriter {
        let writer = try target.open(folder.path("db.sqlite"))
        try writer.writeWithoutTransaction { db in try db.setForeignKeys(true) }
        return writer
    }

    /// A migrator whose first migration, "schema", runs `sql`.
    func schemaMigrator(_ sql: String) throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("schema") { db in try db.execute(sql: sql) }
        return migrator
    }

    @Test("a foreign-key violation throws, names the table and row, and rolls back that migration only", arguments: WriterKind.allCases)
    func foreignKeyViolation(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try foreignKeyWriter(target, in: folder)
        var migrator = try schemaMigrator(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
            INSERT INTO author VALUES (1);
            INSERT INTO book VALUES (1, 1);
            """)
        try migrator.registerMigration("orphans") { db in
            try db.execute(sql: "INSERT INTO book VALUES (2, 1); INSERT INTO book VALUES (7, 42)")
        }
        let error = sqliteError { try migrator.migrate(writer) }
        #expect(error?.code == SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(error?.category == .constraint)
        #expect(error?.explanation.contains("migration \"orphans\" violates a foreign key: row 7 of table \"book\" refers to a missing row of \"author\"") == true)
        #expect(try migrator.appliedMigrations(in: writer) == ["schema"])
        #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM book") } == 1)
        // Enforcement is back on once the migrator is done.
        #expect(try writer.writeWithoutTransaction { db in try db.getForeignKeys() })
    }

    @Test("a migration may rebuild a referenced table: foreign keys are checked after it, not during", arguments: WriterKind.allCases)
    func rebuildReferencedTable(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try foreignKeyWriter(target, in: folder)
        var migrator = try schemaMigrator(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
            INSERT INTO author VALUES (1, 'Ada'); INSERT INTO book VALUES (1, 1);
            """)
        // SQLite's twelve-step recipe: with enforcement on, DROP TABLE author would fail.
        try migrator.registerMigration("rebuild author") { db in
            try db.execute(
                sql: """
                    CREATE TABLE new_author (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                    INSERT INTO new_author SELECT id, coalesce(name, '') FROM author;
                    DROP TABLE author;
                    ALTER TABLE new_author RENAME TO author;
                    """)
        }
        try migrator.migrate(writer)
        #expect(try migrator.hasCompletedMigrations(in: writer))
        #expect(try writer.read { db in try db.scalar(String.self, "SELECT name FROM author JOIN book ON book.authorId = author.id") } == "Ada")

        // With .immediate checks the same kind of change fails at the statement that breaks a reference.
        var immediate = migrator
        try immediate.registerMigration("drop authors", foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "DELETE FROM author")
        }
        let error = sqliteError { try immediate.migrate(writer) }
        #expect(error?.code == SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(try immediate.appliedMigrations(in: writer) == ["schema", "rebuild author"])
    }

    @Test("foreign keys are checked after a migration even when the connection does not enforce them")
    func foreignKeyCheckWithEnforcementOff() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in try db.setForeignKeys(false) }
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("orphan") { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parentId REFERENCES parent(id));
                    INSERT INTO child VALUES (3, 9);
                    """)
        }
        let error = sqliteError { try migrator.migrate(queue) }
        #expect(error?.explanation.contains("row 3 of table \"child\"") == true)
        #expect(try queue.read(tables) == [])
        #expect(try queue.writeWithoutTransaction { db in try db.getForeignKeys() } == false)
    }

    @Test("a locked database fails with a transient error and nothing applied; it migrates once the lock is gone", arguments: WriterKind.allCases)
    func lockedDatabase(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("db.sqlite")
        let writer = try target.open(path)
        try writer.writeWithoutTransaction { db in try db.setBusyTimeout(0) }
        let other = try Connection(path)
        try other.execute(sql: "CREATE TABLE held (x)")
        try other.beginTransaction(.exclusive)
        try other.execute(sql: "INSERT INTO held VALUES (1)")
        let migrator = try threeMigrations()
        let error = sqliteError { try migrator.migrate(writer) }
        #expect(error?.isTransient == true)
        try other.rollbackTransaction()
        #expect(try migrator.appliedMigrations(in: writer) == [])
        try migrator.migrate(writer)
        #expect(try log(writer) == ["v1", "v2", "v3"])
        other.close()
    }

    @Test("a closed writer refuses to migrate with a misuse error", arguments: WriterKind.allCases)
    func closedWriter(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        try writer.close()
        let error = sqliteError { try threeMigrations().migrate(writer) }
        #expect(error?.category == .misuse)
        let reopened = try target.open(folder.path("db.sqlite"))
        #expect(try reopened.read(tables) == [])
    }

    @Test("a database migrated by a newer app is refused, not migrated against its newer schema", arguments: WriterKind.allCases)
    func superseded(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        try threeMigrations().migrate(writer)

        var older = DatabaseMigrator()
        try older.registerMigration("v1 log") { db in try db.execute(sql: "CREATE TABLE log (name TEXT)") }
        try older.registerMigration("v2 authors") { _ in }
        #expect(try older.hasBeenSuperseded(in: writer))
        #expect(try older.appliedMigrations(in: writer) == ["v1 log", "v2 authors"])
        #expect(try older.completedMigrations(in: writer) == ["v1 log", "v2 authors"])
        #expect(try older.hasCompletedMigrations(in: writer))
        for attempt in [{ try older.migrate(writer) }, { try older.migrate(writer, upTo: "v1 log") }] {
            let error = sqliteError(attempt)
            #expect(error?.explanation.contains("the database has applied migrations this app does not know (\"v3 books\")") == true)
        }
        // No migrator at all is refused too.
        #expect(sqliteError { try DatabaseMigrator().migrate(writer) } != nil)
        #expect(try log(writer) == ["v1", "v2", "v3"])
    }

    @Test("applied and completed migrations differ when one in the middle is missing")
    func gapInMigrations() throws {
        let queue = try DatabaseQueue()
        var first = DatabaseMigrator()
        try first.registerMigration("a") { db in try db.execute(sql: "CREATE TABLE log (name TEXT); INSERT INTO log VALUES ('a')") }
        try first.registerMigration("c") { db in try db.execute(sql: "INSERT INTO log VALUES ('c')") }
        try first.migrate(queue)

        var later = DatabaseMigrator()
        try later.registerMigration("a") { _ in }
        try later.registerMigration("b") { db in try db.execute(sql: "INSERT INTO log VALUES ('b')") }
        try later.registerMigration("c") { _ in }
        #expect(try later.appliedMigrations(in: queue) == ["a", "c"])
        #expect(try later.completedMigrations(in: queue) == ["a"])
        #expect(try later.hasCompletedMigrations(in: queue) == false)
        let (completed, superseded) = try queue.read { db in
            (try later.completedMigrations(db), try later.hasBeenSuperseded(db))
        }
        #expect(completed == ["a"])
        #expect(superseded == false)
        try later.migrate(queue)
        #expect(try log(queue) == ["a", "c", "b"])
        #expect(try later.hasCompletedMigrations(in: queue))
    }

    @Test("eraseDatabaseOnSchemaChange erases and migrates again when a migration changed, and only then", arguments: WriterKind.allCases)
    func eraseOnSchemaChange(target: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try target.open(folder.path("db.sqlite"))
        func migrator(_ columns: String, erase: Bool) throws -> DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.eraseDatabaseOnSchemaChange = erase
            try migrator.registerMigration("players") { db in
                try db.execute(sql: "CREATE TABLE player (\(columns)); CREATE INDEX player_name ON player(name)")
            }
            try migrator.registerMigration("scores") { db in
                try db.execute(sql: "CREATE TABLE score (id INTEGER PRIMARY KEY AUTOINCREMENT, playerId REFERENCES player(id))")
            }
            return migrator
        }
        try migrator("id INTEGER PRIMARY KEY, name TEXT", erase: false).migrate(writer)
        try writer.write { db in
            try db.execute(sql: "INSERT INTO player VALUES (1, 'Ada'); INSERT INTO score (playerId) VALUES (1); PRAGMA user_version = 7")
        }
        func players() throws -> Int? { try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM player") } }

        // Same migrations: nothing erased.
        try migrator("id INTEGER PRIMARY KEY, name TEXT", erase: true).migrate(writer)
        #expect(try players() == 1)
        // Edited migration, but the flag is off: nothing happens.
        try migrator("id INTEGER PRIMARY KEY, name TEXT, score INTEGER", erase: false).migrate(writer)
        #expect(try players() == 1)
        // Edited migration with the flag on: erased and migrated from scratch.
        let edited = try migrator("id INTEGER PRIMARY KEY, name TEXT, score INTEGER", erase: true)
        try edited.migrate(writer)
        #expect(try players() == 0)
        #expect(try writer.read { db in try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 'player'") }?.contains("score INTEGER") == true)
        #expect(try writer.read { db in try db.scalar(Int.self, "PRAGMA user_version") } == 0)
        #expect(try edited.hasCompletedMigrations(in: writer))

        // A database from a newer app (an unknown migration) is erased too, instead of refused.
        var newer = edited
        newer.eraseDatabaseOnSchemaChange = false
        try newer.registerMigration("newer") { db in try db.execute(sql: "CREATE TABLE extra (x)") }
        try newer.migrate(writer)
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Bob')") }
        try edited.migrate(writer)
        #expect(try players() == 0)
        #expect(try writer.read(tables).contains("extra") == false)
        #expect(try edited.hasBeenSuperseded(in: writer) == false)
    }

    @Test("eraseDatabaseOnSchemaChange never erases a database that records no migration")
    func eraseLeavesUnmigratedDatabase() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE legacy (x); INSERT INTO legacy VALUES (1)") }
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        try migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try migrator.migrate(queue)
        #expect(try queue.read(tables) == ["legacy", "slate_migrations", "t"])
    }

    @Test("a database migrated by GRDB keeps its migrations: only new ones run, and its records are adopted")
    func adoptsGRDBRecords() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    CREATE TABLE t (x);
                    """)
        }
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try migrator.registerMigration("v2") { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN y") }
        #expect(try migrator.appliedMigrations(in: queue) == ["v1"])
        try migrator.migrate(queue)
        #expect(try queue.read(recorded) == ["v1", "v2"])
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM grdb_migrations") } == 1)
    }

    @Test("a pool's readers never see a migration half done")
    func poolReadersSeeWholeMigrations() async throws {
        let folder = try TemporaryDirectory()
        let pool = try DatabasePool(path: folder.path("db.sqlite"))
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE a (x); CREATE TABLE b (x)") }
        for version in 2...20 {
            try migrator.registerMigration("v\(version)") { db in
                try db.run("INSERT INTO a VALUES (?)", version)
                try db.run("INSERT INTO b VALUES (?)", version)
            }
        }
        let reads = Task.detached {
            var mismatches = 0
            for _ in 0..<200 {
                mismatches += try await pool.read { db in
                    guard try db.scalar(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'b'") == 1 else { return 0 }
                    let a = try db.scalar(Int.self, "SELECT count(*) FROM a")
                    let b = try db.scalar(Int.self, "SELECT count(*) FROM b")
                    return a == b ? 0 : 1
                }
            }
            return mismatches
        }
        try migrator.migrate(pool)
        #expect(try await reads.value == 0)
        #expect(try migrator.hasCompletedMigrations(in: pool))
    }
}
