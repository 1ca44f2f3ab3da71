import Foundation

/// Decodes a `Decodable` value from a row (a copied ``Row`` or a cursor's current row): each key
/// of its keyed container is a column.
///
/// Columns are found through the row's ``ColumnLayout``, whose name → index table is built once
/// per statement and shared by all its rows; the decoder itself is a struct, so decoding a row
/// allocates no more than the one container box `KeyedDecodingContainer` needs.
///
/// A row with exactly one column also decodes as a single value (`let n: Int = try row.decode()`).
struct RowDecoder<Source: ColumnSource>: Decoder {
    let row: Source
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowDecodingContainer<Key, Source>(row: row, userInfo: userInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: [],
            debugDescription: "a row decodes as a keyed container (a struct or class with one property per "
                + "column), not as an unkeyed container (a list); the columns are "
                + row.layout.names.joined(separator: ", ")))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count == 1 else {
            throw DecodingError.typeMismatch(Any.self, DecodingError.Context(
                codingPath: [],
                debugDescription: "a row decodes as a single value only when it has exactly one column; "
                    + "this row has \(row.count): " + row.layout.names.joined(separator: ", ")))
        }
        return ColumnValueDecodingContainer(
            value: row.value(at: 0), column: row.layout.names[0], codingPath: [], userInfo: userInfo)
    }
}

/// The keyed container of ``RowDecoder``: one column per key.
struct RowDecodingContainer<Key: CodingKey, Source: ColumnSource>: KeyedDecodingContainerProtocol {
    let row: Source
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { row.layout.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { row.columnIndex(named: key.stringValue) != nil }

    /// The index of a key's column, or a `keyNotFound` error naming the column and the type.
    @inline(__always)
    private func index<T>(of key: Key, decoding type: T.Type) throws -> Int {
        guard let index = row.columnIndex(named: key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: [key],
                debugDescription: "no column \"\(key.stringValue)\" to decode \(T.self) from; the row's columns are "
                    + (row.layout.names.isEmpty ? "(none)" : row.layout.names.joined(separator: ", "))))
        }
        return index
    }

    @inline(__always)
    private func convert<T: SQLiteRepresentable>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try index(of: key, decoding: type)
        if let value = row.read(type, at: index) { return value }
        throw ColumnValueDecoding.conversionError(
            type, value: row.value(at: index), column: row.layout.names[index], codingPath: [key])
    }

    /// Like ``convert(_:_:)``, with `nil` for a missing column or `NULL` (one lookup, where the
    /// default `decodeIfPresent` makes three).
    @inline(__always)
    private func convertIfPresent<T: SQLiteRepresentable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = row.columnIndex(named: key.stringValue), !row.isNull(at: index) else { return nil }
        if let value = row.read(type, at: index) { return value }
        throw ColumnValueDecoding.conversionError(
            type, value: row.value(at: index), column: row.layout.names[index], codingPath: [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        row.isNull(at: try index(of: key, decoding: Optional<Any>.self))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try convert(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try convert(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try convert(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try convert(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try convert(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try convert(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try convert(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try convert(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try convert(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try convert(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try convert(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try convert(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try convert(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try convert(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try index(of: key, decoding: type)
        return try ColumnValueDecoding.decode(
            type, from: row.value(at: index), column: row.layout.names[index], codingPath: [key], userInfo: userInfo)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try convertIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = row.columnIndex(named: key.stringValue), !row.isNull(at: index) else { return nil }
        return try ColumnValueDecoding.decode(
            type, from: row.value(at: index), column: row.layout.names[index], codingPath: [key], userInfo: userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported("nested keyed containers are not supported; make the property a Codable type "
            + "instead, which is stored as JSON", key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupported("nested unkeyed containers are not supported; make the property an array "
            + "instead, which is stored as JSON", key)
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [], debugDescription: "super decoders are not supported when decoding a row"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw unsupported("super decoders are not supported when decoding a row", key)
    }

    private func unsupported(_ message: String, _ key: Key) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [key], debugDescription: "column \"\(key.stringValue)\": " + message))
    }
}
