import Foundation

/// The keyed container of ``RowDecoder``: one column per key.
///
/// Generic over the key type only: the reads are concrete (``RowSource``), so each `decode`
/// method is compiled for its property type, with SlateCore's conversion inlined.
struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { decoder.layout.names.compactMap { Key(stringValue: $0) } }

    /// Looks the key up without moving through the plan, so that `contains` before `decode`
    /// leaves the plan's slots in step.
    func contains(_ key: Key) -> Bool { decoder.layout.index(of: key.stringValue) != nil }

    @inline(__always)
    private func convert<T: SQLiteRepresentable>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try decoder.index(of: key, decoding: type)
        if let value = decoder.source.read(type, at: index) { return value }
        throw decoder.conversionError(type, at: index, key: key)
    }

    /// Like ``convert(_:_:)``, with `nil` for a missing column or `NULL` (one lookup, where the
    /// default `decodeIfPresent` makes three).
    @inline(__always)
    private func convertIfPresent<T: SQLiteRepresentable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = decoder.columnIndex(of: key), !decoder.source.isNull(at: index) else { return nil }
        if let value = decoder.source.read(type, at: index) { return value }
        throw decoder.conversionError(type, at: index, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.source.isNull(at: try decoder.index(of: key, decoding: Optional<Any>.self))
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
        let index = try decoder.index(of: key, decoding: type)
        return try decodeValue(type, at: index, key)
    }

    /// A column as a property type that has no overload of its own in
    /// `KeyedDecodingContainerProtocol`. `Date`, `Data`, `UUID` and `URL` are read straight from
    /// the column with SlateCore's conversion; other types go through
    /// ``ColumnValueDecoding/decode(_:from:column:codingPath:userInfo:)`` (the same conversion
    /// for them, reached through an ``SQLiteValue`` and dynamic casts).
    ///
    /// Each branch returns a `T` rather than a `T?`: in this unspecialized code an optional of
    /// `T` would ask the runtime for `Optional<T>`'s metadata on every call.
    @inline(__always)
    private func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, _ key: Key) throws -> T {
        if T.self == Date.self { return try standard(Date.self, as: type, at: index, key) }
        if T.self == Data.self { return try standard(Data.self, as: type, at: index, key) }
        if T.self == UUID.self { return try standard(UUID.self, as: type, at: index, key) }
        if T.self == URL.self { return try standard(URL.self, as: type, at: index, key) }
        return try ColumnValueDecoding.decode(
            type, from: decoder.source.value(at: index), column: decoder.layout.names[index], codingPath: [key],
            userInfo: decoder.userInfo)
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
        guard let index = decoder.columnIndex(of: key), !decoder.source.isNull(at: index) else { return nil }
        return try decodeValue(type, at: index, key)
    }

    /// A column read as `V`, returned as `T`, which the caller checked is `V`.
    ///
    /// - Throws: The same `DecodingError` as the general path when the value does not convert.
    @inline(__always)
    private func standard<V: SQLiteRepresentable, T>(_ type: V.Type, as: T.Type, at index: Int, _ key: Key) throws -> T {
        guard let value = decoder.source.read(type, at: index) else {
            throw decoder.conversionError(type, at: index, key: key)
        }
        // Sound: every caller has just checked `T.self == V.self`, so this reinterprets a value
        // as its own type (`value as? T` would ask the runtime to prove it again on every row).
        // Measured: W4 `decodeAll` 10,943 instructions per row, 12,185 with `as? T` (Benchmarks/PROFILE.md, “Unsafe flags”).
        return unsafeBitCast(value, to: T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported(
            "nested keyed containers are not supported; make the property a Codable type "
                + "instead, which is stored as JSON", key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupported(
            "nested unkeyed containers are not supported; make the property an array "
                + "instead, which is stored as JSON", key)
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "super decoders are not supported when decoding a row"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw unsupported("super decoders are not supported when decoding a row", key)
    }

    private func unsupported(_ message: String, _ key: Key) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [key], debugDescription: "column \"\(key.stringValue)\": " + message))
    }
}
