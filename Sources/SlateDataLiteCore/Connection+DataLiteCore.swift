import Foundation

// DataLiteCore's spellings of jobs `Connection` does under another primary name (its API
// inventory and its connection article differ in places; both compile). Each is a thin alias of
// the primary its documentation names.

extension Connection {
    /// Opens a connection with exactly these options (DataLiteCore's initializer; SlateCore's
    /// primary is `Connection(_:options:)`, which also adds `.uri` and a threading mode).
    ///
    /// ```swift
    /// let db = try Connection(location: .file(path: "app.sqlite"), options: [.readwrite, .create])
    /// ```
    ///
    /// - Parameters:
    ///   - location: Where the database lives.
    ///   - options: `SQLITE_OPEN_*` flags. `.uri` is added for `Location/uri(_:parameters:)`.
    /// - Throws: `SQLiteError` when the database cannot be opened (`SQLITE_CANTOPEN`), or when
    ///   the file is not a database (`SQLITE_NOTADB`).
    public convenience init(location: Location, options: Options) throws(SQLiteError) {
        try self.init(location: location, options: options, busyTimeoutMilliseconds: 0)
    }

    /// Opens a connection to a database file with exactly these options (DataLiteCore's
    /// initializer).
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - options: `SQLITE_OPEN_*` flags.
    /// - Throws: `SQLiteError` when the database cannot be opened.
    public convenience init(path: String, options: Options) throws(SQLiteError) {
        try self.init(location: .file(path: path), options: options)
    }

    /// Whether the main database is read-only (DataLiteCore's spelling of `isReadOnly`, the
    /// primary, which matches `Statement/isReadOnly`).
    public var isReadonly: Bool { isReadOnly }

    /// The rowid of the most recent successful INSERT (DataLiteCore's spelling of
    /// `lastInsertRowID`, the primary).
    public var lastInsertRowid: Int64 { lastInsertRowID }

    /// Runs SQL text as given to `sqlite3_exec`, unchanged (DataLiteCore's spelling; the primary
    /// for scripts is `execute(sql:)-(String)`, which reports the failing statement's own SQL).
    ///
    /// - Parameter sql: Zero or more SQL statements.
    /// - Throws: `SQLiteError` from the first statement that fails.
    public func execute(raw sql: String) throws(SQLiteError) {
        try exec(sql)
    }

    /// Registers a delegate (DataLiteCore's article spelling of `add(delegate:)`).
    ///
    /// - Parameter delegate: The delegate, held weakly.
    public func addDelegate(_ delegate: any ConnectionDelegate) { add(delegate: delegate) }

    /// Unregisters a delegate (DataLiteCore's article spelling of `remove(delegate:)`).
    ///
    /// - Parameter delegate: The delegate to remove.
    public func removeDelegate(_ delegate: any ConnectionDelegate) { remove(delegate: delegate) }
}

extension Connection.Key {
    /// A raw 32-byte key (DataLiteCore's article spelling of `rawKey(_:)`, the primary).
    ///
    /// - Parameter data: The key bytes; they are checked to be 32 bytes when the key is applied.
    /// - Returns: `.rawKey(data)`.
    public static func raw(data: Data) -> Connection.Key { .rawKey(data) }
}

extension Connection.Location {
    /// The filename handed to SQLite: the path, `":memory:"` or `""` (DataLiteCore's spelling of
    /// `filename`, the primary).
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

    /// The length in bytes of `keyValue` in UTF-8 (DataLiteCore's `length`).
    public var length: Int32 { Int32(clamping: keyValue.utf8.count) }
}
