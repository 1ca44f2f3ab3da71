extension Double: SQLiteRepresentable {
    /// The number as `.real`.
    public var sqliteValue: SQLiteValue { .real(self) }

    /// Reads a REAL or an INTEGER.
    @inlinable
    public init?(_ value: SQLiteValue) {
        switch value {
        case .real(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }

    /// Binds the number as a REAL.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
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
    /// The number as `.real` (every `Float` is exactly representable as a `Double`).
    public var sqliteValue: SQLiteValue { .real(Double(self)) }

    /// Reads a REAL or an INTEGER, rounded to the nearest `Float`; a finite value too large for
    /// `Float` does not convert.
    @inlinable
    public init?(_ value: SQLiteValue) {
        guard let double = Double(value) else { return nil }
        let float = Float(double)
        guard float.isFinite || !double.isFinite else { return nil }
        self = float
    }

    /// Binds the number as a REAL.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkBind(sqlite3_bind_double(statement, index, Double(self)), statement: statement, index: index)
    }
}
