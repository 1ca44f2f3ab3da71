// SQLite.swift's SQLCipher spellings (its `Extensions/Cipher.swift`), as thin aliases over
// SlateCore's encryption API in `Encryption/`: `apply(_:name:)`, `rekey(_:name:)` and
// `exportEncrypted(to:key:)` are the primaries. They exist in every build so that code using them
// compiles either way; without the `SQLCipher` package trait each throwing one throws
// "built without encryption support" and the properties are `nil`, so nothing is stored in
// plaintext while the caller believes it is encrypted. Slate's safety checks apply to them too:
// a wrong key fails at once, an empty key is refused, a plaintext file is never "keyed".

extension Connection {
    /// How much SQLCipher logs, each level more verbose than the last (SQLite.swift's
    /// `Connection.CipherLogLevel`, for `enableCipherLogging(logLevel:)`). The raw value,
    /// uppercased, is what `PRAGMA cipher_log_level` takes.
    public enum CipherLogLevel: String, Sendable, CaseIterable {
        /// No logging.
        case none
        /// Errors only.
        case error
        /// Errors and warnings.
        case warn
        /// Errors, warnings and operational information.
        case info
        /// Everything above and debugging detail.
        case debug
        /// Everything, including tracing of internal calls: a large log volume.
        case trace
    }

    // MARK: Properties

    /// The linked SQLCipher's version, such as `"3.4.1"` or `"4.6.1 community"`
    /// (`PRAGMA cipher_version`; SQLite.swift's property). `nil` without the `SQLCipher` trait,
    /// since plain SQLite answers nothing, or on a closed connection.
    public var cipherVersion: String? { cipherPragmaText("cipher_version") }

    /// Whether SQLCipher runs in FIPS mode, as text: `"1"` for FIPS mode, `"0"` otherwise
    /// (`PRAGMA cipher_fips_status`; SQLite.swift's property). `nil` until a key is applied to the
    /// main database, without the `SQLCipher` trait, or on a closed connection.
    public var cipherFipsStatus: String? { cipherPragmaText("cipher_fips_status") }

    /// The crypto library SQLCipher was compiled with, such as `"openssl"` or `"commoncrypto"`
    /// (`PRAGMA cipher_provider`; SQLite.swift's property). `nil` until a key is applied to the
    /// main database, without the `SQLCipher` trait, or on a closed connection.
    public var cipherProvider: String? { cipherPragmaText("cipher_provider") }

    /// The version of the crypto library SQLCipher uses, such as `"OpenSSL 3.0.11 19 Sep 2023"`
    /// (`PRAGMA cipher_provider_version`; SQLite.swift's property). `nil` until a key is applied
    /// to the main database, when the provider does not say, without the `SQLCipher` trait, or on
    /// a closed connection.
    public var cipherProviderVersion: String? { cipherPragmaText("cipher_provider_version") }

    // MARK: Keys

    /// Applies the key of an encrypted database, right after opening (SQLite.swift's spelling of
    /// `apply(_:name:)` with a `Key/passphrase(_:)`, the primary).
    ///
    /// ```swift
    /// let db = try Connection("secure.sqlite3")
    /// try db.key("secret")
    /// ```
    ///
    /// The text is handed to SQLCipher as is, so a blob literal of 64 hex digits,
    /// `"x'2DD29CA8…'"`, is a raw 256-bit key, and anything else a passphrase. Unlike SQLite.swift
    /// the key is checked at once (a wrong key throws `SQLITE_NOTADB` here, not at the first
    /// query), an empty key is refused rather than leaving the database unencrypted, and a
    /// plaintext database is refused (encrypt one with `sqlcipher_export(_:key:)`).
    ///
    /// - Parameters:
    ///   - key: The passphrase, or a raw key's blob literal.
    ///   - db: The schema to key: `"main"`, or an attached database's name.
    /// - Throws: `SQLiteError`, as `apply(_:name:)` throws; `SQLITE_MISUSE` without the
    ///   `SQLCipher` trait.
    public func key(_ key: String, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        try apply(.passphrase(key), name: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "key(_:db:)")
        #endif
    }

    /// Applies the key of an encrypted database as bytes (SQLite.swift's spelling of
    /// `apply(_:name:)`, the primary).
    ///
    /// As in SQLite.swift, the bytes are what SQLCipher receives: a passphrase it derives the key
    /// from, not a raw key (for a raw 32-byte key use `apply(_:name:)` with
    /// `Key/rawKey(_:)`). A database keyed with a `Blob` by SQLite.swift opens with the same
    /// `Blob` here. The checks of `key(_:db:)-(String,_)` apply.
    ///
    /// - Parameters:
    ///   - key: The passphrase's bytes; not empty.
    ///   - db: The schema to key: `"main"`, or an attached database's name.
    /// - Throws: `SQLiteError`, as `apply(_:name:)` throws; `SQLITE_MISUSE` without the
    ///   `SQLCipher` trait.
    public func key(_ key: Blob, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        var material = try Key.passphraseMaterial(key.bytes)
        defer { material.wipe() }
        try applyKeyMaterial(material, schema: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "key(_:db:)")
        #endif
    }

    /// Applies the key, then runs `PRAGMA cipher_migrate`, which rewrites a database made by an
    /// older major version of SQLCipher into the linked one's format (SQLite.swift's method:
    /// `key(_:db:)-(String,_)` plus the migration).
    ///
    /// Migrating reads the file several ways and may rewrite all of it, so call it only after
    /// `key(_:db:)-(String,_)` failed on a database an older version of your app may have
    /// written. A database already in the current format is left as it is.
    ///
    /// - Parameters:
    ///   - key: The passphrase, or a raw key's blob literal.
    ///   - db: The schema: only `"main"`, because SQLCipher's `cipher_migrate` always migrates
    ///     the main database's file.
    /// - Throws: `SQLiteError`: `SQLITE_NOTADB` when the key opens the file in no format this
    ///   SQLCipher knows (a wrong key, or not an encrypted database), `SQLITE_ERROR` when the
    ///   migration itself fails, `SQLITE_MISUSE` for another schema than `main` or without the
    ///   `SQLCipher` trait, and what `apply(_:name:)` throws.
    public func keyAndMigrate(_ key: String, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        var material = try Key.passphraseMaterial(Array(key.utf8))
        defer { material.wipe() }
        try keyAndMigrate(material: material, schema: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "keyAndMigrate(_:db:)")
        #endif
    }

    /// `keyAndMigrate(_:db:)-(String,_)` with the key as bytes, a passphrase as
    /// `key(_:db:)-(Blob,_)` takes it (SQLite.swift's method).
    ///
    /// - Parameters:
    ///   - key: The passphrase's bytes; not empty.
    ///   - db: The schema: only `"main"`.
    /// - Throws: `SQLiteError`, as `keyAndMigrate(_:db:)-(String,_)` throws.
    public func keyAndMigrate(_ key: Blob, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        var material = try Key.passphraseMaterial(key.bytes)
        defer { material.wipe() }
        try keyAndMigrate(material: material, schema: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "keyAndMigrate(_:db:)")
        #endif
    }

    /// Re-encrypts a database with a new key; apply the current one first (SQLite.swift's
    /// spelling of `rekey(_:name:)` with a `Key/passphrase(_:)`, the primary).
    ///
    /// ```swift
    /// try db.key("old secret")
    /// try db.rekey("new secret")
    /// ```
    ///
    /// As with `key(_:db:)-(String,_)`, a blob literal of 64 hex digits is a raw key. It refuses
    /// a database that is not encrypted, since SQLCipher would leave it in plaintext, and
    /// confirms that the new key reached the disk.
    ///
    /// - Parameters:
    ///   - key: The new passphrase, or a raw key's blob literal.
    ///   - db: The schema to re-encrypt: `"main"`, or an attached database's name.
    /// - Throws: `SQLiteError`, as `rekey(_:name:)` throws; `SQLITE_MISUSE` without the
    ///   `SQLCipher` trait.
    public func rekey(_ key: String, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        try rekey(.passphrase(key), name: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "rekey(_:db:)")
        #endif
    }

    /// Re-encrypts a database with a new key given as bytes, a passphrase as
    /// `key(_:db:)-(Blob,_)` takes it (SQLite.swift's spelling of `rekey(_:name:)`).
    ///
    /// - Parameters:
    ///   - key: The new passphrase's bytes; not empty.
    ///   - db: The schema to re-encrypt: `"main"`, or an attached database's name.
    /// - Throws: `SQLiteError`, as `rekey(_:name:)` throws; `SQLITE_MISUSE` without the
    ///   `SQLCipher` trait.
    public func rekey(_ key: Blob, db: String = "main") throws(SQLiteError) {
        #if SQLCipher
        var material = try Key.passphraseMaterial(key.bytes, failingWith: SQLITE_ERROR)
        defer { material.wipe() }
        try rekeyDatabase(material: material, schema: db)
        #else
        throw SQLiteError.encryptionUnavailable(for: "rekey(_:db:)")
        #endif
    }

    /// Copies this database into a new encrypted one (SQLite.swift's spelling of
    /// `exportEncrypted(to:key:)`, the primary): the way to encrypt a plaintext database.
    ///
    /// ```swift
    /// let plain = try Connection("plain.sqlite3")
    /// try plain.sqlcipher_export(.uri("secure.sqlite3"), key: "secret")
    /// ```
    ///
    /// The target must not exist yet, or be empty (SQLite.swift would copy into an existing
    /// database); the `user_version` is copied too.
    ///
    /// - Parameters:
    ///   - location: Where to write the encrypted copy.
    ///   - key: The copy's passphrase, or a raw key's blob literal.
    /// - Throws: `SQLiteError`, as `exportEncrypted(to:key:)` throws; `SQLITE_MISUSE` without
    ///   the `SQLCipher` trait.
    public func sqlcipher_export(_ location: Location, key: String) throws(SQLiteError) {
        #if SQLCipher
        try exportEncrypted(to: location, key: .passphrase(key))
        #else
        throw SQLiteError.encryptionUnavailable(for: "sqlcipher_export(_:key:)")
        #endif
    }

    // MARK: Commercial editions and logging

    /// Activates an SQLCipher Commercial or Enterprise build with its license code
    /// (`PRAGMA cipher_license`; SQLite.swift's method). Call it before any encrypted work.
    ///
    /// Only those builds, from SQLCipher 4.0, have the pragma; with any other (the community
    /// edition, or SQLCipher 3.4 on Debian) this throws rather than appearing to succeed. The
    /// code is quoted into the pragma, never spliced, and never appears in an error.
    ///
    /// - Parameter license: The base64 license code.
    /// - Throws: `SQLiteError`: `SQLITE_ERROR` naming the pragma and the linked version when the
    ///   library has no `cipher_license`, the code SQLCipher answers (`SQLITE_AUTH`) when it
    ///   refuses the license, and `SQLITE_MISUSE` without the `SQLCipher` trait.
    public func applyLicense(_ license: String) throws(SQLiteError) {
        #if SQLCipher
        try runCipherSetting(
            "cipher_license", value: SQLiteValue.quote(license), shownValue: "<license code>",
            since: (4, 0, 0), note: " (only SQLCipher Commercial and Enterprise builds have it)",
            call: "applyLicense(_:)")
        #else
        throw SQLiteError.encryptionUnavailable(for: "applyLicense(_:)")
        #endif
    }

    /// Turns on SQLCipher's log of internal and operational events, sent to the system log
    /// (`PRAGMA cipher_log = device` and `PRAGMA cipher_log_level`; SQLite.swift's method).
    ///
    /// The `device` target needs SQLCipher 4.6.0 or newer; with an older library (such as 3.4 on
    /// Debian) this throws an error naming the pragma and both versions, rather than appearing
    /// to succeed.
    ///
    /// - Parameter logLevel: How much to log; `.debug` by default (`CipherLogLevel/debug` and
    ///   `CipherLogLevel/trace` log a great deal).
    /// - Throws: `SQLiteError`: `SQLITE_ERROR` when the linked SQLCipher lacks the pragmas or
    ///   refuses the setting, and `SQLITE_MISUSE` without the `SQLCipher` trait.
    public func enableCipherLogging(logLevel: CipherLogLevel = .debug) throws(SQLiteError) {
        #if SQLCipher
        let call = "enableCipherLogging(logLevel:)"
        try runCipherSetting("cipher_log", value: "device", since: (4, 6, 0), call: call)
        try runCipherSetting(
            "cipher_log_level", value: logLevel.rawValue.uppercased(), expecting: nil, since: (4, 6, 0), call: call)
        #else
        throw SQLiteError.encryptionUnavailable(for: "enableCipherLogging(logLevel:)")
        #endif
    }

    /// Turns SQLCipher's log off (`PRAGMA cipher_log_level = NONE`; SQLite.swift's method).
    ///
    /// The pragma needs SQLCipher 4.5.1 or newer; with an older library this throws an error
    /// naming it and both versions.
    ///
    /// - Throws: `SQLiteError`: `SQLITE_ERROR` when the linked SQLCipher lacks the pragma, and
    ///   `SQLITE_MISUSE` without the `SQLCipher` trait.
    public func disableCipherLogging() throws(SQLiteError) {
        #if SQLCipher
        try runCipherSetting(
            "cipher_log_level", value: CipherLogLevel.none.rawValue.uppercased(), expecting: nil, since: (4, 5, 1),
            call: "disableCipherLogging()")
        #else
        throw SQLiteError.encryptionUnavailable(for: "disableCipherLogging()")
        #endif
    }
}

#if SQLCipher
extension Connection {
    /// `keyAndMigrate(_:db:)-(String,_)`: main only, then `apply(_:name:)`'s path with the
    /// migration between keying and the check.
    private func keyAndMigrate(material: [UInt8], schema: String) throws(SQLiteError) {
        guard schema == "main" else {
            throw SQLiteError.misuse(
                "keyAndMigrate(_:db:) cannot migrate \(SQLiteValue.quote(schema)): SQLCipher's cipher_migrate "
                    + "always migrates the main database's file; open that file as the main database to migrate it")
        }
        try applyKeyMaterial(material, schema: schema, migrate: true)
    }

    /// Runs `PRAGMA <name> = <value>`, a setting only some SQLCipher versions have, and throws
    /// when this one does not: by its version first, then because it answered no row (an SQLCipher
    /// without the pragma ignores it), or answered other than `expecting`.
    ///
    /// - Parameters:
    ///   - name: The pragma.
    ///   - value: Its value, ready for SQL.
    ///   - shownValue: The value as errors show it (a secret is not shown).
    ///   - expecting: The answer that means success, or `nil` to accept any.
    ///   - since: The first SQLCipher version with the pragma (as used here).
    ///   - note: Added to the "does not support" message.
    ///   - call: The public call, for messages.
    private func runCipherSetting(
        _ name: String, value: String, shownValue: String? = nil, expecting: String? = "0",
        since: (major: Int, minor: Int, point: Int), note: String = "", call: String
    ) throws(SQLiteError) {
        _ = try checkedHandle()
        let shown = "PRAGMA \(name) = \(shownValue ?? value)"
        let linked = cipherPragmaText("cipher_version") ?? "unknown"
        let needed = "\(since.major).\(since.minor).\(since.point)"
        guard let version = Self.cipherVersionParts(linked), version >= since else {
            throw SQLiteError.error(
                "\(call): \(shown) needs SQLCipher \(needed) or newer\(note); the linked library is SQLCipher \(linked)")
        }
        let answer: String?
        do {
            let statement = try prepare(sql: "PRAGMA \(name) = \(value)")
            answer = try statement.step() ? statement.columnValue(at: 0, as: String.self) : nil
        } catch {
            // The statement's SQL may hold a secret: report the error without it.
            throw SQLiteError(code: error.code.rawValue, message: error.message, details: "\(call): \(shown) failed: \(error.message)")
        }
        guard let answer else {
            throw SQLiteError.error("\(call): the linked SQLCipher \(linked) does not support \(shown)\(note); nothing was changed")
        }
        if let expecting, answer != expecting {
            let code = Int32(answer).flatMap { $0 != SQLITE_OK ? $0 : nil } ?? SQLITE_ERROR
            throw SQLiteError(code: code, details: "\(call): SQLCipher \(linked) refused \(shown) (it answered \(answer))")
        }
    }

    /// The numbers that begin an SQLCipher version: 4, 6 and 1 for `"4.6.1 community"`.
    ///
    /// - Parameter text: What `PRAGMA cipher_version` answered.
    /// - Returns: The major, minor and patch numbers (a missing patch number is 0), or `nil` when
    ///   the text does not start with a version.
    static func cipherVersionParts(_ text: String) -> (major: Int, minor: Int, point: Int)? {
        let numbers = text.prefix { $0.isNumber || $0 == "." }.split(separator: ".").map { Int($0) }
        guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return nil }
        return (major, minor, numbers.count > 2 ? numbers[2] ?? 0 : 0)
    }
}
#endif
