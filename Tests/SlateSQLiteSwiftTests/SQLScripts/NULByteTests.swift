import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// SQLite reads SQL text only up to its first NUL byte, so a NUL used to cut scripts and
/// statements short without a word. Slate hands SQLite the byte length and treats a NUL inside a
/// string literal as text; anywhere else it is a clear error, raised before anything runs.
@Suite("NUL bytes in SQL text")
struct NULByteTests {
    static func isNULError(_ error: SQLiteError?, at offset: Int) -> Bool {
        guard let error else { return false }
        return error.code == SQLITE_ERROR && error.offset == offset && error.explanation.contains("NUL")
    }

    static func tables(_ db: Connection) throws -> [String] {
        try db.prepare(sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows()
            .map { try $0.get(0, as: String.self) }
    }

    @Test("execute(sql:) with a NUL between statements runs none of them and says where the NUL is")
    func scriptWithNULBetweenStatements() throws {
        let db = try Connection()
        let error = sqliteError { try db.execute(sql: "CREATE TABLE a(x);\0CREATE TABLE b(y);") }
        #expect(Self.isNULError(error, at: 18))
        #expect(try Self.tables(db) == [])
        // The same through SQLite.swift's spelling, sqlite3_exec and SQLScript.
        #expect(Self.isNULError(sqliteError { try db.execute("CREATE TABLE a(x);\0CREATE TABLE b(y);") }, at: 18))
        #expect(Self.isNULError(sqliteError { try db.exec("CREATE TABLE a(x);\0CREATE TABLE b(y);") }, at: 18))
        let script = SQLScript(string: "CREATE TABLE a(x);\0CREATE TABLE b(y);")
        #expect(Self.isNULError(sqliteError { try db.execute(sql: script) }, at: 18))
        #expect(try Self.tables(db) == [])
        // The database is intact and usable.
        try db.execute(sql: "CREATE TABLE a(x); CREATE TABLE b(y);")
        #expect(try Self.tables(db) == ["a", "b"])
    }

    @Test("prepare(sql:) refuses a NUL that hides a second statement or ends the text early")
    func prepareWithNUL() throws {
        let db = try Connection()
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT 1;\0SELECT 2") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT 1\0") }, at: 8))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare("SELECT 1 \0 + 1") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.scalar("SELECT 1\0, 2") }, at: 8))
        #expect(Self.isNULError(sqliteError { _ = try db.run("SELECT 1\0") }, at: 8))
        #expect(Self.isNULError(sqliteError { _ = try db.cachedStatement(sql: "SELECT 1;\0DROP TABLE x") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.cursor("\0SELECT 1") }, at: 0))
    }

    @Test("a NUL in a comment, a quoted identifier or a blob literal is an error too")
    func nulOutsideStringLiterals() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x)")
        #expect(Self.isNULError(sqliteError { try db.execute(sql: "SELECT 1; -- a\0b\nDROP TABLE t") }, at: 14))
        #expect(Self.isNULError(sqliteError { try db.execute(sql: "SELECT 1 /* a\0b */; DROP TABLE t") }, at: 13))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT \"x\0y\" FROM t") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT [x\0y] FROM t") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT `x\0y` FROM t") }, at: 9))
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT x'00\0' FROM t") }, at: 11))
        // An unterminated literal does not hide a NUL.
        #expect(Self.isNULError(sqliteError { _ = try db.prepare(sql: "SELECT 'abc\0") }, at: 11))
        #expect(try Self.tables(db) == ["t"])
    }

    @Test("a NUL inside a string literal is text, kept whole")
    func nulInsideStringLiteral() throws {
        let db = try Connection()
        let value = try db.prepare(sql: "SELECT 'a\0b', 'it''s\0\0', '\0'").rows()[0]
        #expect(value[0] == .text("a\0b"))
        #expect(value[1] == .text("it's\0\0"))
        #expect(value[2] == .text("\0"))
        #expect(try db.scalar(String.self, "SELECT length(CAST(? AS BLOB)) || ':' || 'x\0y'", "a\0b") == "3:x\0y")

        try db.execute(
            sql: """
                CREATE TABLE t (x TEXT DEFAULT 'd\0');
                INSERT INTO t VALUES ('x\0y; DROP TABLE t;');
                INSERT INTO t DEFAULT VALUES;
                """)
        try db.exec("INSERT INTO t VALUES ('raw\0')")
        let stored = try db.prepare(sql: "SELECT x, length(CAST(x AS BLOB)) FROM t ORDER BY rowid").rows()
        #expect(stored.map { $0[0] } == [.text("x\0y; DROP TABLE t;"), .text("d\0"), .text("raw\0")])
        #expect(stored.map { $0[1] } == [.int(18), .int(2), .int(4)])
        #expect(try db.scalar("SELECT count(*) FROM t WHERE x = 'd\0'") as? Int64 == 1)

        let script = SQLScript(string: "INSERT INTO t VALUES ('1\0;'); INSERT INTO t VALUES ('2')")
        #expect(script.statements == ["INSERT INTO t VALUES ('1\0;');", "INSERT INTO t VALUES ('2')"])
        try db.execute(sql: script)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 5)
    }

    @Test("names handed to SQLite as C strings refuse a NUL instead of naming something else")
    func namesWithNUL() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, data BLOB, datax BLOB); INSERT INTO t VALUES (1, x'00', x'01')")

        // Files: a NUL would open, attach or write the file named by the part before it.
        let truncated = directory.path("db")
        #expect(sqliteError { _ = try Connection(truncated + "\0.sqlite") }?.explanation.contains("NUL") == true)
        #expect(sqliteError { _ = try Connection(truncated + "\0.sqlite", options: [.readwrite, .create, .exclusive]) }?.explanation.contains("NUL") == true)
        #expect(sqliteError { try db.attach(.file(path: truncated + "\0x"), as: "other") }?.explanation.contains("NUL") == true)
        #expect(sqliteError { try db.attach(.inMemory, as: "a\0b") }?.explanation.contains("NUL") == true)
        #expect(sqliteError { try db.vacuum(into: truncated + "\0x") }?.explanation.contains("NUL") == true)
        #expect(!FileManager.default.fileExists(atPath: truncated))

        // Columns, tables, parameters, functions and collations.
        #expect(sqliteError { _ = try db.openBlob(table: "t", column: "data\0x", row: 1) }?.explanation.contains("NUL") == true)
        #expect(sqliteError { _ = try db.openBlob(table: "t\0", column: "data", row: 1) }?.explanation.contains("NUL") == true)
        let statement = try db.prepare(sql: "SELECT :a, :ab")
        #expect(sqliteError { try statement.bind(1, by: ":a\0b") }?.explanation.contains("NUL") == true)
        #expect(sqliteError { try db.defineFunction("f\0g") { (_: [(any Binding)?]) -> (any Binding)? in nil } }?.explanation.contains("NUL") == true)
        #expect(sqliteError { try db.createCollation("c\0d") { _, _ in .orderedSame } }?.explanation.contains("NUL") == true)
        #expect(sqliteError { _ = try db.get(pragma: "ma\0in.user_version") as Int32? } != nil)
    }

    @Test("the pragma helpers never set or read a pragma cut short by a NUL")
    func pragmasWithNUL() throws {
        let db = try Connection()
        try db.setUserVersion(7)
        // A text value is written as a literal spliced with char(0): a pragma takes no expression.
        #expect(sqliteError { try db.set(pragma: "user_version", value: "8\08") } != nil)
        #expect(sqliteError { try db.set(pragma: "user_version\0", value: 9) }?.code == SQLITE_MISUSE)
        #expect(sqliteError { _ = try db.get(pragma: "user_version\0; DROP TABLE t") as Int32? }?.code == SQLITE_MISUSE)
        let quoted = try #require(sqliteError { _ = try db.get(pragma: "main\0x.user_version") as Int32? })
        #expect(Self.isNULError(quoted, at: 12))
        #expect(try db.getUserVersion() == 7)
    }
}
