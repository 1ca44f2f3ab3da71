import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Connection")
struct ConnectionTests {
    @Test("opens in memory, temporary and file databases with each initializer")
    func openEachLocation() throws {
        let directory = try TemporaryDirectory()
        let connections = [
            try Connection(),
            try Connection(.inMemory),
            try Connection(.temporary),
            try Connection(directory.path("a.sqlite")),
            try Connection(.file(path: directory.path("b.sqlite")), options: [.readwrite, .create]),
            try Connection(directory.path("c.sqlite"), options: [.readwrite, .create, .nomutex])
        ]
        for db in connections {
            try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
        }
        #expect(FileManager.default.fileExists(atPath: directory.path("a.sqlite")))
    }

    @Test("URI locations carry typed query parameters")
    func uriLocation() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("uri.sqlite")
        #expect(
            Connection.Location.uri("file.sqlite", parameters: [.cache(.private), .noLock(true)]).filename
                == "file:file.sqlite?cache=private&nolock=1")
        #expect(
            Connection.Location.uri("external.sqlite", parameters: [.mode(.readOnly)]).filename
                == "file:external.sqlite?mode=ro")
        #expect(Connection.Location.uri("plain.sqlite").filename == "plain.sqlite")
        #expect(
            Connection.Location.uri("x", parameters: [.noLock(true), .immutable(false), .vfs("unix"), .modeOf("/tmp/a b"), .powersafeOverwrite(true)]).filename
                == "file:x?nolock=1&immutable=0&vfs=unix&modeof=/tmp/a%20b&psow=1")

        let writer = try Connection(.uri(path, parameters: [.mode(.readWriteCreate)]))
        try writer.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (42)")
        let reader = try Connection(.uri(path, parameters: [.mode(.readOnly)]))
        #expect(reader.isReadOnly)
        #expect(try reader.scalar(Int64.self, "SELECT x FROM t") == 42)
        let error = sqliteError { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error?.category == .readOnly)
    }

    @Test(
        "options without .create (read-only, or read-write) refuse a missing file with SQLITE_CANTOPEN, naming the path, without creating it",
        arguments: [Connection.Options.readonly, .readwrite])
    func missingFile(options: Connection.Options) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        let error = sqliteError { _ = try Connection(path, options: options) }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(error?.explanation.contains(path) == true)
        #expect(error?.category == .io)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("opening a directory fails with SQLITE_CANTOPEN")
    func directory() throws {
        let directory = try TemporaryDirectory()
        let error = sqliteError { _ = try Connection(directory.url.path) }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(error?.explanation.contains("directory") == true)
    }

    // Under SQLCipher an encrypted file is indistinguishable from garbage until its key is applied,
    // so the open-time check is skipped there (EncryptionTests covers the keyed case).
    #if !SQLCipher
    @Test("opening a file that is not a database fails with SQLITE_NOTADB and leaves it untouched")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let contents = Data(String(repeating: "These are not the pages you are looking for.\n", count: 100).utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        let error = sqliteError { _ = try Connection(path) }
        #expect(error?.code == SQLITE_NOTADB)
        #expect(error?.category == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }
    #endif

    @Test("options: [.readwrite, .create, .exclusive] refuses an existing file and creates a missing one")
    func createNewIntent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let db = try Connection(path, options: [.readwrite, .create, .exclusive])
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        db.close()

        let error = sqliteError { _ = try Connection(path, options: [.readwrite, .create, .exclusive]) }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(error?.explanation.contains("already exists") == true)
        // The existing database is intact.
        let reopened = try Connection(path, options: .readwrite)
        #expect(try reopened.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
        // Only a file can be created exclusively.
        #expect(sqliteError { _ = try Connection(.inMemory, options: [.readwrite, .create, .exclusive]) }?.code == SQLITE_MISUSE)
    }

    @Test("every call after close() throws a clear error instead of crashing")
    func useAfterClose() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x)")
        let statement = try db.prepare(sql: "INSERT INTO t VALUES (?)")
        db.close()
        db.close()  // closing twice is harmless
        #expect(db.isClosed)
        let errors = [
            sqliteError { try db.execute(sql: "SELECT 1") },
            sqliteError { _ = try db.prepare(sql: "SELECT 1") },
            sqliteError { try db.run("SELECT 1") },
            sqliteError { try db.beginTransaction() },
            sqliteError { _ = try db.getUserVersion() },
            sqliteError {
                try statement.bind(1, at: 1); try statement.step()
            },
            sqliteError { try statement.reset() }
        ]
        for error in errors {
            #expect(error?.code == SQLITE_MISUSE)
            #expect(error?.explanation.contains("closed") == true)
        }
        #expect(db.changes == 0)
        #expect(db.isAutocommit)
    }

    @Test("state: autocommit, read-only, changes, total changes and last rowid")
    func state() throws {
        let db = try Connection()
        #expect(db.isAutocommit)
        #expect(!db.isReadOnly)
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        try db.run("INSERT INTO t (x) VALUES (1), (2), (3)")
        #expect(db.changes == 3)
        #expect(db.lastInsertRowID == 3)
        try db.run("UPDATE t SET x = x + 1 WHERE id > 1")
        #expect(db.changes == 2)
        #expect(db.totalChanges == 5)
        try db.beginTransaction()
        #expect(!db.isAutocommit)
        try db.rollbackTransaction()
        #expect(db.isAutocommit)
    }

    @Test("SQLite version facts are available at run time")
    func versionFacts() throws {
        #expect(SQLite.versionNumber >= 3_015_000)
        #expect(SQLite.version.hasPrefix("3."))
        #expect(try Connection().scalar(String.self, "SELECT sqlite_version()") == SQLite.version)
        #expect(!SQLite.compileOptions.isEmpty)
        #expect(SQLite.hasCompileOption("THREADSAFE=1") || SQLite.hasCompileOption("THREADSAFE=2") || SQLite.hasCompileOption("THREADSAFE=0"))
        #expect(throws: SQLiteError.self) { try SQLite.require("time travel", version: 99_000_000) }
        try SQLite.require("anything old", version: 3_000_000)
        try Connection.initialize()
    }
}
