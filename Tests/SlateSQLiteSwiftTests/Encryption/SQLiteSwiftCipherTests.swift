import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// Whether `haystack` contains the UTF-8 bytes of `needle`.
private func fileContains(_ path: String, _ needle: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return data.range(of: Data(needle.utf8)) != nil
}

/// 64 random bytes, as SQLite.swift's CipherTests key its second database.
private func randomKeyBytes(count: Int = 64) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255) }
}

/// The version numbers that begin `PRAGMA cipher_version`'s answer: (4, 6, 1) for "4.6.1 community".
private func versionParts(_ text: String) -> [Int] {
    text.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
}

private let marker = "SLATE-CIPHER-MARKER"

/// SQLite.swift's SQLCipher API (`key`, `rekey`, `keyAndMigrate`, `sqlcipher_export`, the
/// `cipher…` properties, `applyLicense`, cipher logging), written like SQLite.swift's own
/// CipherTests. The trait build runs them against SQLCipher; the default build checks that each
/// call throws "built without encryption support" and writes nothing.
@Suite("SQLiteSwiftCipher")
struct SQLiteSwiftCipherTests {
    #if SQLCipher
    /// SQLite.swift's fixtures: an in-memory database keyed with a passphrase or, with `blob`, a
    /// `Blob` of 64 random bytes; one row in `foo`.
    private func keyedDatabase(blob: Bool = false) throws -> Connection {
        let db = try Connection()
        if blob { try db.key(Blob(bytes: randomKeyBytes())) } else { try db.key("hello") }
        try db.run("CREATE TABLE foo (bar TEXT)")
        try db.run("INSERT INTO foo (bar) VALUES ('world')")
        return db
    }

    /// Expects the database file at `path` to open with `key` and hold the marker row, which is
    /// nowhere in the file as plain text.
    private func expectEncrypted(_ path: String, key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let db = try Connection(path)
        try db.key(key)
        #expect(try db.scalar("SELECT bar FROM foo") as? String == marker, sourceLocation: sourceLocation)
        #expect(!fileContains(path, marker), sourceLocation: sourceLocation)
    }

    /// A database file keyed with `key`, holding one marker row in `foo`.
    private func makeFile(_ path: String, key: String) throws {
        let db = try Connection(path)
        try db.key(key)
        try db.run("CREATE TABLE foo (bar TEXT)")
        try db.run("INSERT INTO foo (bar) VALUES (?)", marker)
    }

    @Test("key: a passphrase, or a Blob, keys the database", arguments: [false, true])
    func key(blob: Bool) throws {
        let db = try keyedDatabase(blob: blob)
        #expect(try db.scalar("SELECT count(*) FROM foo") as? Int64 == 1)
        #expect(try db.isEncrypted())
    }

    @Test("key: a blob literal of 64 hex digits is a raw key, the one Slate's rawKey makes")
    func keyBlobLiteral() throws {
        let memory = try Connection()
        try memory.key("x'2DD29CA851E7B56E4697B0E1F08507293D761A05CE4D1B628663F411A8086D99'")
        #expect(try memory.isEncrypted())

        let folder = try TemporaryDirectory()
        let path = folder.path("literal.sqlite3")
        let hex = "2DD29CA851E7B56E4697B0E1F08507293D761A05CE4D1B628663F411A8086D99"
        try makeFile(path, key: "x'\(hex)'")
        #expect(!fileContains(path, marker))
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        let reopened = try Connection(path)
        try reopened.apply(.rawKey(Data(bytes)))
        #expect(try reopened.scalar("SELECT bar FROM foo") as? String == marker)
    }

    @Test("rekey: a new passphrase re-encrypts the database")
    func rekey() throws {
        let db = try keyedDatabase()
        try db.rekey("goodbye")
        #expect(try db.scalar("SELECT count(*) FROM foo") as? Int64 == 1)

        let folder = try TemporaryDirectory()
        let path = folder.path("rekey.sqlite3")
        try makeFile(path, key: "hello")
        do {
            let file = try Connection(path)
            try file.key("hello")
            try file.rekey("goodbye")
        }
        let old = try Connection(path)
        let error = try #require(throws: SQLiteError.self) { try old.key("hello") }
        #expect(error.code == SQLITE_NOTADB)
        try expectEncrypted(path, key: "goodbye")
    }

    @Test("rekey with a Blob re-encrypts the database")
    func dataRekey() throws {
        let db = try keyedDatabase(blob: true)
        try db.rekey(Blob(bytes: randomKeyBytes()))
        #expect(try db.scalar("SELECT count(*) FROM foo") as? Int64 == 1)
    }

    @Test("A Blob key's bytes are a passphrase, as SQLite.swift hands them to SQLCipher")
    func blobIsPassphraseBytes() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("blob.sqlite3")
        let bytes = randomKeyBytes(count: 32)
        do {
            let db = try Connection(path)
            try db.key(Blob(bytes: bytes))
            try db.run("CREATE TABLE foo (bar TEXT)")
            try db.run("INSERT INTO foo (bar) VALUES (?)", marker)
        }
        #expect(!fileContains(path, marker))
        // Not Slate's raw key, even at 32 bytes: SQLCipher derives the key from the bytes.
        let raw = try Connection(path)
        #expect(throws: SQLiteError.self) { try raw.apply(.rawKey(Data(bytes))) }
        let blob = try Connection(path)
        try blob.key(Blob(data: Data(bytes)))
        #expect(try blob.scalar("SELECT bar FROM foo") as? String == marker)
        // A passphrase's UTF-8 bytes as a Blob open what the passphrase made.
        let text = folder.path("text.sqlite3")
        try makeFile(text, key: "correct horse")
        let viaBlob = try Connection(text)
        try viaBlob.key(Blob(bytes: Array("correct horse".utf8)))
        #expect(try viaBlob.scalar("SELECT bar FROM foo") as? String == marker)
    }

    @Test("A wrong key fails at key(_:db:), with SQLITE_NOTADB, on a read-only connection too")
    func keyFailure() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("db.sqlite3")
        let connA = try Connection(path)
        try connA.key("hello")
        try connA.run("CREATE TABLE foo (bar TEXT)")

        let connB = try Connection(path, readonly: true)
        let error = try #require(throws: SQLiteError.self) { try connB.key("world") }
        #expect(error.code == SQLITE_NOTADB)
        #expect(error.explanation.contains("the key is wrong"))
        let blob = try #require(throws: SQLiteError.self) { try connB.key(Blob(bytes: Array("world".utf8))) }
        #expect(blob.code == SQLITE_NOTADB)
        try connB.key("hello")
        #expect(try connB.scalar("SELECT count(*) FROM foo") as? Int64 == 0)
    }

    @Test("An empty key is refused by every spelling, and nothing is written")
    func emptyKey() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("empty.sqlite3")
        let db = try Connection(path)
        let calls: [(String, (Connection) throws -> Void)] = [
            ("key", { try $0.key("") }),
            ("key blob", { try $0.key(Blob(bytes: [])) }),
            ("rekey", { try $0.rekey("") }),
            ("rekey blob", { try $0.rekey(Blob(bytes: [])) }),
            ("keyAndMigrate", { try $0.keyAndMigrate("") }),
            ("keyAndMigrate blob", { try $0.keyAndMigrate(Blob(bytes: [])) }),
            ("sqlcipher_export", { try $0.sqlcipher_export(.file(path: folder.path("copy.sqlite3")), key: "") })
        ]
        for (name, call) in calls {
            let error = try #require(throws: SQLiteError.self, "\(name)") { try call(db) }
            #expect(error.explanation.contains("must not be empty"), "\(name)")
        }
        #expect(try db.isEncrypted() == false)
        db.close()
        #expect(FileManager.default.contents(atPath: path)?.isEmpty ?? true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("copy.sqlite3")))
    }

    @Test("key refuses a plaintext database instead of pretending to encrypt it")
    func keyPlaintextDatabase() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("plain.sqlite3")
        do {
            let db = try Connection(path)
            try db.run("CREATE TABLE foo (bar TEXT)")
            try db.run("INSERT INTO foo (bar) VALUES (?)", marker)
        }
        let db = try Connection(path)
        for call: (Connection) throws -> Void in [{ try $0.key("hello") }, { try $0.keyAndMigrate("hello") }] {
            let error = try #require(throws: SQLiteError.self) { try call(db) }
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.explanation.contains("plaintext"))
        }
        let rekey = try #require(throws: SQLiteError.self) { try db.rekey("hello") }
        #expect(rekey.explanation.contains("not encrypted"))
        #expect(try db.scalar("SELECT bar FROM foo") as? String == marker)
    }

    @Test("keyAndMigrate opens a database written in SQLCipher's previous format and rewrites it")
    func keyAndMigrateOlderFormat() throws {
        let version = try #require(try Connection().cipherVersion)
        let major = versionParts(version).first ?? 0
        let folder = try TemporaryDirectory()
        let path = folder.path("old-format.sqlite3")
        do {
            // SQLCipher 3 writes 2.x's format with 4,000 PBKDF2 iterations; SQLCipher 4 writes 3.x's
            // with cipher_compatibility = 3.
            let old = try Connection(path)
            try old.key("sqlcipher-test")
            try old.execute(major >= 4 ? "PRAGMA cipher_compatibility = 3" : "PRAGMA kdf_iter = 4000")
            try old.run("CREATE TABLE foo (bar TEXT)")
            try old.run("INSERT INTO foo (bar) VALUES (?)", marker)
            try old.setUserVersion(5)
        }
        #expect(!fileContains(path, marker))

        // The current format's settings do not read it.
        let plain = try Connection(path)
        let error = try #require(throws: SQLiteError.self) { try plain.key("sqlcipher-test") }
        #expect(error.code == SQLITE_NOTADB)
        plain.close()

        let wrong = try Connection(path)
        let wrongKey = try #require(throws: SQLiteError.self) { try wrong.keyAndMigrate("not the key") }
        #expect(wrongKey.code == SQLITE_NOTADB)
        #expect(wrongKey.explanation.contains("the key is wrong"))
        wrong.close()

        let db = try Connection(path)
        try db.keyAndMigrate("sqlcipher-test")
        #expect(try db.scalar("SELECT bar FROM foo") as? String == marker)
        #expect(try db.scalar(Int32.self, "PRAGMA user_version") == 5)
        db.close()

        // Rewritten on disk: a plain key now opens it, and it holds no plaintext.
        try expectEncrypted(path, key: "sqlcipher-test")
    }

    @Test("keyAndMigrate leaves a current database as it is; a Blob works; only main migrates")
    func keyAndMigrateCurrentFormat() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("current.sqlite3")
        try makeFile(path, key: "hello")
        let before = FileManager.default.contents(atPath: path)

        let db = try Connection(path)
        try db.keyAndMigrate(Blob(bytes: Array("hello".utf8)))
        #expect(try db.scalar("SELECT bar FROM foo") as? String == marker)
        db.close()
        #expect(FileManager.default.contents(atPath: path) == before, "the file changed")

        let other = try Connection()
        try other.attach(.file(path: path), as: "other", key: "hello")
        let error = try #require(throws: SQLiteError.self) { try other.keyAndMigrate("hello", db: "other") }
        #expect(error.code == SQLITE_MISUSE)
        #expect(error.explanation.contains("main"))
    }

    @Test("sqlcipher_export copies a database into a new encrypted one")
    func export() throws {
        let db = try keyedDatabase()
        try db.run("INSERT INTO foo (bar) VALUES (?)", marker)
        let folder = try TemporaryDirectory()
        let tmp = folder.path("export.sqlite3")
        try db.sqlcipher_export(.uri(tmp), key: "mykey")

        let conn = try Connection(tmp)
        try conn.key("mykey")
        #expect(try conn.scalar("SELECT count(*) FROM foo") as? Int64 == 2)
        #expect(!fileContains(tmp, marker))

        // A plaintext database too, the way to encrypt one; an existing target is refused.
        let plain = try Connection()
        try plain.run("CREATE TABLE foo (bar TEXT)")
        try plain.run("INSERT INTO foo (bar) VALUES (?)", marker)
        let exists = try #require(throws: SQLiteError.self) { try plain.sqlcipher_export(.file(path: tmp), key: "other") }
        #expect(exists.explanation.contains("already exists"))
        let copy = folder.path("plain-copy.sqlite3")
        try plain.sqlcipher_export(.file(path: copy), key: "secret")
        #expect(!fileContains(copy, marker))
        let reopened = try Connection(copy)
        try reopened.key("secret")
        #expect(try reopened.scalar("SELECT bar FROM foo") as? String == marker)
    }

    @Test("cipherVersion names the linked SQLCipher, keyed or not")
    func cipherVersion() throws {
        let version = try #require(try Connection().cipherVersion)
        #expect(versionParts(version).count >= 2, "\(version)")
        #expect(try keyedDatabase().cipherVersion == version)
    }

    @Test("cipherProvider and cipherProviderVersion answer once the database is keyed")
    func cipherProvider() throws {
        let db = try keyedDatabase()
        let provider = try #require(db.cipherProvider)
        #expect(!provider.isEmpty)
        #if os(Linux)
        #expect(provider == "openssl")
        #endif
        #expect(db.cipherProviderVersion != nil)
        // SQLCipher answers only for a keyed database.
        #expect(try Connection().cipherProvider == nil)
    }

    @Test("cipherFipsStatus is \"0\" outside FIPS mode")
    func cipherFipsStatus() throws {
        let status = try #require(try keyedDatabase().cipherFipsStatus)
        #expect(Int(status) == 0)
    }

    @Test("The cipher properties are nil on a closed connection")
    func propertiesOnClosedConnection() throws {
        let db = try keyedDatabase()
        db.close()
        #expect(db.cipherVersion == nil)
        #expect(db.cipherProvider == nil)
        #expect(db.cipherProviderVersion == nil)
        #expect(db.cipherFipsStatus == nil)
    }

    @Test("applyLicense and cipher logging name the pragma and versions where SQLCipher lacks it")
    func unsupportedPragmas() throws {
        let db = try keyedDatabase()
        let version = try #require(db.cipherVersion)
        let parts = versionParts(version) + [0, 0, 0]
        let linked = (parts[0], parts[1], parts[2])

        let license = "AAAA-secret-license-BBBB"
        let calls: [(name: String, pragma: String, since: (Int, Int, Int), run: (Connection) throws -> Void)] = [
            ("applyLicense", "cipher_license", (4, 0, 0), { try $0.applyLicense(license) }),
            ("enableCipherLogging", "cipher_log = device", (4, 6, 0), { try $0.enableCipherLogging() }),
            ("enableCipherLogging trace", "cipher_log = device", (4, 6, 0), { try $0.enableCipherLogging(logLevel: .trace) }),
            ("disableCipherLogging", "cipher_log_level = NONE", (4, 5, 1), { try $0.disableCipherLogging() })
        ]
        for call in calls where linked < call.since {
            let error = try #require(throws: SQLiteError.self, "\(call.name)") { try call.run(db) }
            #expect(error.code == SQLITE_ERROR, "\(call.name)")
            #expect(error.explanation.contains(call.pragma), "\(call.name): \(error.explanation)")
            #expect(error.explanation.contains("\(call.since.0).\(call.since.1).\(call.since.2)"), "\(call.name)")
            #expect(error.explanation.contains(version), "\(call.name)")
            #expect(!error.explanation.contains(license))
        }
        // A community edition from 4.0 has no cipher_license either: an error, never silence.
        if linked >= (4, 0, 0) {
            let error = try #require(throws: SQLiteError.self) { try db.applyLicense(license) }
            #expect(error.explanation.contains("cipher_license"))
            #expect(!error.explanation.contains(license))
        }
        if linked >= (4, 6, 0) {
            try db.enableCipherLogging(logLevel: .error)
            try db.disableCipherLogging()
        }
        // Nothing above disturbed the database.
        #expect(try db.scalar("SELECT count(*) FROM foo") as? Int64 == 1)
        #expect(Connection.CipherLogLevel.allCases.map(\.rawValue) == ["none", "error", "warn", "info", "debug", "trace"])
    }
    #else
    @Test("Every SQLite.swift cipher call throws 'built without encryption support', naming itself, and writes nothing")
    func encryptionUnavailable() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("plain.sqlite3")
        let target = folder.path("export.sqlite3")
        let db = try Connection(path)
        try db.run("CREATE TABLE foo (bar TEXT)")
        try db.run("INSERT INTO foo (bar) VALUES (?)", marker)
        let before = FileManager.default.contents(atPath: path)

        let blob = Blob(bytes: randomKeyBytes())
        let calls: [(name: String, run: (Connection) throws -> Void)] = [
            ("key(_:db:)", { try $0.key("hello") }),
            ("key(_:db:)", { try $0.key(blob, db: "main") }),
            ("rekey(_:db:)", { try $0.rekey("goodbye") }),
            ("rekey(_:db:)", { try $0.rekey(blob) }),
            ("keyAndMigrate(_:db:)", { try $0.keyAndMigrate("hello") }),
            ("keyAndMigrate(_:db:)", { try $0.keyAndMigrate(blob) }),
            ("sqlcipher_export(_:key:)", { try $0.sqlcipher_export(.uri(target), key: "mykey") }),
            ("applyLicense(_:)", { try $0.applyLicense("license") }),
            ("enableCipherLogging(logLevel:)", { try $0.enableCipherLogging() }),
            ("disableCipherLogging()", { try $0.disableCipherLogging() })
        ]
        for call in calls {
            let error = try #require(throws: SQLiteError.self, "\(call.name)") { try call.run(db) }
            #expect(error.code == SQLITE_MISUSE, "\(call.name)")
            #expect(error.explanation.contains("built without encryption support"), "\(call.name)")
            #expect(error.explanation.hasPrefix(call.name), "\(call.name): \(error.explanation)")
            #expect(error.explanation.contains("--traits SQLCipher"), "\(call.name)")
        }
        // Plain SQLite answers no cipher pragma.
        #expect(db.cipherVersion == nil)
        #expect(db.cipherProvider == nil)
        #expect(db.cipherProviderVersion == nil)
        #expect(db.cipherFipsStatus == nil)
        #expect(try db.isEncrypted() == false)
        #expect(try db.scalar("SELECT bar FROM foo") as? String == marker)
        db.close()
        #expect(FileManager.default.contents(atPath: path) == before, "the file changed")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
    #endif
}
