import Foundation

extension UUID: SQLiteRepresentable {
    /// The UUID as its uppercase text form (SQLite.swift's and DataLiteCore's format).
    public var sqliteValue: SQLiteValue { .text(uuidString) }

    /// Reads text in either case, or a 16-byte BLOB.
    public init?(_ value: SQLiteValue) {
        switch value {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
        case .blob(let data) where data.count == 16:
            self = data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        default: return nil
        }
    }
}

extension URL: SQLiteRepresentable {
    /// The URL as its absolute string.
    public var sqliteValue: SQLiteValue { .text(absoluteString) }

    /// Reads text that parses as a URL.
    public init?(_ value: SQLiteValue) {
        guard case .text(let text) = value, let url = URL(string: text) else { return nil }
        self = url
    }
}

extension SQLiteBindable where Self: RawRepresentable, RawValue: SQLiteBindable {
    /// The raw value's storage.
    public var sqliteValue: SQLiteValue { rawValue.sqliteValue }

    /// The raw value's checked storage.
    @inlinable
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue { try rawValue.checkedSQLiteValue() }

    /// Binds the raw value.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try rawValue.bind(to: statement, at: index)
    }
}

extension SQLiteRepresentable where Self: RawRepresentable, RawValue: SQLiteRepresentable {
    /// Reads the raw value and converts it; an unknown raw value does not convert.
    public init?(_ value: SQLiteValue) {
        guard let raw = RawValue(value) else { return nil }
        self.init(rawValue: raw)
    }

    /// Reads the raw value from the column and converts it.
    @inlinable
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        guard let raw = RawValue(sqliteStatement: statement, column: index) else { return nil }
        self.init(rawValue: raw)
    }
}
