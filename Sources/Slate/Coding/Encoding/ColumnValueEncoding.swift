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
