import Foundation

/// A decoder over one column value, for properties that decode through a single-value container
/// (enums with raw values, wrapper types). Asking it for a keyed or unkeyed container means the
/// property is stored as JSON: it throws ``NeedsJSON`` and the caller decodes the JSON instead.
struct ColumnValueDecoder: Decoder {
    /// Thrown when the property asks for a container that only JSON can provide.
    struct NeedsJSON: Error {}

    let value: SQLiteValue
    let column: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw NeedsJSON()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw NeedsJSON()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ColumnValueDecodingContainer(value: value, column: column, codingPath: codingPath, userInfo: userInfo)
    }
}

/// A single-value container over one column value, converting with SlateCore's conversions.
struct ColumnValueDecodingContainer: SingleValueDecodingContainer {
    let value: SQLiteValue
    let column: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    private func convert<T: SQLiteRepresentable>(_ type: T.Type) throws -> T {
        try ColumnValueDecoding.convert(type, from: value, column: column, codingPath: codingPath)
    }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try convert(type) }
    func decode(_ type: String.Type) throws -> String { try convert(type) }
    func decode(_ type: Double.Type) throws -> Double { try convert(type) }
    func decode(_ type: Float.Type) throws -> Float { try convert(type) }
    func decode(_ type: Int.Type) throws -> Int { try convert(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try convert(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try convert(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try convert(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try convert(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try convert(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try convert(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ColumnValueDecoding.decode(type, from: value, column: column, codingPath: codingPath, userInfo: userInfo)
    }
}
