import Foundation

// Encryption with SQLCipher (the `SQLCipher` package trait). The public API exists in every
// build so that code using it compiles either way; without the trait each call throws
// `SQLiteError.encryptionUnavailable` instead of running, so nothing is ever stored in
// plaintext while the caller believes it is encrypted.

extension Connection {
    /// Applies the encryption key of a database: call it right after opening, before any other SQL.
    ///
    /// ```swift
    /// let db = try Connection(path: "secure.db", options: [.readwrite, .create])
    /// try db.apply(.passphrase("secret"))   // a new or empty file is encrypted on first write
    /// ```
    ///
    /// The key is checked at once by reading the schema, so a wrong key fails here rather than at
    /// the first query, and nothing is written to the file. A key cannot encrypt an existing
    /// plaintext database in place; copy it with ``exportEncrypted(to:key:)`` instead.
    ///
    /// - Parameters:
    ///   - key: The key: a non-empty passphrase, or a raw key of 32 bytes.
    ///   - name: The schema to key (an attached database's name), or `nil` for `main`.
    /// - Throws: ``SQLiteError``: `SQLITE_NOTADB` when the key does not open the database (a wrong
    ///   key, or a file that is not encrypted), `SQLITE_MISUSE` for an empty passphrase, a raw key
    ///   of the wrong length, a closed connection, or a build without the `SQLCipher` trait, and
    ///   `SQLITE_ERROR` for an unknown schema name.
    public func apply(_ key: Key, name: String? = nil) throws(SQLiteError) {
        #if SQLCipher
        try applyKey(key, schema: name ?? "main")
        #else
        throw SQLiteError.encryptionUnavailable(for: "apply(_:name:)")
        #endif
    }

    /// Re-encrypts a database with a new key; apply the current key with ``apply(_:name:)`` first.
    ///
    /// ```swift
    /// try db.apply(.passphrase("old"))
    /// try db.rekey(.passphrase("new"))
    /// ```
    ///
    /// Every page is rewritten, so this takes time on a large database. It refuses a database
    /// that is not encrypted, because SQLCipher would silently leave it in plaintext; use
    /// ``exportEncrypted(to:key:)`` to encrypt one.
    ///
    /// - Parameters:
    ///   - key: The new key: a non-empty passphrase, or a raw key of 32 bytes.
    ///   - name: The schema to re-encrypt (an attached database's name), or `nil` for `main`.
    /// - Throws: ``SQLiteError``: `SQLITE_NOTADB` when the current key was not applied or is
    ///   wrong, `SQLITE_MISUSE` when the database is not encrypted, for an invalid key, a closed
    ///   connection, or a build without the `SQLCipher` trait, `SQLITE_ERROR` for an unknown
    ///   schema name, and an error of category `.io` when the re-encrypted pages could not be
    ///   written (the file then still opens with the previous key, which this connection keeps).
    public func rekey(_ key: Key, name: String? = nil) throws(SQLiteError) {
        #if SQLCipher
        try rekeyDatabase(key, schema: name ?? "main")
        #else
        throw SQLiteError.encryptionUnavailable(for: "rekey(_:name:)")
        #endif
    }

    /// Attaches an encrypted database under a schema name (`ATTACH DATABASE … AS … KEY …`).
    ///
    /// ```swift
    /// try db.attach(.file(path: "archive.db"), as: "archive", key: "secret")
    /// let count = try db.scalar("SELECT count(*) FROM archive.orders") as? Int64
    /// ```
    ///
    /// The key is bound as a parameter, so it never appears in SQL text or error messages, and it
    /// is checked at once by reading the attached schema: a wrong key fails here, and leaves
    /// nothing attached. A missing file is created (unless the connection is read-only) and is
    /// encrypted with the key on its first write.
    ///
    /// - Parameters:
    ///   - location: The database to attach. A URI needs a connection opened with `.uri`.
    ///   - schema: The name to use in SQL (`archive.orders`).
    ///   - key: The attached database's key: a non-empty passphrase, or a raw key of 32 bytes.
    /// - Throws: ``SQLiteError``: `SQLITE_NOTADB` when the key does not open the database,
    ///   `SQLITE_ERROR` when the name is taken or a transaction is open, `SQLITE_CANTOPEN` when
    ///   the file cannot be opened, and `SQLITE_MISUSE` for an invalid key, a closed connection or
    ///   a build without the `SQLCipher` trait.
    public func attach(_ location: Location, as schema: String, key: Key) throws(SQLiteError) {
        #if SQLCipher
        try attachEncrypted(location, as: schema, key: key)
        #else
        throw SQLiteError.encryptionUnavailable(for: "attach(_:as:key:)")
        #endif
    }

    /// Copies the main database, schema and data, into a new encrypted database
    /// (SQLCipher's `sqlcipher_export`): the way to encrypt an existing plaintext database.
    ///
    /// ```swift
    /// let plain = try Connection(path: "plain.db", options: [.readwrite])
    /// try plain.exportEncrypted(to: .file(path: "secure.db"), key: .passphrase("secret"))
    /// // then open secure.db, apply the key, and delete plain.db when you no longer need it
    /// ```
    ///
    /// The source may itself be encrypted (its key applied), which makes a re-encrypted copy. The
    /// target must not exist yet, or be empty; if the export fails, a target file it created is
    /// removed. The `user_version` is copied along with the schema and rows.
    ///
    /// - Parameters:
    ///   - location: Where to write the encrypted copy.
    ///   - key: The copy's key: a non-empty passphrase, or a raw key of 32 bytes.
    /// - Throws: ``SQLiteError``: `SQLITE_MISUSE` when the target already holds data, for an
    ///   invalid key, a closed connection or a build without the `SQLCipher` trait,
    ///   `SQLITE_ERROR` when a transaction is open, and what SQLite reports if the copy fails.
    public func exportEncrypted(to location: Location, key: Key) throws(SQLiteError) {
        #if SQLCipher
        try exportDatabase(to: location, key: key)
        #else
        throw SQLiteError.encryptionUnavailable(for: "exportEncrypted(to:key:)")
        #endif
    }

    /// Whether a schema of this connection is encrypted: a key was applied to it, or it was
    /// attached with one. Always `false` without the `SQLCipher` trait.
    ///
    /// - Parameter name: The schema, or `nil` for `main`.
    /// - Returns: `true` when SQLCipher encrypts the schema's pages.
    /// - Throws: ``SQLiteError`` when the connection is closed or the schema does not exist.
    public func isEncrypted(name: String? = nil) throws(SQLiteError) -> Bool {
        let db = try checkedHandle()
        let schema = name ?? "main"
        _ = try Self.schemaFilename(db, schema: schema)
        #if SQLCipher
        return try hasCodec(schema: schema)
        #else
        return false
        #endif
    }

    /// The text a read-only SQLCipher pragma answers (`cipher_version`, `cipher_provider`, …), or
    /// `nil` when it answers no row (plain SQLite ignores the pragma; some need a key first), the
    /// connection is closed, or the pragma fails.
    ///
    /// - Parameter pragma: The pragma's name, a constant of Slate's.
    package func cipherPragmaText(_ pragma: String) -> String? {
        guard let statement = try? prepare(sql: "PRAGMA " + pragma), (try? statement.step()) == true else {
            return nil
        }
        return statement.columnValue(at: 0, as: String.self)
    }

    /// The file behind a schema: `""` for in-memory and temporary databases.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR`) when no schema has that name.
    static func schemaFilename(_ db: OpaquePointer, schema: String) throws(SQLiteError) -> String {
        try SQLiteError.checkNoNUL(schema, "the schema name")
        guard let filename = sqlite3_db_filename(db, schema) else {
            throw SQLiteError.error("no database named \(SQLiteValue.quote(schema)) is open on this connection")
        }
        return String(cString: filename)
    }
}

extension SQLiteError {
    /// The error every encryption call throws in a build without the `SQLCipher` trait.
    ///
    /// - Parameter call: The API that was called, for the message.
    package static func encryptionUnavailable(for call: String) -> SQLiteError {
        .misuse(
            "\(call): Slate was built without encryption support (the linked library is SQLite "
                + "\(SQLite.version), not SQLCipher); build with the SQLCipher package trait "
                + "(`swift build --traits SQLCipher`) to encrypt databases")
    }
}

#if SQLCipher
extension Connection {
    /// The first 16 bytes of every plaintext SQLite database file.
    private static let plaintextHeader = Array("SQLite format 3\0".utf8)

    /// ``apply(_:name:)``: refuses a plaintext file, keys the schema, then proves the key by reading.
    func applyKey(_ key: Key, schema: String) throws(SQLiteError) {
        var material = try key.keyMaterial()
        defer { material.wipe() }
        try applyKeyMaterial(material, schema: schema)
    }

    /// Keys a schema with the bytes `sqlite3_key_v2` takes (checked by the caller), after refusing
    /// a plaintext file, then proves the key by reading: ``apply(_:name:)`` and SQLite.swift's
    /// `key(_:db:)` and `keyAndMigrate(_:db:)`.
    ///
    /// - Parameters:
    ///   - material: The key's bytes: a passphrase, or a raw key's `x'HEX'` spelling.
    ///   - schema: The schema to key.
    ///   - migrate: Whether to run `PRAGMA cipher_migrate` between keying and the check, which
    ///     rewrites a database written by an older major version of SQLCipher (main only).
    package func applyKeyMaterial(_ material: [UInt8], schema: String, migrate: Bool = false) throws(SQLiteError) {
        let db = try checkedHandle()
        let filename = try Self.schemaFilename(db, schema: schema)
        if Self.isPlaintextDatabase(at: filename) {
            throw SQLiteError(
                code: SQLITE_NOTADB,
                details: "cannot apply a key to \(SQLiteValue.quote(schema)) (\(filename)): it is a plaintext "
                    + "database, and a key cannot encrypt one in place; copy it into an encrypted "
                    + "database with exportEncrypted(to:key:)")
        }
        let code = material.withUnsafeBytes { bytes in
            sqlite3_key_v2(db, schema, bytes.baseAddress, Int32(bytes.count))
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
        if migrate { try migrateAfterKeying(schema: schema, filename: filename) }
        try verifyKey(schema: schema, filename: filename, action: "apply the key to")
    }

    /// `PRAGMA cipher_migrate` right after `sqlite3_key_v2`, as SQLCipher's upgrade guide says:
    /// it answers `0` when the database is in the current format, or was rewritten into it.
    private func migrateAfterKeying(schema: String, filename: String) throws(SQLiteError) {
        let result: String?
        do {
            let pragma = try prepare(sql: "PRAGMA \(SQLiteValue.quoteIdentifier(schema)).cipher_migrate")
            result = try pragma.step() ? pragma.columnValue(at: 0, as: String.self) : nil
        } catch {
            guard error.code == SQLITE_NOTADB else { throw error }
            throw Self.wrongKeyError(schema: schema, filename: filename, action: "migrate", underlying: error)
        }
        guard result != "0" else { return }
        // Migration fails when no SQLCipher format this library knows reads the file with the key:
        // a key that does not read it is reported as the wrong key, as apply reports it.
        try verifyKey(schema: schema, filename: filename, action: "migrate")
        throw SQLiteError.error(
            "cannot migrate \(SQLiteValue.quote(schema))\(filename.isEmpty ? "" : " (\(filename))"): "
                + "PRAGMA cipher_migrate answered \(result.map(SQLiteValue.quote) ?? "nothing") instead of '0' "
                + "(SQLCipher \(cipherPragmaText("cipher_version") ?? "unknown") could not rewrite it)")
    }

    /// ``rekey(_:name:)``: only on a schema that has a codec and whose current key reads it.
    func rekeyDatabase(_ key: Key, schema: String) throws(SQLiteError) {
        var material = try key.keyMaterial(failingWith: SQLITE_ERROR)
        defer { material.wipe() }
        try rekeyDatabase(material: material, schema: schema)
    }

    /// Re-encrypts a schema with the bytes `sqlite3_rekey_v2` takes (checked by the caller):
    /// ``rekey(_:name:)`` and SQLite.swift's `rekey(_:db:)`.
    package func rekeyDatabase(material: [UInt8], schema: String) throws(SQLiteError) {
        let db = try checkedHandle()
        let filename = try Self.schemaFilename(db, schema: schema)
        guard try hasCodec(schema: schema) else {
            throw SQLiteError.misuse(
                "cannot rekey \(SQLiteValue.quote(schema)): it is not encrypted, and SQLCipher would leave it "
                    + "in plaintext; apply its current key first, or encrypt a plaintext database with "
                    + "exportEncrypted(to:key:)")
        }
        // The current key must read the database, or rekeying would fail halfway.
        try verifyKey(schema: schema, filename: filename, action: "rekey")
        let code = material.withUnsafeBytes { bytes in
            sqlite3_rekey_v2(db, schema, bytes.baseAddress, Int32(bytes.count))
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
        try verifyKey(schema: schema, filename: filename, action: "rekey")
        // SQLITE_OK does not mean the new key is on disk (see `confirmRekeyOnDisk`).
        try confirmRekeyOnDisk(filename: filename, schema: schema, material: material)
    }

    /// ``attach(_:as:key:)``: ATTACH with the key bound as a parameter, then proves the key.
    func attachEncrypted(_ location: Location, as schema: String, key: Key) throws(SQLiteError) {
        var material = try key.keyMaterial()
        defer { material.wipe() }
        let filename = location.filename
        // Bound as text, a NUL would reach SQLite, which opens the file named by the part before it.
        try SQLiteError.checkNoNUL(filename, "the file name to attach")
        try SQLiteError.checkNoNUL(schema, "the schema name")
        do {
            // Scoped so the statement is released before a DETACH below.
            let attach = try prepare(sql: "ATTACH DATABASE ? AS ? KEY ?")
            try attach.bind(.text(filename), at: 1)
            try attach.bind(.text(schema), at: 2)
            try attach.bind(.blob(Data(material)), at: 3)
            _ = try attach.step()
        } catch {
            throw error.code == SQLITE_NOTADB
                ? Self.wrongKeyError(schema: schema, filename: filename, action: "attach", underlying: error)
                : error
        }
        // ATTACH does not always read the schema; read it now so a wrong key fails here.
        do {
            try verifyKey(schema: schema, filename: filename, action: "attach")
        } catch {
            try? exec("DETACH DATABASE " + SQLiteValue.quoteIdentifier(schema))
            throw error
        }
    }

    /// ``exportEncrypted(to:key:)``: attach the new file with the key, `sqlcipher_export`, detach.
    func exportDatabase(to location: Location, key: Key) throws(SQLiteError) {
        var probe = try key.keyMaterial()  // reject a bad key before touching any file
        probe.wipe()
        _ = try checkedHandle()
        guard isAutocommit else {
            throw SQLiteError.error("cannot export inside a transaction: commit or roll back first")
        }
        let filename = location.filename
        let fileManager = FileManager.default
        let existed = !filename.isEmpty && filename != ":memory:" && fileManager.fileExists(atPath: filename)
        if existed, let size = (try? fileManager.attributesOfItem(atPath: filename))?[.size] as? Int, size > 0 {
            throw SQLiteError.misuse(
                "cannot export to \(filename): the file already exists; export into a new file")
        }
        let schema = "slate_export_" + UUID().uuidString.prefix(8).lowercased()
        try attachEncrypted(location, as: schema, key: key)
        do {
            let export = try prepare(sql: "SELECT sqlcipher_export(?)")
            try export.bind(.text(schema), at: 1)
            _ = try export.step()
            // sqlcipher_export copies the schema and rows; carry the version number over too.
            let version = try scalar(Int64.self, "PRAGMA main.user_version") ?? 0
            try exec("PRAGMA \(SQLiteValue.quoteIdentifier(schema)).user_version = \(version)")
        } catch {
            try? exec("DETACH DATABASE " + SQLiteValue.quoteIdentifier(schema))
            if !existed && !filename.isEmpty && filename != ":memory:" {
                try? fileManager.removeItem(atPath: filename)
            }
            throw error
        }
        try exec("DETACH DATABASE " + SQLiteValue.quoteIdentifier(schema))
    }

    /// Whether SQLCipher has a codec (a key) on the schema: only then does
    /// `PRAGMA cipher_page_size` answer with a row.
    func hasCodec(schema: String) throws(SQLiteError) -> Bool {
        let pragma = try prepare(sql: "PRAGMA \(SQLiteValue.quoteIdentifier(schema)).cipher_page_size")
        return try pragma.step()
    }

    /// Reads the schema's catalog, which fails with `SQLITE_NOTADB` when the key is wrong.
    private func verifyKey(schema: String, filename: String, action: String) throws(SQLiteError) {
        do {
            let check = try prepare(sql: "SELECT count(*) FROM \(SQLiteValue.quoteIdentifier(schema)).sqlite_master")
            _ = try check.step()
        } catch {
            guard error.code == SQLITE_NOTADB else { throw error }
            throw Self.wrongKeyError(schema: schema, filename: filename, action: action, underlying: error)
        }
    }

    /// A not-a-database error that names the likely causes.
    private static func wrongKeyError(
        schema: String, filename: String, action: String, underlying: SQLiteError
    ) -> SQLiteError {
        let file = filename.isEmpty ? "" : " (\(filename))"
        return SQLiteError(
            code: underlying.code.rawValue, message: underlying.message,
            details: "cannot \(action) \(SQLiteValue.quote(schema))\(file): the key is wrong, or the file "
                + "is not an encrypted database (\(underlying.message))")
    }

    /// Whether a file starts with the plaintext SQLite header (false for a missing or empty file).
    private static func isPlaintextDatabase(at filename: String) -> Bool {
        guard !filename.isEmpty, let file = FileHandle(forReadingAtPath: filename) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: plaintextHeader.count) else { return false }
        return Array(header) == plaintextHeader
    }
}
#endif
