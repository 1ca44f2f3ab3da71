import Foundation

/// Encodes an `Encodable` value into one ``Setter`` per property, for Codable `insert`, `update`
/// and `upsert`.
///
/// Each key of the value's keyed container is a column; see ``ColumnValueEncoding`` for how a
/// property becomes a column value. A `nil` optional sets its column to `NULL` (so an update can
/// clear a column). A value that cannot be a row (one encoding a single value or a list at the top
/// level, or using nested or super encoders) makes ``setters(for:userInfo:)`` throw an
/// `EncodingError` that says why; nothing traps.
final class SetterEncoder: Encoder {
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any]
    /// The columns (unquoted names) and their values, in encoding order; a key encoded again is
    /// recorded again, and ``EncodedColumn/distinct(_:)`` keeps its first position and last
    /// value when the row is rendered (a row that matches a cached insert shape has no repeats).
    /// Not checked for exclusivity at run time: the encoder lives for one `encode(to:)` call on
    /// one thread, and the check cost more than the append it guards.
    @exclusivity(unchecked) private(set) var columns: [EncodedColumn] = []
    /// The first unsupported use of the encoder, thrown once the value is encoded.
    @exclusivity(unchecked) private var failure: EncodingError?

    private init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
        columns.reserveCapacity(16)
    }

    /// Encodes a value into setters.
    ///
    /// - Parameters:
    ///   - value: The value; each property becomes a column.
    ///   - userInfo: The Codable user info, available to the value's `encode(to:)`.
    /// - Returns: One setter per property, in encoding order.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    static func setters(for value: any Encodable, userInfo: [CodingUserInfoKey: Any]) throws -> [Setter] {
        EncodedColumn.distinct(try columns(for: value, userInfo: userInfo)).map {
            Setter(column: SQLTemplate.identifier($0.name), bound: $0.value)
        }
    }

    /// The setters of a value followed by the other setters, which replace properties of the same
    /// column (a column set twice would make SQLite reject or silently pick one of the values).
    static func setters(
        for encodable: any Encodable, userInfo: [CodingUserInfoKey: Any], otherSetters: [Setter]
    ) throws -> [Setter] {
        let encoded = try setters(for: encodable, userInfo: userInfo)
        guard !otherSetters.isEmpty else { return encoded }
        let overridden = Set(otherSetters.map(\.column.template))
        return encoded.filter { !overridden.contains($0.column.template) } + otherSetters
    }

    /// Encodes a value into columns and values, in encoding order (a key encoded twice appears
    /// twice; see ``EncodedColumn/distinct(_:)``).
    ///
    /// - Parameters:
    ///   - value: The value; each property becomes a column.
    ///   - userInfo: The Codable user info, available to the value's `encode(to:)`.
    /// - Returns: One column per encoded key.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    static func columns(for value: any Encodable, userInfo: [CodingUserInfoKey: Any]) throws -> [EncodedColumn] {
        let encoder = SetterEncoder(userInfo: userInfo)
        try value.encode(to: encoder)
        if let failure = encoder.failure { throw failure }
        return encoder.columns
    }

    /// Records the value of a column.
    func set(_ value: SQLiteValue, column: String) {
        columns.append(EncodedColumn(name: column, value: value))
    }

    /// Notes an unsupported use of the encoder (the first one is reported).
    func fail(_ description: String, codingPath: [any CodingKey]) {
        guard failure == nil else { return }
        failure = EncodingError.invalidValue(
            description, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SetterEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fail("a row is encoded from a keyed container (a struct or class with properties), "
                + "not from an unkeyed container (a list)", codingPath: [])
        return DiscardingUnkeyedEncodingContainer(codingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        fail("a row is encoded from a keyed container (a struct or class with properties), "
                + "not from a single value", codingPath: [])
        return DiscardingSingleValueEncodingContainer(codingPath: [])
    }
}

/// The keyed container of ``SetterEncoder``: one column per key.
struct SetterEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: SetterEncoder
    var codingPath: [any CodingKey] { [] }

    // The common types build their value directly (the same value as their `sqliteValue`, without
    // a witness call per property); the others, and the optionals, go through `sqliteValue`.

    /// Inlined into each `encode` overload, so the value's conversion is a direct call.
    @inline(__always)
    private func store(_ value: some SQLiteBindable, _ key: Key) {
        encoder.set(value.sqliteValue, column: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.set(.null, column: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.set(.int(value ? 1 : 0), column: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.set(.text(value), column: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.set(.real(value), column: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.set(.int(value), column: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.set(.int(Int64(value)), column: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { store(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let value = try ColumnValueEncoding.sqliteValue(of: value, codingPath: [key], userInfo: encoder.userInfo)
        encoder.set(value, column: key.stringValue)
    }

    // A nil optional sets NULL rather than leaving the column out, so that updating a row from a
    // value clears the columns whose properties are nil.

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { store(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { store(value, key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else {
            encoder.set(.null, column: key.stringValue)
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
