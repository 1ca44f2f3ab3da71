import Foundation
import SlateCoreTestSupport
import SlateSwiftly
import Testing

/// SQLite.swiftly's intent-checked initializers, spellings of `Connection(_:options:)`.
@Suite("SQLite.swiftly's intent-checked opening")
struct ConnectionIntentTests {
    @Test("create-new intent refuses an existing file and creates a missing one")
    func createNewIntent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let db = try Connection(toNewDatabaseAt: path)
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        db.close()

        let error = sqliteError { _ = try Connection(toNewDatabaseAt: path) }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(error?.explanation.contains("already exists") == true)
        // The existing database is intact.
        let reopened = try Connection(toExistingDatabaseAt: path)
        #expect(try reopened.scalar(Int64.self, "SELECT count(*) FROM t") == 1)

        let url = directory.url.appendingPathComponent("by-url.sqlite")
        _ = try Connection(toNewDatabaseAt: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(sqliteError { _ = try Connection(toNewDatabaseAt: url) }?.code == SQLITE_CANTOPEN)
        #expect(sqliteError { _ = try Connection(toNewDatabaseAt: URL(string: "https://example.com/db")!) } != nil)
    }

    @Test("open-existing intent refuses a missing file without creating it")
    func openExistingIntent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        let error = sqliteError { _ = try Connection(toExistingDatabaseAt: path) }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(!FileManager.default.fileExists(atPath: path))
        let urlError = sqliteError { _ = try Connection(toExistingDatabaseAt: URL(fileURLWithPath: path), readonly: true) }
        #expect(urlError?.code == SQLITE_CANTOPEN)
    }
}
