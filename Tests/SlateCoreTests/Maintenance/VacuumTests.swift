import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("VacuumTests")
struct VacuumTests {
    private func pageCount(_ db: Connection) throws -> Int64 {
        try db.scalar(Int64.self, "PRAGMA page_count") ?? 0
    }

    @Test func vacuumShrinksTheFileAndKeepsTheData() throws {
        let folder = try TemporaryDirectory()
        let db = try Connection(folder.path("db.sqlite"))
        try db.execute(
            sql: """
                CREATE TABLE t (x BLOB);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO t SELECT randomblob(4000) FROM n;
                DELETE FROM t WHERE rowid > 10;
                """)
        let before = try pageCount(db)
        try db.vacuum()
        let after = try pageCount(db)
        #expect(after < before)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 10)
    }

    @Test func vacuumInsideATransactionFails() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        try db.beginTransaction()
        let error = #expect(throws: SQLiteError.self) { try db.vacuum() }
        #expect(error?.explanation.contains("transaction") == true)
        try db.rollbackTransaction()
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_027_000, "VACUUM INTO needs SQLite 3.27"))
    func vacuumIntoWritesACompactCopyAndRefusesToOverwrite() throws {
        let folder = try TemporaryDirectory()
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES ('copied')")
        let copyPath = folder.path("copy.sqlite")
        try db.vacuum(into: copyPath)
        let copy = try Connection(copyPath, options: .readonly)
        #expect(try copy.scalar(String.self, "SELECT x FROM t") == "copied")
        copy.close()

        try db.run("INSERT INTO t VALUES ('newer')")
        let error = #expect(throws: SQLiteError.self) { try db.vacuum(into: copyPath) }
        #expect(error?.explanation.contains("already exists") == true)
        let unchanged = try Connection(copyPath, options: .readonly)
        #expect(try unchanged.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_027_000, "VACUUM INTO needs SQLite 3.27"))
    func vacuumIntoCopiesAnAttachedSchema() throws {
        let folder = try TemporaryDirectory()
        let db = try Connection()
        try db.attach(.inMemory, as: "aux")
        try db.execute(sql: "CREATE TABLE aux.t (x); INSERT INTO aux.t VALUES (7)")
        let path = folder.path("aux.sqlite")
        try db.vacuum(into: path, schema: "aux")
        #expect(try Connection(path).scalar(Int64.self, "SELECT x FROM t") == 7)
        let error = #expect(throws: SQLiteError.self) {
            try db.vacuum(into: folder.path("none.sqlite"), schema: "nowhere")
        }
        #expect(error?.explanation.contains("unknown database") == true)
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_027_000, "only an old SQLite lacks VACUUM INTO"))
    func vacuumIntoOnAnOldSQLiteFailsClearly() throws {
        let folder = try TemporaryDirectory()
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let path = folder.path("copy.sqlite")
        let error = #expect(throws: SQLiteError.self) { try db.vacuum(into: path) }
        #expect(error?.explanation.contains("VACUUM INTO needs SQLite 3.27.0") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
    }

    @Test func vacuumOnAClosedConnectionFails() throws {
        let db = try Connection()
        db.close()
        let error = #expect(throws: SQLiteError.self) { try db.vacuum() }
        #expect(error?.code.matches(SQLITE_MISUSE) == true)
    }
}
