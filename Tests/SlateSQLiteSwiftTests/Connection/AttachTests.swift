import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

@Suite("AttachTests")
struct AttachTests {
    @Test func attachedTablesAreUsableFromRawSQLUntilDetached() throws {
        let scratch = try TemporaryDirectory()
        let external = try scratch.database("external.sqlite", "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('Ada'), ('Grace')")
        external.close()

        let db = try Connection()
        try db.execute(sql: "CREATE TABLE orders (user_id INTEGER, total REAL); INSERT INTO orders VALUES (2, 9.5)")
        try db.attach(.file(path: scratch.path("external.sqlite")), as: "external")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM external.users") == 2)
        let name = try db.scalar(String.self, "SELECT u.name FROM orders o JOIN external.users u ON u.id = o.user_id")
        #expect(name == "Grace")
        #expect(try db.databaseList().map(\.name) == ["main", "external"])
        try db.run("INSERT INTO external.users (name) VALUES ('Linus')")

        try db.detach("external")
        #expect(try db.databaseList().map(\.name) == ["main"])
        let error = #expect(throws: SQLiteError.self) { try db.scalar("SELECT count(*) FROM external.users") }
        #expect(error?.explanation.contains("no such table") == true)

        let reopened = try Connection(scratch.path("external.sqlite"))
        #expect(try reopened.scalar(Int64.self, "SELECT count(*) FROM users") == 3)
    }

    @Test func readOnlyURIAttachRunsSQLiteSwiftsStatementAndRefusesWrites() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("external.sqlite")
        try Connection(path).execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")

        let db = try Connection()
        var traced: [String] = []
        db.trace { traced.append($0) }
        try db.attach(.uri(path, parameters: [.mode(.readOnly)]), as: "external")
        #expect(traced.first == "ATTACH DATABASE 'file:\(path)?mode=ro' AS 'external'")
        db.trace(nil)

        #expect(try db.scalar(Int64.self, "SELECT x FROM external.t") == 1)
        let error = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO external.t VALUES (2)") }
        #expect(error?.category == .readOnly)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM external.t") == 1)
    }

    @Test func attachingAMissingFileReadOnlyFailsClearly() throws {
        let scratch = try TemporaryDirectory()
        let missing = scratch.path("missing.sqlite")
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) {
            try db.attach(.uri(missing, parameters: [.mode(.readOnly)]), as: "missing")
        }
        #expect(error?.code.matches(SQLITE_CANTOPEN) == true)
        #expect(error?.category == .io)
        #expect(error?.explanation.contains(missing) == true)
        #expect(try db.databaseList().map(\.name) == ["main"])
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func attachingAFileThatIsNotADatabaseFails() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("notes.txt")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) { try db.attach(.file(path: path), as: "notes") }
        #expect(error?.category == .notADatabase)
    }

    @Test func schemaNamesAreQuotedSafely() throws {
        let db = try Connection()
        let name = "we'ird \"name\"; DROP TABLE x"
        try db.attach(.inMemory, as: name)
        let quoted = SQLiteValue.quoteIdentifier(name)
        try db.execute(sql: "CREATE TABLE \(quoted).t (x); INSERT INTO \(quoted).t VALUES (5)")
        #expect(try db.scalar(Int64.self, "SELECT x FROM \(quoted).t") == 5)
        #expect(try db.databaseList().map(\.name).contains(name))
        try db.detach(name)
        #expect(try db.databaseList().map(\.name) == ["main"])
    }

    @Test func attachAndDetachFailurePaths() throws {
        let db = try Connection()
        try db.attach(.inMemory, as: "aux")
        let duplicate = #expect(throws: SQLiteError.self) { try db.attach(.inMemory, as: "aux") }
        #expect(duplicate?.explanation.contains("already in use") == true)
        let unknown = #expect(throws: SQLiteError.self) { try db.detach("nowhere") }
        #expect(unknown?.explanation.contains("no such database") == true)
        let main = #expect(throws: SQLiteError.self) { try db.detach("main") }
        #expect(main?.category == .misuse)
        db.close()
        let closed = #expect(throws: SQLiteError.self) { try db.attach(.inMemory, as: "late") }
        #expect(closed?.code.matches(SQLITE_MISUSE) == true)
        #expect(throws: SQLiteError.self) { try db.detach("aux") }
    }
}
