import Foundation

/// The keyed container of ``SetterEncoder``: one column per key.
struct SetterEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: SetterEncoder
    var codingPath: [any CodingKey] { [] }

    // The common types build their value directly (the same value as their `sqliteValue`, without
    // a witness call per property); the others go through `checkedSQLiteValue()`, which throws
    // for a value with no stored form (a `UInt64` above `Int64.max`, a NaN).

    /// Inlined into each `encode` overload, so the value's conversion is a direct call.
    @inline(__always)
    private func store(_ value: some SQLiteBindable, _ key: Key) throws {
        encoder.set(try ColumnValueEncoding.checked(value, codingPath: [key]), column: key.stringValue)
    }

    /// A `nil` given to `encodeIfPresent`: the column is left out (SQLite.swift's behaviour), or
    /// set to `NULL` with ``NilEncoding/null``.
    @inline(__always)
    private func absent(_ key: Key) {
        if encoder.writesAbsentAsNull { encoder.set(.null, column: key.stringValue) }
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.set(.null, column: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.set(.int(value ? 1 : 0), column: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.set(.text(value), column: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }  // a NaN throws
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.set(.int(value), column: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let value = try ColumnValueEncoding.sqliteValue(of: value, codingPath: [key], userInfo: encoder.userInfo)
        encoder.set(value, column: key.stringValue)
    }

    // A nil optional leaves its column out unless the row writes absent values as NULL: see
    // `absent(_:)`.

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { absent(key) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else {
            absent(key)
            return
        }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.fail(
            "column \"\(key.stringValue)\": nested keyed containers are not supported; "
                + "make the property a Codable type instead, which is stored as JSON", codingPath: [key])
        return KeyedEncodingContainer(DiscardingKeyedEncodingContainer<NestedKey>(codingPath: [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.fail(
            "column \"\(key.stringValue)\": nested unkeyed containers are not supported; "
                + "make the property an array instead, which is stored as JSON", codingPath: [key])
        return DiscardingUnkeyedEncodingContainer(codingPath: [key])
    }

    mutating func superEncoder() -> any Encoder {
        encoder.fail("super encoders are not supported when encoding a row", codingPath: [])
        return DiscardingEncoder(codingPath: [], userInfo: encoder.userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.fail("super encoders are not supported when encoding a row", codingPath: [key])
        return DiscardingEncoder(codingPath: [key], userInfo: encoder.userInfo)
    }
}
