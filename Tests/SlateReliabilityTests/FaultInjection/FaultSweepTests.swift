import Foundation
import Slate
import SlateTestSupport
import Testing

/// The fault sweeps of issue 14: each of Slate's writing operations, with a fault injected at each
/// of its I/O points in turn (see `FaultSweep`). Each test prints its N and the faults tried, as
/// `fault sweep NAME: N=… I/O points, … faulted runs, …`.
@Suite("Fault sweeps")
struct FaultSweepTests {
    /// Rollback journal and WAL: the two recovery paths.
    static let journalModes = ["delete", "wal"]

    /// The earlier commits every sweep starts from: 120 rows in 4 transactions, an index, and a
    /// user_version, spread over several pages.
    static func makeDatabase(at path: String, journalMode: String) throws {
        let db = try Connection(path, options: [.readwrite, .create])
        defer { db.close() }
        try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
        try db.execute(
            sql: """
                CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL, payload BLOB);
                CREATE INDEX items_name ON items(name);
                PRAGMA user_version = 1;
                """)
        for batch in 0..<4 {
            try db.transaction {
                for row in 0..<30 {
                    let id = batch * 30 + row + 1
                    try db.execute(sql: "INSERT INTO items(id, name, payload) VALUES (\(id), 'item \(id)', zeroblob(\(200 + id)))")
                }
            }
        }
    }

    static func databaseState(_ folder: TemporaryDirectory) throws -> String {
        try SlateReliabilityTests.databaseState(atPath: folder.path("db.sqlite")) ?? "<no database>"
    }

    static func report(_ report: FaultSweep.Report) {
        #expect(report.problems.isEmpty, "\(report)\n\(report.problems.prefix(8).joined(separator: "\n"))")
        #expect(report.runs > 0)
    }

    private struct Abandon: Error {}

    /// A sweep of `body` on a connection opened through the fault VFS on the starting database
    /// (`makeDatabase`) in `journalMode`; `prepare` adds to the starting files.
    static func sweepOfConnection(
        _ name: String, journalMode: String, prepare: @escaping (TemporaryDirectory) throws -> Void = { _ in },
        _ body: @escaping (Connection) throws -> Void
    ) -> FaultSweep {
        FaultSweep(
            name: name,
            prepare: { folder in
                try Self.makeDatabase(at: folder.path("db.sqlite"), journalMode: journalMode)
                try prepare(folder)
            },
            run: { folder, vfs in
                let db = try vfs.open(folder.path("db.sqlite"))
                defer { db.close() }
                try body(db)
            },
            state: Self.databaseState)
    }

    @Test("A transaction with nested savepoints, one rolled back, is all or nothing", arguments: journalModes)
    func transactionWithSavepoints(journalMode: String) throws {
        let sweep = Self.sweepOfConnection("transaction with savepoints (\(journalMode))", journalMode: journalMode) { db in
            try db.transaction(.immediate) {
                try db.execute(sql: "INSERT INTO items(name, payload) VALUES ('first', zeroblob(3000))")
                try db.savepoint("outer") {
                    try db.execute(sql: "UPDATE items SET name = name || ' (changed)' WHERE id % 7 = 0")
                    try db.execute(sql: "INSERT INTO items(name, payload) VALUES ('in outer', zeroblob(5000))")
                }
                do {
                    try db.savepoint("inner") {
                        try db.execute(sql: "DELETE FROM items WHERE id % 3 = 0")
                        throw Abandon()
                    }
                } catch is Abandon {}
                try db.execute(sql: "DELETE FROM items WHERE id % 11 = 0")
                try db.execute(sql: "PRAGMA user_version = 2")
            }
        }
        Self.report(try sweep.sweep())
    }

    @Test("transaction(retry:) fails cleanly on I/O errors, which it must not retry", arguments: journalModes)
    func transactionWithRetryIOErrors(journalMode: String) throws {
        let sweep = Self.sweepOfConnection("transaction(retry: .standard), I/O faults (\(journalMode))", journalMode: journalMode) { db in
            try Self.retriedUpdate(db)
        }
        Self.report(try sweep.sweep())
    }

    /// The swept work of the `transaction(retry:)` sweeps.
    static func retriedUpdate(_ db: Connection) throws {
        try db.transaction(.immediate, retry: .standard) {
            try db.execute(sql: "UPDATE items SET payload = zeroblob(900) WHERE id <= 60")
            try db.execute(sql: "INSERT INTO items(name) VALUES ('retried')")
        }
    }

    @Test(
        "transaction(retry:) absorbs a busy lock at every locking point (file and WAL-index locks)",
        arguments: journalModes)
    func transactionWithRetryBusyLocks(journalMode: String) throws {
        var sweep = FaultSweep(
            name: "transaction(retry: .standard), SQLITE_BUSY at each lock (\(journalMode))",
            prepare: { try Self.makeDatabase(at: $0.path("db.sqlite"), journalMode: journalMode) },
            run: { folder, vfs in
                let db = try vfs.open(folder.path("db.sqlite"))
                defer { db.close() }
                // No busy timeout, so SQLite's own busy handler does not absorb the fault first:
                // what absorbs it is the transaction's retry of the whole block.
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                // The sweep is about the transaction's retry, so the fault is armed after opening.
                // (A busy lock while opening fails `Connection.init` at once: it reads the schema
                // before the caller can set a busy timeout.)
                vfs.armPending()
                try Self.retriedUpdate(db)
            },
            state: Self.databaseState)
        sweep.kinds = .locks
        sweep.modes = [.ioError]
        sweep.mustSucceed = true
        sweep.armedByOperation = true
        let report = try sweep.sweep()
        Self.report(report)
        #expect(report.endedAfter == report.runs)

        // A database-file lock that stays busy (the persistent mode): the retry gives up with the
        // transient error, and nothing was changed. Rollback journal only: in WAL the file lock
        // is already held, and a WAL-index lock that stays busy is retried by SQLite itself for
        // about ten seconds, which then reports SQLITE_PROTOCOL.
        guard journalMode == "delete" else { return }
        var stuck = sweep
        stuck.name = "transaction(retry: .standard), SQLITE_BUSY from each file lock on (\(journalMode))"
        stuck.kinds = .lock
        stuck.modes = [.diskFull]
        stuck.mustSucceed = false
        stuck.acceptedCategories = [.transient]
        let stuckReport = try stuck.sweep()
        Self.report(stuckReport)
        #expect(stuckReport.failedWithError > 0)
        #expect(stuckReport.endedBefore == stuckReport.failedWithError)
    }

    @Test("A bulk load through a prepared InsertStatement, in one transaction", arguments: journalModes)
    func bulkInsertStatement(journalMode: String) throws {
        let description = try TableDescription(
            name: "parts",
            columns: [
                ColumnDescription(name: "number", type: .integer, nullable: false),
                ColumnDescription(name: "name", type: .text, nullable: false),
                ColumnDescription(name: "weight", type: .real)
            ])
        let sweep = Self.sweepOfConnection(
            "InsertStatement bulk load of 500 rows (\(journalMode))", journalMode: journalMode,
            prepare: { folder in
                let db = try Connection(folder.path("db.sqlite"), options: [.readwrite])
                try db.createTable(description)
            }
        ) { db in
            let insert = try db.prepareInsert(into: description)
            try db.transaction {
                for number in 1...500 {
                    try insert.insert([
                        "number": .int(Int64(number)), "name": .text("part \(number) of the load"),
                        "weight": .real(Double(number) / 8)
                    ])
                }
            }
        }
        Self.report(try sweep.sweep())
    }

    @Test("A typed insertMany of 300 rows is one statement: all or nothing", arguments: journalModes)
    func typedInsertMany(journalMode: String) throws {
        let sweep = Self.sweepOfConnection("typed insertMany of 300 rows (\(journalMode))", journalMode: journalMode) { db in
            let items = Table("items")
            let name = SQLExpression<String>("name")
            let payload = SQLExpression<Data?>("payload")
            try db.run(items.insertMany((1...300).map { [name <- "bulk \($0)", payload <- Data(count: 40)] }))
        }
        Self.report(try sweep.sweep())
    }

    /// The app's migrations: the first is applied before each sweep, so the sweep also proves
    /// that the migrator reads its records and skips what is done; the second is swept.
    static func migrator() throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("index item names by length") { db in
            try db.execute(sql: "CREATE INDEX items_name_length ON items(length(name))")
        }
        try migrator.registerMigration("rebuild items, add notes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE items_new(id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER NOT NULL DEFAULT 0);
                    INSERT INTO items_new(id, name, size) SELECT id, upper(name), length(payload) FROM items;
                    DROP TABLE items;
                    ALTER TABLE items_new RENAME TO items;
                    CREATE INDEX items_size ON items(size);
                    ALTER TABLE items ADD COLUMN note TEXT;
                    CREATE TABLE notes(id INTEGER PRIMARY KEY, item INTEGER REFERENCES items(id), body TEXT);
                    INSERT INTO notes(item, body) SELECT id, 'migrated' FROM items WHERE id % 5 = 0;
                    PRAGMA user_version = 2;
                    """)
        }
        return migrator
    }

    @Test(
        "A DatabaseMigrator migration (table rebuild, foreign-key check, record) is all or nothing",
        arguments: journalModes)
    func schemaMigration(journalMode: String) throws {
        let sweep = FaultSweep(
            name: "DatabaseMigrator: rebuild a table, add a column, an index and a referencing table (\(journalMode))",
            prepare: { folder in
                try Self.makeDatabase(at: folder.path("db.sqlite"), journalMode: journalMode)
                let queue = try DatabaseQueue(path: folder.path("db.sqlite"))
                defer { try? queue.close() }
                try Self.migrator().migrate(queue, upTo: "index item names by length")
            },
            run: { folder, vfs in
                let queue = try DatabaseQueue(location: vfs.location(folder.path("db.sqlite")))
                defer { try? queue.close() }
                try queue.writeWithoutTransaction { db in try db.setForeignKeys(true) }
                try Self.migrator().migrate(queue)
            },
            state: Self.databaseState)
        Self.report(try sweep.sweep())
    }

    @Test("An online backup into a file that already holds another database")
    func backup() throws {
        let sweep = FaultSweep(
            name: "backup(to:) over an older database",
            prepare: { folder in
                try Self.makeDatabase(at: folder.path("source.sqlite"), journalMode: "delete")
                let target = try Connection(folder.path("db.sqlite"), options: [.readwrite, .create])
                try target.execute(sql: "CREATE TABLE old(x); INSERT INTO old VALUES (1), (2), (3);")
            },
            run: { folder, vfs in
                let source = try Connection(folder.path("source.sqlite"), options: [.readwrite])
                defer { source.close() }
                let target = try vfs.open(folder.path("db.sqlite"))
                defer { target.close() }
                try source.backup(to: target, pagesPerStep: .limited(number: 3))
            },
            state: { folder in
                // The source is read only: it must be exactly what it was.
                let source = try SlateReliabilityTests.databaseState(atPath: folder.path("source.sqlite")) ?? ""
                return try Self.databaseState(folder) + "\n--- source\n" + source
            })
        Self.report(try sweep.sweep())
    }

    @Test(
        "vacuum(into:) leaves either no file or a complete copy, and never harms the source",
        .enabled(if: SQLite.versionNumber >= 3_027_000, "VACUUM INTO needs SQLite 3.27 (SQLCipher 3.4 is 3.15)"))
    func vacuumInto() throws {
        let prepare: (TemporaryDirectory) throws -> Void = {
            try Self.makeDatabase(at: $0.path("source.sqlite"), journalMode: "delete")
        }
        let run: (TemporaryDirectory, FaultVFS) throws -> Void = { folder, vfs in
            // VACUUM INTO writes its new file through the connection's VFS.
            let source = try vfs.open(folder.path("source.sqlite"))
            defer { source.close() }
            try source.vacuum(into: folder.path("db.sqlite"))
        }
        let source: (TemporaryDirectory) throws -> String = { folder in
            try SlateReliabilityTests.databaseState(atPath: folder.path("source.sqlite")) ?? "<no source>"
        }
        var failures = FaultSweep(
            name: "vacuum(into:), I/O errors and a full disk",
            prepare: prepare, run: run,
            state: { folder in
                let copy = try SlateReliabilityTests.databaseState(atPath: folder.path("db.sqlite")) ?? "<no copy>"
                return copy + "\n--- source\n" + (try source(folder))
            })
        failures.modes = [.ioError, .diskFull, .shortWrite]
        Self.report(try failures.sweep())

        // VACUUM INTO writes the copy without a journal, so a power cut can leave part of a copy
        // (SQLite documents this): the promise under power loss is only that the source is intact.
        var powerLoss = FaultSweep(name: "vacuum(into:), power loss (the source only)", prepare: prepare, run: run, state: source)
        powerLoss.modes = [.powerLoss]
        powerLoss.allowsUnchangedState = true
        Self.report(try powerLoss.sweep())
    }
}

#if SQLCipher
/// The SQLCipher rekey under the fault VFS: after a fault, exactly one of the two keys opens the
/// database, and the data behind it is intact.
@Suite("Fault sweeps (SQLCipher)")
struct EncryptedFaultSweepTests {
    static let oldKey: Connection.Key = .passphrase("old secret")
    static let newKey: Connection.Key = .passphrase("new secret")

    /// Which key opens the database, and its state: "old key" or "new key" first.
    static func keyedState(_ folder: TemporaryDirectory) throws -> String {
        var opened: [String] = []
        for (label, key) in [("old key", oldKey), ("new key", newKey)] {
            let db = try Connection(folder.path("db.sqlite"), options: [.readwrite])
            defer { db.close() }
            // `apply` checks the key by reading the database: a wrong key throws SQLITE_NOTADB.
            guard (try? db.apply(key)) != nil,
                (try? db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master")) != nil
            else { continue }
            opened.append(label + "\n" + (try databaseState(of: db)))
        }
        guard opened.count == 1 else {
            throw DamagedDatabase(description: "\(opened.count) of the two keys open the database")
        }
        return opened[0]
    }

    @Test("rekey(_:) switches keys all or nothing", arguments: ["delete", "wal"])
    func rekey(journalMode: String) throws {
        let sweep = FaultSweep(
            name: "SQLCipher rekey (\(journalMode))",
            prepare: { folder in
                let db = try Connection(folder.path("db.sqlite"), options: [.readwrite, .create])
                defer { db.close() }
                try db.apply(Self.oldKey)
                try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
                try db.execute(sql: "CREATE TABLE secrets(id INTEGER PRIMARY KEY, body TEXT)")
                try db.transaction {
                    for id in 1...80 { try db.execute(sql: "INSERT INTO secrets(body) VALUES ('secret \(id) ' || hex(zeroblob(60)))") }
                }
            },
            run: { folder, vfs in
                let db = try vfs.open(folder.path("db.sqlite"))
                defer { db.close() }
                try db.apply(Self.oldKey)
                try db.rekey(Self.newKey)
            },
            state: Self.keyedState)
        FaultSweepTests.report(try sweep.sweep())
    }
}
#endif
