import Foundation
import SlateCoreTestSupport
import SlateSQLiteSwift
import Testing

/// Each SQLite.swift spelling does what its primary does, on the same connection, so code written
/// from SQLite.swift's documentation behaves as Slate's own.
@Suite("SQLite.swift spellings forward to their primaries")
struct SQLiteSwiftSpellingTests {
    private func people() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER)")
    }

    @Test("match(_:) that returns the table is filter(match(_:)), for each pattern type")
    func matchReturningTheTableIsFilterMatch() throws {
        let emails = VirtualTable("emails")
        let pattern = SQLExpression<String>("query")
        let optional = SQLExpression<String?>("query")
        let wonderful: VirtualTable = emails.match("wonder*")
        #expect(wonderful.asSQL() == emails.filter(emails.match("wonder*")).asSQL())
        #expect((emails.match(pattern) as VirtualTable).asSQL() == emails.filter(emails.match(pattern)).asSQL())
        #expect((emails.match(optional) as VirtualTable).asSQL() == emails.filter(emails.match(optional)).asSQL())
        let db = try Connection()
        try db.execute(sql: "CREATE VIRTUAL TABLE emails USING fts4(subject); INSERT INTO emails VALUES ('wonderful day'), ('lunch')")
        #expect(try db.cursor(emails.match("wonder*")).map { try $0.get(0, as: String.self) } == ["wonderful day"])
    }

    @Test("foreignKeys, journalMode and synchronous read and write their pragmas; a refused mode is recorded")
    func pragmaProperties() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("pragmas.sqlite"))
        db.foreignKeys = true
        #expect(db.foreignKeys == (try db.getForeignKeys()))
        #expect(db.foreignKeys)
        db.journalMode = .wal
        #expect(try db.getJournalMode() == .wal)
        #expect(db.journalMode == .wal)
        db.synchronous = .normal
        #expect(try db.getSynchronous() == .normal)
        #expect(db.synchronous == .normal)
        let memory = try Connection()
        memory.journalMode = .wal  // an in-memory database keeps MEMORY
        #expect(memory.journalMode == .memory)
        #expect(memory.lastPropertyError != nil)
    }

    @Test func lastInsertRowidIsLastInsertRowID() throws {
        let db = try people()
        #expect(db.lastInsertRowID == 0)
        try db.run("INSERT INTO people (id, name) VALUES (?, ?)", 41, "Ada")
        try db.run("INSERT INTO people (name) VALUES (?)", "Grace")
        #expect(db.lastInsertRowID == 42)
        #expect(db.lastInsertRowid == db.lastInsertRowID)
        // A failed insert leaves both where they were.
        let error = sqliteError { try db.run("INSERT INTO people (id) VALUES (?)", 42) }
        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(db.lastInsertRowid == 42)
    }

    @Test func transactionModeIsTransactionType() throws {
        #expect(Connection.TransactionMode.self == TransactionType.self)
        let db = try people()
        let mode: Connection.TransactionMode = .immediate
        try db.transaction(mode) {
            try db.run("INSERT INTO people (name) VALUES ('Ada')")
            #expect(!db.isAutocommit)
        }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM people") == 1)
    }

    @Test func sqliteSwiftPrepareBindsLikePrepareSQLThenBind() throws {
        let db = try people()
        let positional = try db.prepare("INSERT INTO people (name, age) VALUES (?, ?)", "Ada", 36)
        try positional.executeToCompletion()
        let array = try db.prepare("INSERT INTO people (name, age) VALUES (?, ?)", ["Grace", 45] as [(any Binding)?])
        try array.executeToCompletion()
        let named = try db.prepare("INSERT INTO people (name, age) VALUES (:name, :age)", [":name": "Alan", ":age": 41])
        try named.executeToCompletion()
        #expect(
            try db.prepare(sql: "SELECT name, age FROM people ORDER BY id").rows().map(\.description) == [
                "[name: 'Ada', age: 36]", "[name: 'Grace', age: 45]", "[name: 'Alan', age: 41]"
            ])

        // The same failures as the primary: a wrong number of values, bad SQL, an unknown name.
        #expect(sqliteError { _ = try db.prepare("SELECT ?", 1, 2) }?.code == SQLITE_RANGE)
        #expect(sqliteError { _ = try db.prepare("SELEC 1") }?.code == SQLITE_ERROR)
        #expect(sqliteError { _ = try db.prepare("SELECT :a", [":b": 1]) }?.code == SQLITE_RANGE)
    }

    @Test func untypedScalarReadsWhatTheTypedOneReads() throws {
        let db = try people()
        try db.run("INSERT INTO people (name, age) VALUES (?, ?)", "Ada", 36)
        let typed = try db.scalar(Int64.self, "SELECT age FROM people WHERE name = ?", "Ada")
        #expect(try db.scalar("SELECT age FROM people WHERE name = ?", "Ada") as? Int64 == typed)
        #expect(try db.scalar("SELECT age FROM people WHERE name = ?", ["Ada"] as [(any Binding)?]) as? Int64 == 36)
        #expect(try db.scalar("SELECT age FROM people WHERE name = :n", [":n": "Ada"]) as? Int64 == 36)
        // No row and NULL are both nil, as for the typed form.
        #expect(try db.scalar("SELECT age FROM people WHERE name = 'nobody'") == nil)
        #expect(try db.scalar(Int64.self, "SELECT age FROM people WHERE name = 'nobody'") == nil)
        // The typed form checks the type; the untyped one hands back what is stored.
        #expect(sqliteError { _ = try db.scalar(Int64.self, "SELECT name FROM people") }?.code == SQLITE_MISMATCH)
        #expect(try db.scalar("SELECT name FROM people") as? String == "Ada")
    }

    @Test func hookClosuresSeeWhatDelegatesSee() throws {
        let db = try people()
        let delegate = RecordingDelegate()
        db.add(observer: delegate)
        var operations: [String] = []
        var commits = 0
        var rollbacks = 0
        var traced: [String] = []
        db.updateHook { operation, database, table, rowid in operations.append("\(operation.rawValue) \(database).\(table) \(rowid)") }
        db.commitHook { commits += 1 }
        db.rollbackHook { rollbacks += 1 }
        db.trace { traced.append($0) }

        try db.run("INSERT INTO people (id, name) VALUES (5, 'Ada')")
        try db.run("UPDATE people SET age = 36 WHERE id = 5")
        try? db.transaction {
            try db.run("DELETE FROM people WHERE id = 5")
            throw SQLiteError(code: SQLITE_ABORT, message: "changed my mind")
        }

        #expect(operations == ["INSERT main.people 5", "UPDATE main.people 5", "DELETE main.people 5"])
        #expect(delegate.actions.map { "\($0.operation.rawValue) \($0.database).\($0.table) \($0.rowID)" } == operations)
        #expect(commits == delegate.commits)
        #expect(commits == 2)
        #expect(rollbacks == delegate.rollbacks)
        #expect(rollbacks == 1)
        #expect(traced.contains("UPDATE people SET age = 36 WHERE id = 5"))
        // The rollback kept the row.
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM people") == 1)
    }

    @Test func nolockIsNoLock() {
        #expect(Connection.URIQueryParameter.nolock(true) == .noLock(true))
        #expect(Connection.URIQueryParameter.nolock(false).queryItem == "nolock=0")
    }

    @Test func executeUnlabelledRunsScriptsLikeExecuteSQL() throws {
        let db = try Connection(.inMemory)
        try db.execute("CREATE TABLE a (x); INSERT INTO a VALUES (1);")
        #expect(try db.scalar(Int.self, "SELECT x FROM a") == 1)

        // A failing statement stops the script; the ones before it stay applied.
        let unlabelled = sqliteError { try db.execute("INSERT INTO a VALUES (10); INSERT INTO missing VALUES (1); INSERT INTO a VALUES (11);") }
        #expect(unlabelled?.code == SQLITE_ERROR)
        #expect(unlabelled?.explanation.contains("missing") == true)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM a") == 2)

        db.close()
        #expect(sqliteError { try db.execute("SELECT 1") }?.code == SQLITE_MISUSE)
    }
}

/// An observer that records what it sees.
private final class RecordingDelegate: ConnectionObserver {
    var actions: [SQLiteAction] = []
    var commits = 0
    var rollbacks = 0
    func connection(_ connection: Connection, didUpdate action: SQLiteAction) { actions.append(action) }
    func connectionWillCommit(_ connection: Connection) throws { commits += 1 }
    func connectionDidRollback(_ connection: Connection) { rollbacks += 1 }
}
