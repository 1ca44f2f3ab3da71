import Foundation

/// Turns one property of an `Encodable` into the value of one column.
///
/// The order is what makes it fast and predictable:
/// 1. types SlateCore converts (`Int8`…`UInt64`, `Bool`, `Float`, `Double`, `String`, `Data`,
///    `Date`, `UUID`, `URL`, ``SlateCore/Blob``, opted-in enums, optionals of those) use that one conversion;
/// 2. custom ``Value`` types store their ``Value/datatypeValue``, as typed expressions do;
/// 3. types that encode a single value (enums with raw values, wrappers) store that value;
/// 4. anything else (structs, arrays, dictionaries) is stored as JSON text, as SQLite.swift
///    stores it (see ``CodableJSON``).
///
/// A value with no faithful stored form (a `Date` outside the years 0000–9999, a `UInt64` above
/// `Int64.max`) throws an `EncodingError` naming the column; nothing is written.
enum ColumnValueEncoding {
    /// The column value for a property.
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - codingPath: Where the value is, for error messages.
    ///   - userInfo: The Codable user info.
    /// - Returns: The value to store.
    /// - Throws: `EncodingError` from the value's own encoding, or for a value that has no
    ///   stored form.
    static func sqliteValue<T: Encodable>(
        of value: T, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> SQLiteValue {
        if let bindable = value as? any SQLiteBindable { return try checked(bindable, codingPath: codingPath) }
        if let custom = value as? any Value {
            let storedValue: any SQLiteBindable = custom.storedValue
            return try checked(storedValue, codingPath: codingPath)
        }
        let probe = ColumnValueEncoder(codingPath: codingPath, userInfo: userInfo)
        try value.encode(to: probe)
        if !probe.needsJSON, let single = probe.value { return single }
        if !probe.needsJSON {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(T.self) encoded no value for column \(columnName(codingPath))"))
        }
        return .text(try CodableJSON.text(of: value, userInfo: userInfo))
    }

    /// A value's checked storage (see `SQLiteBindable.checkedSQLiteValue()`), or an
    /// `EncodingError` naming the column when it has none.
    @inline(__always)
    static func checked(
        _ value: some SQLiteBindable, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> SQLiteValue {
        do {
            return try value.checkedSQLiteValue()
        } catch {
            let codingPath = codingPath()
            // A date is reported by its interval: describing a Date whose interval is NaN traps
            // in Foundation, and an error must be safe to print.
            let invalid: Any = (value as? Date).map(\.timeIntervalSince1970) ?? value
            throw EncodingError.invalidValue(
                invalid,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "column \(columnName(codingPath)): \(error.explanation)", underlyingError: error))
        }
    }

    /// The column a coding path leads to, for messages.
    static func columnName(_ codingPath: [any CodingKey]) -> String {
        codingPath.first.map { "\"\($0.stringValue)\"" } ?? "(none)"
    }
}
