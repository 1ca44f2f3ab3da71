// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/Encryption.md`: run as written with the `SQLCipher` trait,
/// and, without it, each call must refuse with a clear error rather than store plaintext.
@Suite("Encryption article")
struct EncryptionArticleTests {
    @Test(.enabled(if: SQLite.isSQLCipher, "needs the SQLCipher trait"))
    func encryptedDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("secret.sqlite")
        let plainPath = directory.path("plain.sqlite")
        let encryptedPath = directory.path("encrypted.sqlite")

        let db = try Connection(.file(path: path))
        try db.apply(.passphrase("correct horse battery staple"))
        try db.execute(sql: "CREATE TABLE secrets (body TEXT)")
        try db.rekey(.passphrase("a better passphrase"))     // rewrites every page
        print(try db.isEncrypted())                           // true
        #expect(try db.isEncrypted())
        db.close()
        let wrong = try Connection(.file(path: path))
        #expect(sqliteError { try wrong.apply(.passphrase("correct horse battery staple")) }?.code == SQLITE_NOTADB)

        let plain = try Connection(.file(path: plainPath))
        try plain.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');")
        try plain.exportEncrypted(to: .file(path: encryptedPath), key: "secret")
        let reopened = try Connection(.file(path: encryptedPath))
        try reopened.apply("secret")
        #expect(try reopened.scalar(String.self, "SELECT body FROM notes") == "hi")
    }

    @Test(.enabled(if: !SQLite.isSQLCipher, "the default build has no encryption"))
    func withoutTheTraitEveryCallRefuses() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(.file(path: directory.path("plain.sqlite")))
        #expect(sqliteError { try db.apply(.passphrase("correct horse battery staple")) }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try db.rekey(.passphrase("a better passphrase")) }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try db.exportEncrypted(to: .file(path: directory.path("e.sqlite")), key: "secret") }?.code
            == SQLITE_MISUSE)
        #expect(!FileManager.default.fileExists(atPath: directory.path("e.sqlite")))
    }
}
