import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// A database file in a temporary folder of its own, removed (with its journals) with the value.
private final class ScratchDatabase {
    private let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("encryption.db")
    }

    /// A scratch file holding a plaintext database, after running `sql` in it.
    convenience init(plaintext sql: String) throws {
        try self.init()
        try Connection(location).execute(sql: sql)
    }

    var location: Connection.Location { .file(path: path) }

    /// The file's bytes, or empty when there is no file.
    func bytes() -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map(Array.init) ?? []
    }

    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether the file's bytes contain `text` (its UTF-8 bytes) anywhere.
    func contains(_ text: String) -> Bool { containsBytes(bytes(), text) }
}

/// Whether `haystack` contains `needle` as a run of bytes.
private func containsBytes(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
    for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
        if Array(haystack[start..<(start + pattern.count)]) == pattern { return true }
    }
    return false
}

/// The schema names of a connection (`PRAGMA database_list`; its table-valued form needs SQLite 3.16).
private func schemaNames(_ db: Connection) throws -> [String] {
    let cursor = try db.prepare(sql: "PRAGMA database_list").cursor()
    var names: [String] = []
    while let row = try cursor.next() { names.append(try row.get(1, as: String.self)) }
    return names
}

/// A passphrase key, as the tests spell it.
private let secret: Connection.Key = .passphrase("correct horse battery staple")
/// Text stored in the rows, which must never appear in an encrypted file.
private let marker = "SLATE-PLAINTEXT-MARKER"
private let plaintextHeader = "SQLite format 3"

@Suite("Encryption")
struct EncryptionTests {
    // MARK: - Both builds

    @Test("A key never prints its secret")
    func keyDescriptionIsRedacted() {
        let passphrase: Connection.Key = "hunter2-secret"
        let raw = Connection.Key.rawKey(Data(repeating: 0xAB, count: 32))
        #expect(passphrase == .passphrase("hunter2-secret"))
        for key in [passphrase, raw] {
            var dumped = ""
            dump(key, to: &dumped)
            for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
                #expect(!text.contains("hunter2"))
                #expect(!text.lowercased().contains("abab"))
                #expect(text.contains("redacted"))
            }
        }
        #expect(raw.description.contains("32 bytes"))
    }

    @Test("SQLite.isSQLCipher tells which library the build links")
    func libraryMatchesTrait() throws {
        let db = try Connection()
        let cipherVersion = try db.scalar(String.self, "PRAGMA cipher_version")
        #if SQLCipher
        #expect(SQLite.isSQLCipher)
        #expect(cipherVersion?.isEmpty == false)
        #else
        #expect(!SQLite.isSQLCipher)
        #expect(cipherVersion == nil)  // plain SQLite ignores the unknown pragma
        #endif
    }

    @Test("Only one SQLite library is loaded into the process, the one the trait selects")
    func exactlyOneLibraryIsLoaded() throws {
        #if os(Linux)
        // /proc files report a size of 0, so read to the end rather than by size.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let loaded = Set(
            maps.split(separator: "\n").compactMap { line in
                line.split(separator: "/").last.map(String.init)
            })
        let sqlcipher = loaded.contains { $0.hasPrefix("libsqlcipher.so") }
        let sqlite = loaded.contains { $0.hasPrefix("libsqlite3.so") }
        #if SQLCipher
        #expect(sqlcipher && !sqlite, "loaded: \(loaded.filter { $0.contains("sql") })")
        #else
        #expect(sqlite && !sqlcipher, "loaded: \(loaded.filter { $0.contains("sql") })")
        #endif
        #endif
    }

    @Test("Calls on a closed connection throw a clear error")
    func closedConnection() throws {
        let db = try Connection()
        db.close()
        for call in encryptionCalls(scratch: try ScratchDatabase()) {
            let error = try #require(throws: SQLiteError.self) { try call.run(db) }
            #if SQLCipher
            #expect(error.explanation.contains("closed"), "\(call.name)")
            #else
            #expect(error.explanation.contains("without encryption support"), "\(call.name)")
            #endif
        }
    }

    /// Every encryption call, with valid arguments.
    private func encryptionCalls(scratch: ScratchDatabase) -> [(name: String, run: (Connection) throws -> Void)] {
        [
            ("apply", { try $0.apply(secret) }),
            ("rekey", { try $0.rekey(secret) }),
            ("attach", { try $0.attach(scratch.location, as: "other", key: secret) }),
            ("export", { try $0.exportEncrypted(to: scratch.location, key: secret) })
        ]
    }

    #if SQLCipher
    // MARK: - SQLCipher build

    /// Runs `body`, then expects `file` to hold exactly the bytes it held before: nothing was
    /// written.
    private func expectUnchanged(
        _ file: ScratchDatabase, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) throws {
        let before = file.bytes()
        try body()
        #expect(file.bytes() == before, "the file changed", sourceLocation: sourceLocation)
    }

    /// Runs `body` with a new encrypted scratch file (`encryptedScratchDatabase`) and a connection
    /// to it, given no key; then expects the file to be unchanged.
    private func withUnchangedEncryptedFile(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: (ScratchDatabase, Connection) throws -> Void
    ) throws {
        let file = try encryptedScratchDatabase()
        try expectUnchanged(file, sourceLocation: sourceLocation) { try body(file, try Connection(file.location)) }
    }

    /// Applies `secret` to `db`, expects the 50 rows of `makeEncryptedDatabase` to read, and
    /// closes `db`.
    private func expectSecretOpens(_ db: Connection, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try db.apply(secret)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 50, sourceLocation: sourceLocation)
        db.close()
    }

    /// A new scratch file holding the encrypted database of `makeEncryptedDatabase`, with `secret`.
    private func encryptedScratchDatabase() throws -> ScratchDatabase {
        let file = try ScratchDatabase()
        try makeEncryptedDatabase(file)
        return file
    }

    /// Creates an encrypted database holding `rows` marker rows and `user_version` 7.
    private func makeEncryptedDatabase(_ file: ScratchDatabase, key: Connection.Key = secret, rows: Int = 50) throws {
        let db = try Connection(file.location)
        try db.apply(key)
        try db.execute(sql: "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        try db.transaction {
            for index in 0..<rows { try db.run("INSERT INTO notes(body) VALUES (?)", "\(marker) #\(index)") }
        }
        try db.setUserVersion(7)
        db.close()
    }

    @Test("A database written with a key has no plaintext on disk and reopens with the key")
    func encryptedFileHoldsNoPlaintext() throws {
        let file = try encryptedScratchDatabase()

        #expect(file.bytes().count >= 1024)
        #expect(!file.contains(marker))
        #expect(!file.contains("CREATE TABLE"))
        #expect(!file.contains(plaintextHeader))

        let db = try Connection(file.location)
        try db.apply(secret)
        #expect(try db.isEncrypted())
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 50)
        #expect(try db.scalar(String.self, "SELECT body FROM notes WHERE id = 1") == "\(marker) #0")
        #expect(try db.scalar(Int32.self, "PRAGMA user_version") == 7)
    }

    @Test("The same rows without a key are plaintext on disk (the check above can fail)")
    func plaintextFileShowsRows() throws {
        let file = try ScratchDatabase()
        let db = try Connection(file.location)
        try db.execute(sql: "CREATE TABLE notes(body TEXT)")
        try db.run("INSERT INTO notes(body) VALUES (?)", marker)
        db.close()
        #expect(file.contains(marker))
        #expect(file.contains(plaintextHeader))
    }

    @Test("A wrong key fails at apply with a not-a-database error naming the cause, writing nothing")
    func wrongKey() throws {
        try withUnchangedEncryptedFile { file, db in
            let error = try #require(throws: SQLiteError.self) { try db.apply(.passphrase("wrong")) }
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.category == .notADatabase)
            #expect(error.explanation.contains("the key is wrong"))
            #expect(error.explanation.contains(file.path))
            #expect(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO notes(body) VALUES ('x')") }
            // The connection can still be given the right key.
            try expectSecretOpens(db)
        }
    }

    @Test("Without a key, an encrypted database fails with a not-a-database error, writing nothing")
    func noKey() throws {
        try withUnchangedEncryptedFile { file, db in
            #expect(try db.isEncrypted() == false)
            let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "SELECT count(*) FROM notes") }
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.explanation.contains("encrypted"))
            #expect(throws: SQLiteError.self) { try db.execute(sql: "CREATE TABLE other(a)") }
            // The key can still be applied after the failed reads.
            try expectSecretOpens(db)
        }
    }

    @Test("A database survives rekey: the new key opens it, the old one no longer does")
    func rekeySurvives() throws {
        let file = try encryptedScratchDatabase()
        let newKey = Connection.Key.rawKey(Data((0..<32).map { UInt8($0 * 7 & 0xFF) }))

        do {
            let db = try Connection(file.location)
            try db.apply(secret)
            try db.rekey(newKey)
            #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 50)
            try db.run("INSERT INTO notes(body) VALUES (?)", "\(marker) after rekey")
        }
        #expect(!file.contains(marker))

        let old = try Connection(file.location)
        let error = try #require(throws: SQLiteError.self) { try old.apply(secret) }
        #expect(error.code == SQLITE_NOTADB)
        old.close()

        let db = try Connection(file.location)
        try db.apply(newKey)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 51)
        #expect(try db.scalar(String.self, "SELECT body FROM notes ORDER BY id DESC LIMIT 1") == "\(marker) after rekey")
    }

    @Test("Rekey refuses a database without a key and leaves it readable")
    func rekeyNeedsEncryptedDatabase() throws {
        let file = try ScratchDatabase()
        let db = try Connection(file.location)
        try db.execute(sql: "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('kept')")
        let error = try #require(throws: SQLiteError.self) { try db.rekey(secret) }
        #expect(error.code == SQLITE_MISUSE)
        #expect(error.explanation.contains("not encrypted"))
        #expect(error.explanation.contains("exportEncrypted"))
        #expect(try db.scalar(String.self, "SELECT body FROM notes") == "kept")
        db.close()
        #expect(file.contains(plaintextHeader))
    }

    @Test("Rekey after a wrong key fails with not-a-database and changes nothing")
    func rekeyWithWrongCurrentKey() throws {
        try withUnchangedEncryptedFile { file, db in
            #expect(throws: SQLiteError.self) { try db.apply(.passphrase("wrong")) }
            let error = try #require(throws: SQLiteError.self) { try db.rekey(.passphrase("new")) }
            #expect(error.code == SQLITE_NOTADB)
            db.close()
        }
    }

    @Test("A raw key must be exactly 32 bytes; a right-sized one works")
    func rawKeyLength() throws {
        let file = try ScratchDatabase()
        let db = try Connection(file.location)
        for count in [0, 16, 31, 33, 64] {
            let error = try #require(throws: SQLiteError.self) { try db.apply(.rawKey(Data(repeating: 1, count: count))) }
            #expect(error.code == SQLITE_MISUSE)
            #expect(error.explanation.contains("exactly 32 bytes"))
            #expect(error.explanation.contains("got \(count)"))
        }
        #expect(try db.isEncrypted() == false)
        db.close()

        let rawKey = Connection.Key.rawKey(Data(repeating: 0x5A, count: 32))
        try makeEncryptedDatabase(file, key: rawKey)
        #expect(!file.contains(marker))
        let reopened = try Connection(file.location)
        #expect(throws: SQLiteError.self) { try reopened.apply(.rawKey(Data(repeating: 0x5B, count: 32))) }
        try reopened.apply(rawKey)
        #expect(try reopened.scalar(Int64.self, "SELECT count(*) FROM notes") == 50)
    }

    @Test("An empty passphrase is an error everywhere, and nothing is written")
    func emptyPassphrase() throws {
        let file = try ScratchDatabase()
        let target = try ScratchDatabase()
        let db = try Connection(file.location)
        // SQLCipher 4's codes for a refused key (MISUSE from sqlite3_key, ERROR from
        // sqlite3_rekey), with an empty message as its key calls set none.
        let calls: [(code: Int32, call: (Connection) throws -> Void)] = [
            (SQLITE_MISUSE, { try $0.apply(.passphrase("")) }),
            (SQLITE_MISUSE, { try $0.apply("") }),
            (SQLITE_ERROR, { try $0.rekey(.passphrase("")) }),
            (SQLITE_MISUSE, { try $0.attach(target.location, as: "other", key: "") }),
            (SQLITE_MISUSE, { try $0.exportEncrypted(to: target.location, key: "") })
        ]
        for (code, call) in calls {
            let error = try #require(throws: SQLiteError.self) { try call(db) }
            #expect(error.code.rawValue == code)
            #expect(error.message == "")
            #expect(error.explanation.contains("must not be empty"))
        }
        #expect(try db.isEncrypted() == false)
        #expect(try schemaNames(db) == ["main"])
        db.close()
        #expect(file.bytes().isEmpty)
        #expect(!target.exists)
    }

    @Test("A key cannot be applied to a plaintext database: a clear error, and the file is untouched")
    func applyToPlaintextDatabase() throws {
        let file = try ScratchDatabase(plaintext: "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('\(marker)')")
        let before = file.bytes()
        let db = try Connection(file.location)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 1)  // schema already read
        let error = try #require(throws: SQLiteError.self) { try db.apply(secret) }
        #expect(error.code == SQLITE_NOTADB)
        #expect(error.explanation.contains("plaintext"))
        #expect(error.explanation.contains("exportEncrypted"))
        try db.run("INSERT INTO notes VALUES (?)", "second")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes") == 2)
        db.close()
        #expect(file.contains(plaintextHeader))
        #expect(file.bytes().count == before.count)
    }

    @Test("Apply and rekey name an unknown schema in their error")
    func unknownSchema() throws {
        let db = try Connection()
        for call: (Connection) throws -> Void in [{ try $0.apply(secret, name: "nope") }, { try $0.rekey(secret, name: "nope") }] {
            let error = try #require(throws: SQLiteError.self) { try call(db) }
            #expect(error.code == SQLITE_ERROR)
            #expect(error.explanation.contains("'nope'"))
        }
    }

    @Test("Attach with a key reads an encrypted database; a wrong key fails and attaches nothing")
    func attachWithKey() throws {
        let file = try encryptedScratchDatabase()
        try expectUnchanged(file) {
            let db = try Connection()
            let error = try #require(throws: SQLiteError.self) {
                try db.attach(file.location, as: "vault", key: .passphrase("wrong"))
            }
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.explanation.contains("the key is wrong"))
            #expect(!error.explanation.contains("wrong\""))  // the key is bound, not spelled in SQL
            #expect(try schemaNames(db) == ["main"])

            try db.attach(file.location, as: "vault", key: "correct horse battery staple")
            #expect(try db.isEncrypted(name: "vault"))
            #expect(try db.isEncrypted() == false)
            #expect(try db.scalar(Int64.self, "SELECT count(*) FROM vault.notes") == 50)
            try db.execute(sql: "DETACH DATABASE vault")
            db.close()
        }
    }

    @Test("Attach with a key creates an encrypted database; a raw key works too")
    func attachCreatesEncryptedDatabase() throws {
        let file = try ScratchDatabase()
        let rawKey = Connection.Key.rawKey(Data((0..<32).map { UInt8($0) }))
        do {
            let db = try Connection()
            try db.attach(file.location, as: "vault", key: rawKey)
            try db.execute(sql: "CREATE TABLE vault.notes(body TEXT)")
            try db.run("INSERT INTO vault.notes VALUES (?)", marker)
            try db.rekey(secret, name: "vault")
            try db.execute(sql: "DETACH DATABASE vault")
        }
        #expect(!file.contains(marker))
        #expect(!file.contains(plaintextHeader))
        let db = try Connection(file.location)
        try db.apply(secret)
        #expect(try db.scalar(String.self, "SELECT body FROM notes") == marker)
    }

    @Test("Attach with a key refuses a plaintext file, naming the cause")
    func attachPlaintextWithKey() throws {
        let file = try ScratchDatabase(plaintext: "CREATE TABLE notes(body TEXT)")
        try expectUnchanged(file) {
            let db = try Connection()
            let error = try #require(throws: SQLiteError.self) { try db.attach(file.location, as: "plain", key: secret) }
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.explanation.contains("not an encrypted database"))
            db.close()
        }
    }

    @Test("Export copies a plaintext database into an encrypted one")
    func exportPlaintextToEncrypted() throws {
        let source = try ScratchDatabase()
        let target = try ScratchDatabase()
        let db = try Connection(source.location)
        try db.execute(
            sql: """
                CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
                CREATE INDEX notes_body ON notes(body);
                """)
        try db.transaction {
            for index in 0..<20 { try db.run("INSERT INTO notes(body) VALUES (?)", "\(marker) #\(index)") }
        }
        try db.setUserVersion(3)
        try db.exportEncrypted(to: target.location, key: secret)
        #expect(try schemaNames(db) == ["main"])  // detached again
        #expect(try db.isEncrypted() == false)

        #expect(!target.contains(marker))
        #expect(!target.contains(plaintextHeader))
        let copy = try Connection(target.location)
        try copy.apply(secret)
        #expect(try copy.scalar(Int64.self, "SELECT count(*) FROM notes") == 20)
        #expect(try copy.scalar(String.self, "SELECT body FROM notes WHERE id = 20") == "\(marker) #19")
        #expect(try copy.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name = 'notes_body'") == 1)
        #expect(try copy.scalar(Int32.self, "PRAGMA user_version") == 3)
    }

    @Test("Export refuses an existing target and a transaction, leaving the target as it was")
    func exportFailures() throws {
        let target = try ScratchDatabase()
        try makeEncryptedDatabase(target, rows: 1)
        let before = target.bytes()

        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        let exists = try #require(throws: SQLiteError.self) { try db.exportEncrypted(to: target.location, key: secret) }
        #expect(exists.code == SQLITE_MISUSE)
        #expect(exists.explanation.contains("already exists"))
        #expect(target.bytes() == before, "the file changed")

        let fresh = try ScratchDatabase()
        try db.execute(sql: "BEGIN")
        let inTransaction = try #require(throws: SQLiteError.self) { try db.exportEncrypted(to: fresh.location, key: secret) }
        #expect(inTransaction.explanation.contains("transaction"))
        try db.execute(sql: "ROLLBACK")
        #expect(!fresh.exists)
    }
    #else
    // MARK: - Build without the SQLCipher trait

    @Test("Every encryption call throws 'built without encryption support' and writes nothing")
    func encryptionUnavailable() throws {
        let file = try ScratchDatabase()
        let target = try ScratchDatabase()
        let db = try Connection(file.location)
        try db.execute(sql: "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('\(marker)')")
        let before = file.bytes()

        for call in encryptionCalls(scratch: target) + [
            ("apply raw", { try $0.apply(.rawKey(Data(repeating: 1, count: 32)), name: "main") }),
            ("rekey raw", { try $0.rekey(.rawKey(Data(repeating: 1, count: 32))) })
        ] {
            let error = try #require(throws: SQLiteError.self, "\(call.name)") { try call.run(db) }
            #expect(error.code == SQLITE_MISUSE)
            #expect(error.explanation.contains("built without encryption support"))
            #expect(error.explanation.contains("SQLCipher"))
        }
        #expect(try db.isEncrypted() == false)
        #expect(try schemaNames(db) == ["main"])
        #expect(try db.scalar(String.self, "SELECT body FROM notes") == marker)
        db.close()
        #expect(file.bytes() == before, "the file changed")
        #expect(!target.exists)
    }
    #endif
}
