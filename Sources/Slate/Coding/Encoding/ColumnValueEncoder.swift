import Foundation

/// Turns one property of an `Encodable` into the value of one column.
///
/// The order is what makes it fast and predictable:
/// 1. types SlateCore converts (`Int8`…`UInt64`, `Bool`, `Float`, `Double`, `String`, `Data`,
///    `Date`, `UUID`, `URL`, ``SlateCore/Blob``, opted-in enums, optionals of those) use that one conversion;
/// 2. custom ``Value`` types store their ``Value/datatypeValue``, as typed expressions do;
/// 3. types that encode a single value (enums with raw values, wrappers) store that value;
/// 4. anything else (structs, arrays, dictionaries) is stored as JSON text.
enum ColumnValueEncoding {
    /// The column value for a property.
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - codingPath: Where the value is, for error messages.
    ///   - userInfo: The Codable user info.
    /// - Returns: The value to store.
    /// - Throws: `EncodingError` from the value's own encoding.
    static func sqliteValue<T: Encodable>(
        of value: T, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> SQLiteValue {
        if let bindable = value as? any SQLiteBindable { return bindable.sqliteValue }
        if let custom = value as? any Value { return custom.datatypeValue.sqliteValue }
        let probe = ColumnValueEncoder(codingPath: codingPath, userInfo: userInfo)
        try value.encode(to: probe)
        if !probe.needsJSON, let single = probe.value { return single }
        if !probe.needsJSON {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(T.self) encoded no value for column \(columnName(codingPath))"))
        }
        return .text(try CodableJSON.text(of: value, userInfo: userInfo))
    }

    /// The column a coding path leads to, for messages.
    static func columnName(_ codingPath: [any CodingKey]) -> String {
        codingPath.first.map { "\"\($0.stringValue)\"" } ?? "(none)"
    }
}

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

    private func store(_ value: some SQLiteBindable) { encoder.value = value.sqliteValue }

    mutating func encodeNil() throws { encoder.value = .null }
    mutating func encode(_ value: Bool) throws { store(value) }
    mutating func encode(_ value: String) throws { store(value) }
    mutating func encode(_ value: Double) throws { store(value) }
    mutating func encode(_ value: Float) throws { store(value) }
    mutating func encode(_ value: Int) throws { store(value) }
    mutating func encode(_ value: Int8) throws { store(value) }
    mutating func encode(_ value: Int16) throws { store(value) }
    mutating func encode(_ value: Int32) throws { store(value) }
    mutating func encode(_ value: Int64) throws { store(value) }
    mutating func encode(_ value: UInt) throws { store(value) }
    mutating func encode(_ value: UInt8) throws { store(value) }
    mutating func encode(_ value: UInt16) throws { store(value) }
    mutating func encode(_ value: UInt32) throws { store(value) }
    mutating func encode(_ value: UInt64) throws { store(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.value = try ColumnValueEncoding.sqliteValue(
            of: value, codingPath: encoder.codingPath, userInfo: encoder.userInfo)
    }
}
