import Foundation

/// An encoder that captures a single value, or notes that the value needs JSON (it asked for a
/// keyed or unkeyed container).
final class ColumnValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    /// The single value encoded, if any.
    var value: SQLiteValue?
    /// Whether the value asked for a keyed or unkeyed container.
    var needsJSON = false

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        needsJSON = true
        return KeyedEncodingContainer(DiscardingKeyedEncodingContainer<Key>(codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        needsJSON = true
        return DiscardingUnkeyedEncodingContainer(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ColumnValueEncodingContainer(encoder: self)
    }
}

/// The single-value container of ``ColumnValueEncoder``: stores through SlateCore's conversions.
struct ColumnValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: ColumnValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func store(_ value: some SQLiteBindable) throws {
        encoder.value = try ColumnValueEncoding.checked(value, codingPath: encoder.codingPath)
    }

    mutating func encodeNil() throws { encoder.value = .null }
    mutating func encode(_ value: Bool) throws { try store(value) }
    mutating func encode(_ value: String) throws { try store(value) }
    mutating func encode(_ value: Double) throws { try store(value) }
    mutating func encode(_ value: Float) throws { try store(value) }
    mutating func encode(_ value: Int) throws { try store(value) }
    mutating func encode(_ value: Int8) throws { try store(value) }
    mutating func encode(_ value: Int16) throws { try store(value) }
    mutating func encode(_ value: Int32) throws { try store(value) }
    mutating func encode(_ value: Int64) throws { try store(value) }
    mutating func encode(_ value: UInt) throws { try store(value) }
    mutating func encode(_ value: UInt8) throws { try store(value) }
    mutating func encode(_ value: UInt16) throws { try store(value) }
    mutating func encode(_ value: UInt32) throws { try store(value) }
    mutating func encode(_ value: UInt64) throws { try store(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.value = try ColumnValueEncoding.sqliteValue(
            of: value, codingPath: encoder.codingPath, userInfo: encoder.userInfo)
    }
}
