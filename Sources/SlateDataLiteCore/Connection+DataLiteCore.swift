import Foundation

// DataLiteCore's spellings of jobs `Connection` does under another primary name (its API
// inventory and its connection article differ in places; both compile). Each is a thin alias of
// the primary its documentation names.

extension Connection {
    /// Whether the main database is read-only (DataLiteCore's spelling of ``isReadOnly``, the
    /// primary, which matches ``Statement/isReadOnly``).
    public var isReadonly: Bool { isReadOnly }

    /// Runs SQL text as given to `sqlite3_exec`, unchanged (DataLiteCore's spelling; the primary
    /// for scripts is ``execute(sql:)-(String)``, which reports the failing statement's own SQL).
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    public func execute(raw sql: String) throws(SQLiteError) {
        try exec(sql)
    }

    /// Registers a delegate (DataLiteCore's article spelling of ``add(delegate:)``, the primary).
    ///
    /// - Parameter delegate: The delegate, held weakly.
    public func addDelegate(_ delegate: any ConnectionDelegate) { add(delegate: delegate) }

    /// Unregisters a delegate (DataLiteCore's article spelling of ``remove(delegate:)``, the
    /// primary).
    ///
    /// - Parameter delegate: The delegate to remove.
    public func removeDelegate(_ delegate: any ConnectionDelegate) { remove(delegate: delegate) }
}

extension Connection.Key {
    /// A raw 32-byte key (DataLiteCore's article spelling of ``rawKey(_:)``, the primary).
    ///
    /// - Parameter data: The key bytes; they are checked to be 32 bytes when the key is applied.
    /// - Returns: `.rawKey(data)`.
    public static func raw(data: Data) -> Connection.Key { .rawKey(data) }
}

extension Connection.Location {
    /// The filename handed to SQLite: the path, `":memory:"` or `""` (DataLiteCore's spelling of
    /// ``filename``, the primary).
    public var path: String { filename }
}

extension Connection.Key {
    /// The key as SQLCipher's `PRAGMA key` takes it: the passphrase itself, or a raw key as the
    /// blob literal `X'HEX'` (DataLiteCore's spelling). This is the secret: never log it.
    public var keyValue: String {
        switch self {
        case .passphrase(let passphrase):
            return passphrase
        case .rawKey(let data):
            return String(decoding: Self.blobLiteral(data, prefix: UInt8(ascii: "X")), as: UTF8.self)
        }
    }

    /// The length in bytes of ``keyValue`` in UTF-8 (DataLiteCore's `length`).
    public var length: Int32 { Int32(clamping: keyValue.utf8.count) }
}
