// Every integer width converts exactly: a value that does not fit is an error on the way in and
// `nil` on the way out, never a trap or a silent wrap-around.

extension SQLiteRepresentable where Self: FixedWidthInteger {
    /// The integer as `.int`; a `UInt64` above `Int64.max` has no INTEGER form and is written
    /// as its exact decimal text (binding one throws instead; see ``bind(to:at:)``).
    public var sqliteValue: SQLiteValue {
        if let value = Int64(exactly: self) { return .int(value) }
        return .text(String(self))
    }

    /// The integer as `.int`, or `SQLITE_MISMATCH` when it does not fit SQLite's 64-bit INTEGER
    /// (decimal text in a column of INTEGER or NUMERIC affinity would become a rounded REAL).
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue {
        guard let value = Int64(exactly: self) else { throw Self.outOfRange(self) }
        return .int(value)
    }

    /// The error for an integer above `Int64.max`.
    @usableFromInline
    static func outOfRange(_ value: Self) -> SQLiteError {
        // SQLITE_MISMATCH ("datatype mismatch"): the value has no form in SQLite's types.
        // SQLITE_RANGE would say "column index out of range", which SQLite means for a
        // parameter or column number.
        SQLiteError.mismatch("\(Self.self) value \(value) does not fit SQLite's 64-bit signed INTEGER")
    }

    /// Converts an INTEGER, or (for a `UInt64` above `Int64.max`) its decimal text; a REAL is
    /// not an integer, even an integral one (as in DataLiteCore).
    @inlinable
    public init?(_ value: SQLiteValue) {
        switch value {
        case .int(let value): self.init(exactly: value)
        case .text(let text) where Self.bitWidth == 64 && !Self.isSigned:
            // Only the text form `sqliteValue` writes: a UInt64 above Int64.max. Other text, like
            // a REAL, is not an integer (as in DataLiteCore).
            guard let value = Self(text), Int64(exactly: value) == nil else { return nil }
            self = value
        default: return nil
        }
    }

    /// Binds the integer, or throws `SQLITE_MISMATCH` when it does not fit SQLite's 64-bit INTEGER.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        guard let value = Int64(exactly: self) else { throw Self.outOfRange(self) }
        try checkBind(sqlite3_bind_int64(statement, index, value), statement: statement, index: index)
    }

    /// Reads an INTEGER (or an integral REAL) that fits the type exactly.
    @inlinable @inline(__always)
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        // One column lookup answers both "which type?" and "what value?" (see
        // `sqliteColumnValue`). `sqlite3_column_value` returns a value for any index (a NULL one
        // when out of range), never a null pointer, so it goes to `sqlite3_value_type` as C would
        // pass it: the parameter is implicitly unwrapped, and no branch tests it.
        let column = sqlite3_column_value(statement, index)
        // INTEGER first, the rest out of line: the common read is one comparison.
        if _fastPath(sqlite3_value_type(column) == SQLITE_INTEGER) {
            guard let value = Self(exactly: sqlite3_value_int64(column)) else { return nil }
            self = value
        } else {
            guard let value = Self.read(nonInteger: column, statement: statement, column: index) else { return nil }
            self = value
        }
    }

    /// ``init(sqliteStatement:column:)`` for a column that is not an INTEGER: an integral REAL,
    /// or (for a `UInt64` above `Int64.max`) its decimal text; `nil` for anything else.
    @inlinable @inline(never)
    static func read(nonInteger column: OpaquePointer?, statement: OpaquePointer, column index: Int32) -> Self? {
        switch sqlite3_value_type(column) {
        case SQLITE_FLOAT:
            // The typed layer reads an integral REAL column (`total()`, a REAL column holding 3.0)
            // as an integer; only the value conversion ``init(_:)-(SQLiteValue)`` is strict.
            return Self(exactly: sqlite3_value_double(column))
        case SQLITE_TEXT where Self.bitWidth == 64 && !Self.isSigned:
            return Self(SQLiteValue(sqliteStatement: statement, column: index))
        default:
            return nil
        }
    }
}

extension Int: SQLiteRepresentable {}
extension Int8: SQLiteRepresentable {}
extension Int16: SQLiteRepresentable {}
extension Int32: SQLiteRepresentable {}
extension Int64: SQLiteRepresentable {}
extension UInt: SQLiteRepresentable {}
extension UInt8: SQLiteRepresentable {}
extension UInt16: SQLiteRepresentable {}
extension UInt32: SQLiteRepresentable {}
extension UInt64: SQLiteRepresentable {}

extension Bool: SQLiteRepresentable {
    /// `true` as 1 and `false` as 0.
    public var sqliteValue: SQLiteValue { .int(self ? 1 : 0) }

    /// Reads 0 or 1; any other value does not convert.
    @inlinable
    public init?(_ value: SQLiteValue) {
        switch value {
        case .int(0): self = false
        case .int(1): self = true
        default: return nil
        }
    }

    /// Binds 1 or 0.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkBind(sqlite3_bind_int64(statement, index, self ? 1 : 0), statement: statement, index: index)
    }

    /// Reads an INTEGER 0 or 1.
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        guard let column = sqliteColumnValue(statement, index),
            sqlite3_value_type(column) == SQLITE_INTEGER
        else { return nil }
        switch sqlite3_value_int64(column) {
        case 0: self = false
        case 1: self = true
        default: return nil
        }
    }
}
