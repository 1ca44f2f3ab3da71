extension String: SQLiteRepresentable {
    /// The string as `.text`.
    public var sqliteValue: SQLiteValue { .text(self) }

    /// Reads TEXT.
    @inlinable
    public init?(_ value: SQLiteValue) {
        guard case .text(let text) = value else { return nil }
        self = text
    }

    /// Binds the string's UTF-8 bytes by length, so embedded NUL characters are kept.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkBind(bindText(to: statement, at: index), statement: statement, index: index)
    }

    /// Reads a TEXT column (any other type, NULL included, is not a string).
    ///
    /// One column lookup answers both "which type?" and "what text?" (see `sqliteColumnValue`):
    /// `sqlite3_column_type`, `sqlite3_column_text` and `sqlite3_column_bytes` would each locate
    /// the column and run SQLite's API-exit checks, which callgrind shows costing more than the
    /// copy of a short string.
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        let column = sqlite3_column_value(statement, index)
        guard sqlite3_value_type(column) == SQLITE_TEXT else { return nil }
        // sqlite3_value_text before sqlite3_value_bytes, so the count is the UTF-8 text's.
        guard let bytes = sqlite3_value_text(column) else {
            // No pointer for TEXT means SQLite ran out of memory converting it: not a string.
            return nil
        }
        let count = Int(sqlite3_value_bytes(column))
        self = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Reads the column's text by byte count (not up to the first NUL, as `String(cString:)`
    /// would). Invalid UTF-8 is repaired with U+FFFD.
    @inlinable
    init(sqliteText statement: OpaquePointer, column index: Int32) {
        guard let bytes = sqlite3_column_text(statement, index) else {
            self = ""
            return
        }
        let count = Int(sqlite3_column_bytes(statement, index))
        self = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Binds the UTF-8 bytes with `SQLITE_TRANSIENT`, returning SQLite's result code.
    @inlinable
    func bindText(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                // An empty string must bind as '' — a NULL pointer would bind SQL NULL.
                return sqlite3_bind_text(statement, index, "", 0, slate_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                sqlite3_bind_text64(statement, index, chars, UInt64(buffer.count), slate_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }
}
