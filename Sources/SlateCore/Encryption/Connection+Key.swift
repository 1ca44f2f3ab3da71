import Foundation

extension Connection {
    /// An encryption key for an SQLCipher database (the `SQLCipher` package trait).
    ///
    /// ```swift
    /// try db.apply(.passphrase("correct horse battery staple"))
    /// try db.apply(.rawKey(keyData))               // exactly 32 bytes, used as the AES key as is
    /// try db.attach(.file(path: "other.db"), as: "other", key: "secret")  // a literal is a passphrase
    /// ```
    ///
    /// A passphrase is stretched into a key by SQLCipher (PBKDF2), which makes opening slower
    /// but guessing harder; a raw key skips that work and must come from a secure source such as
    /// the Keychain. A key never prints its secret: `description`, `debugDescription` and its
    /// mirror are redacted, so logging one by mistake does not leak it.
    public enum Key: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible,
        CustomDebugStringConvertible, CustomReflectable
    {
        /// A passphrase, which SQLCipher derives the key from. It must not be empty.
        case passphrase(String)
        /// A raw 256-bit key of exactly ``rawKeyLength`` bytes, sent to SQLCipher as `x'HEX'`.
        case rawKey(Data)

        /// The length in bytes that a ``rawKey(_:)`` must have (a 256-bit AES key).
        public static let rawKeyLength = 32

        /// Creates a passphrase key from a string literal, as SQLite.swift's `attach(_:as:key:)` takes.
        ///
        /// - Parameter value: The passphrase.
        public init(stringLiteral value: String) {
            self = .passphrase(value)
        }

        /// The kind of key, without its secret.
        public var description: String {
            switch self {
            case .passphrase: "Connection.Key.passphrase(<redacted>)"
            case .rawKey(let data): "Connection.Key.rawKey(<redacted \(data.count) bytes>)"
            }
        }

        /// The kind of key, without its secret.
        public var debugDescription: String { description }

        /// A mirror without the secret, so `dump(key)` cannot print it.
        public var customMirror: Mirror {
            Mirror(self, children: ["key": description], displayStyle: .enum)
        }

        /// The bytes handed to `sqlite3_key_v2` / `sqlite3_rekey_v2` or to `ATTACH … KEY`, after
        /// checking that the key is usable.
        ///
        /// - Parameter code: The result code to fail with: SQLCipher 4's own for the call the key is
        ///   for (`SQLITE_MISUSE` from `sqlite3_key_v2`, `SQLITE_ERROR` from `sqlite3_rekey_v2`).
        /// - Throws: ``SQLiteError`` for an empty (or 2 GiB) passphrase or a raw key of the wrong
        ///   length: SQLCipher would treat the first as "no key" and leave the data in plaintext,
        ///   and reject or misread the second. Its ``SQLiteError/message`` is empty, as SQLCipher's
        ///   key calls return a bare code (DataLiteCore reports them so); the reason is in
        ///   ``SQLiteError/details``.
        func keyMaterial(failingWith code: Int32 = SQLITE_MISUSE) throws(SQLiteError) -> [UInt8] {
            func refused(_ details: String) -> SQLiteError { SQLiteError(code: code, message: "", details: details) }
            switch self {
            case .passphrase(let passphrase):
                return try Self.passphraseMaterial(Array(passphrase.utf8), failingWith: code)
            case .rawKey(let data):
                guard data.count == Self.rawKeyLength else {
                    throw refused(
                        "a raw encryption key must be exactly \(Self.rawKeyLength) bytes (256 bits); got \(data.count)")
                }
                // SQLCipher recognizes a raw key by its blob-literal spelling: x'<64 hex digits>'.
                return Self.blobLiteral(data, prefix: UInt8(ascii: "x"))
            }
        }
    }
}

extension Connection.Key {
    /// A passphrase's bytes, as `sqlite3_key_v2` takes them, after checking they are usable: from a
    /// ``passphrase(_:)``, or from SQLite.swift's `key(_: Blob, db:)`, whose bytes are a passphrase.
    ///
    /// - Parameters:
    ///   - bytes: The passphrase's bytes.
    ///   - code: The result code to fail with (see ``keyMaterial(failingWith:)``).
    /// - Throws: ``SQLiteError`` for an empty passphrase, which SQLCipher would treat as "no key"
    ///   and leave the data in plaintext, or one of 2 GiB or more.
    package static func passphraseMaterial(_ bytes: [UInt8], failingWith code: Int32 = SQLITE_MISUSE) throws(SQLiteError) -> [UInt8] {
        guard !bytes.isEmpty else {
            throw SQLiteError(
                code: code, message: "",
                details: "an encryption passphrase must not be empty: SQLCipher would leave the database unencrypted")
        }
        // sqlite3_key_v2 takes the length as an Int32.
        guard bytes.count <= Int(Int32.max) else {
            throw SQLiteError(code: code, message: "", details: "an encryption passphrase must be shorter than 2 GiB")
        }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Overwrites the bytes with zeros so key material does not linger in freed memory (best
    /// effort: the caller's `String` or `Data` still holds its own copy).
    package mutating func wipe() {
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            memset(base, 0, buffer.count)
        }
    }
}

extension Connection.Key {
    /// `<prefix>'<hex digits>'`: the blob-literal spelling of a raw key, which SQLCipher's
    /// `PRAGMA key` and `sqlite3_key` both read (the prefix is `x` or `X`).
    package static func blobLiteral(_ data: Data, prefix: UInt8) -> [UInt8] {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = [prefix, UInt8(ascii: "'")]
        text.reserveCapacity(3 + data.count * 2)
        for byte in data {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        text.append(UInt8(ascii: "'"))
        return text
    }
}
