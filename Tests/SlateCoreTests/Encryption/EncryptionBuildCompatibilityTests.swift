import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The `SQLCipher` trait links SQLCipher 3.4 (SQLite 3.15 on Debian 12): options that such an old
/// library would silently ignore must fail with an error naming the feature; on a newer library
/// they work. Both branches run, depending on the linked library.
@Suite("EncryptionBuildCompatibility")
struct EncryptionBuildCompatibilityTests {
    @Test("SQLITE_OPEN_NOFOLLOW refuses a symbolic link, or names the version it needs")
    func nofollow() throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("real.db")
        let link = folder.path("link.db")
        do {
            let db = try Connection(target)
            try db.execute(sql: "CREATE TABLE t(a)")
        }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let error = try #require(throws: SQLiteError.self) {
            try Connection(.file(path: link), options: [.readwrite, .nofollow])
        }
        if SQLite.versionNumber < 3_031_000 {
            #expect(error.explanation.contains("SQLITE_OPEN_NOFOLLOW"))
            #expect(error.explanation.contains("3.31.0"))
            #expect(error.explanation.contains(SQLite.version))
        } else {
            #expect(error.code == SQLITE_CANTOPEN)
        }
        // Without the flag the link opens, so the failure above is the flag's doing.
        let viaLink = try Connection(.file(path: link), options: [.readwrite])
        #expect(try viaLink.scalar(Int64.self, "SELECT count(*) FROM t") == 0)
    }

    @Test("SQLITE_PREPARE_NO_VTAB refuses a virtual table, or names the version it needs")
    func noVtab() throws {
        let db = try Connection()
        if SQLite.versionNumber < 3_028_000 {
            let error = try #require(throws: SQLiteError.self) { try db.prepare(sql: "SELECT 1", options: .noVtab) }
            #expect(error.explanation.contains("SQLITE_PREPARE_NO_VTAB"))
            #expect(error.explanation.contains("3.28.0"))
        } else {
            let statement = try db.prepare(sql: "SELECT 1", options: .noVtab)
            #expect(try statement.cursor().next()?.get(0, as: Int64.self) == 1)
            let error = try #require(throws: SQLiteError.self) {
                try db.prepare(sql: "SELECT * FROM pragma_table_list", options: .noVtab)
            }
            #expect(error.code == SQLITE_ERROR)
        }
        #expect(try db.prepare(sql: "SELECT 2").cursor().next()?.get(0, as: Int64.self) == 2)
    }
}
