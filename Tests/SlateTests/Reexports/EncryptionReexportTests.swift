import Foundation
import Slate
import Testing

/// The encryption API reaches apps that only `import Slate`, and behaves as the build's trait says.
@Suite("EncryptionReexport")
struct EncryptionReexportTests {
    @Test("Connection.Key and apply(_:name:) are available through Slate")
    func encryptionThroughSlate() throws {
        let db = try Connection()
        let key: Connection.Key = "through-slate"
        #if SQLCipher
        #expect(SQLite.isSQLCipher)
        try db.apply(key)
        #expect(try db.isEncrypted())
        try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
        #else
        #expect(!SQLite.isSQLCipher)
        let error = try #require(throws: SQLiteError.self) { try db.apply(key) }
        #expect(error.explanation.contains("built without encryption support"))
        #expect(try db.isEncrypted() == false)
        #endif
    }
}
