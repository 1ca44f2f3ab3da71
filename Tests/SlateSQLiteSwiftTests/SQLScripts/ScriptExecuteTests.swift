import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's unlabelled `execute(_:)` runs scripts as `execute(sql:)` does.
@Suite("SQLite.swift's execute(_:)")
struct ScriptExecuteTests {
    @Test("SQLite.swift's execute(_:) runs scripts too")
    func sqliteSwiftExecute() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        try db.execute(
            """
            BEGIN TRANSACTION;
            INSERT INTO t VALUES (2);
            PRAGMA user_version = 1;
            COMMIT TRANSACTION;
            """)
        #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == 3)
        #expect((try db.getUserVersion()) == 1)
        let error = sqliteError { try db.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(error?.explanation.contains("no such table") == true)
    }
}
