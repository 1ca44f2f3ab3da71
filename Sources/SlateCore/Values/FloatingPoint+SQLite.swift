extension Double: SQLiteRepresentable {
    /// The number as `.real`. SQLite stores a NaN as `NULL`; every write
    /// (``checkedSQLiteValue()``, ``bind(to:at:)``, typed setters, Codable, records) throws for
    /// one instead.
    public var sqliteValue: SQLiteValue { .real(self) }

    /// The number as `.real`, or `SQLITE_MISMATCH` for a NaN, which SQLite would store as `NULL`.
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue {
        if _slowPath(isNaN) { throw Self.notANumber() }
        return .real(self)
    }

    /// The error for a NaN written to a column.
    @usableFromInline
    static func notANumber() -> SQLiteError {
        .mismatch("NaN has no SQLite value: SQLite would store it as NULL, so it is not written")
    }

    /// Reads a REAL or an INTEGER.
    @inlinable
    public init?(_ value: SQLiteValue) {
        switch value {
        case .real(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }

    /// Binds the number as a REAL, or throws `SQLITE_MISMATCH` for a NaN (see ``checkedSQLiteValue()``).
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        if _slowPath(isNaN) { throw Self.notANumber() }
        try checkBind(sqlite3_bind_double(statement, index, self), statement: statement, index: index)
    }

    /// Reads a REAL or an INTEGER column.
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        guard let column = sqliteColumnValue(statement, index) else { return nil }
        switch sqlite3_value_type(column) {
        case SQLITE_FLOAT, SQLITE_INTEGER: self = sqlite3_value_double(column)
        default: return nil
        }
    }
}

extension Float: SQLiteRepresentable {
    /// The number as `.real` (every `Float` is exactly representable as a `Double`); a NaN as
    /// `Double`'s.
    public var sqliteValue: SQLiteValue { .real(Double(self)) }

    /// The number as `.real`, or `SQLITE_MISMATCH` for a NaN, which SQLite would store as `NULL`.
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue {
        try Double(self).checkedSQLiteValue()
    }

    /// Reads a REAL or an INTEGER, rounded to the nearest `Float`; a finite value too large for
    /// `Float` does not convert.
    @inlinable
    public init?(_ value: SQLiteValue) {
        guard let double = Double(value) else { return nil }
        let float = Float(double)
        guard float.isFinite || !double.isFinite else { return nil }
        self = float
    }

    /// Binds the number as a REAL, or throws `SQLITE_MISMATCH` for a NaN.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try Double(self).bind(to: statement, at: index)
    }
}
