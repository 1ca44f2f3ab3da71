import Foundation
import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// DataLiteCore's calls on a closed connection throw `SQLITE_MISUSE`, as the primary ones do.
@Suite("DataLiteCore's calls after close")
struct ClosedConnectionTests {
    @Test func everyCallThrowsMisuse() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x)")
        let idle = try db.prepare(sql: "INSERT INTO t VALUES (:x)")
        db.close()

        let calls: [(String, () throws -> Void)] = [
            ("bind(row)", { try idle.bind(["x": 1] as SQLiteRow) }),
            ("execute(rows)", { try idle.execute([["x": 1]]) }),
            ("execute(raw:)", { try db.execute(raw: "SELECT 1") })
        ]
        for (name, call) in calls {
            #expect(sqliteError(call)?.code == SQLITE_MISUSE, "\(name)")
        }
        // A property cannot throw: it records the error.
        db.userVersion = 2
        #expect(db.lastPropertyError?.code == SQLITE_MISUSE)
        db.busyTimeout = 2
        #expect(db.lastPropertyError?.code == SQLITE_MISUSE)
    }
}
