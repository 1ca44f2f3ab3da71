import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's calls on a closed connection throw `SQLITE_MISUSE`, as the primary ones do.
@Suite("SQLite.swift's calls after close")
struct ClosedConnectionTests {
    @Test func everyCallThrowsMisuse() throws {
        let db = try Connection()
        db.close()
        #expect(sqliteError { try db.execute("SELECT 1") }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try db.key("secret") } != nil)
    }
}
