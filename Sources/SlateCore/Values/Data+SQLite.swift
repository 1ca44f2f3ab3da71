import Foundation

extension Data: SQLiteRepresentable {
    /// The bytes as `.blob`.
    public var sqliteValue: SQLiteValue { .blob(self) }

    /// Reads a BLOB; TEXT is not data (as in DataLiteCore).
    @inlinable
    public init?(_ value: SQLiteValue) {
        guard case .blob(let data) = value else { return nil }
        self = data
    }

    /// Binds the bytes as a BLOB (an empty `Data` binds a zero-length BLOB, not NULL).
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkBind(bindBlob(to: statement, at: index), statement: statement, index: index)
    }

    /// Reads a BLOB or TEXT column (the column read stays lenient for the typed layer; only the
    /// value conversion ``init(_:)-(SQLiteValue)`` is strict).
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_BLOB: self.init(sqliteBlob: statement, column: index)
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { self.init(); return }
            self.init(bytes: text, count: Int(sqlite3_column_bytes(statement, index)))
        default: return nil
        }
    }

    /// Copies the column's blob bytes.
    @inlinable
    init(sqliteBlob statement: OpaquePointer, column index: Int32) {
        guard let bytes = sqlite3_column_blob(statement, index) else {
            self.init()
            return
        }
        self.init(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// Binds the bytes with `SQLITE_TRANSIENT`, returning SQLite's result code.
    @inlinable
    func bindBlob(to statement: OpaquePointer, at index: Int32) -> Int32 {
        guard !isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
        return withUnsafeBytes { buffer in
            sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), slate_transient())
        }
    }
}
