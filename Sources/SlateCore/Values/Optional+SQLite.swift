extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    /// The wrapped value's storage, or `.null`.
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }

    /// The wrapped value's checked storage, or `.null`.
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue {
        guard let value = self else { return .null }
        return try value.checkedSQLiteValue()
    }

    /// Binds the wrapped value, or NULL.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try checkBind(sqlite3_bind_null(statement, index), statement: statement, index: index)
        }
    }
}

extension Optional: SQLiteRepresentable where Wrapped: SQLiteRepresentable {
    /// `.some(nil)` for NULL; otherwise the wrapped conversion (`nil` when it fails).
    @inlinable
    public init?(_ value: SQLiteValue) {
        if case .null = value {
            self = .none
            return
        }
        guard let wrapped = Wrapped(value) else { return nil }
        self = .some(wrapped)
    }

    /// `.some(nil)` for a NULL column; otherwise the wrapped read (`nil` when it fails).
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        if sqlite3_column_type(statement, index) == SQLITE_NULL {
            self = .none
            return
        }
        guard let wrapped = Wrapped(sqliteStatement: statement, column: index) else { return nil }
        self = .some(wrapped)
    }
}
