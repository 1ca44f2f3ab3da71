import Foundation

/// Turns the value of one column into a `Decodable` property, by the rows of ``ColumnConversion``
/// (the table ``RecordReader`` follows too), mirroring ``ColumnValueEncoding``:
/// 1. types SlateCore converts use that one conversion (exact: an `Int8` column holding 300 is
///    an error, not a wrapped value);
/// 2. custom ``Value`` types convert their ``Value/Datatype`` with ``Value/fromDatatypeValue(_:)``;
/// 3. enums whose raw value SlateCore converts read the raw value, then `init(rawValue:)`;
/// 4. types that decode a single value (wrappers) read the column; anything else is decoded
///    from the column's JSON text.
///
/// Every failure is a `DecodingError` whose message names the column and the type.
enum ColumnValueDecoding {
    /// Decodes a property from a column value.
    ///
    /// - Parameters:
    ///   - type: The property's type.
    ///   - value: The column's value.
    ///   - column: The column's name, for messages.
    ///   - codingPath: Where the property is, for errors.
    ///   - userInfo: The Codable user info.
    /// - Returns: The property.
    /// - Throws: `DecodingError` naming the column and the type.
    static func decode<T: Decodable>(
        _ type: T.Type, from value: SQLiteValue, column: @autoclosure () -> String,
        codingPath: @autoclosure () -> [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> T {
        switch ColumnConversion.of(T.self) {
        case .exact:
            guard let representable = T.self as? any SQLiteRepresentable.Type,
                let converted = representable.init(columnValue: value) as? T
            else {
                throw conversionError(T.self, value: value, column: column(), codingPath: codingPath())
            }
            return converted
        case .customValue:
            let column = column()
            let codingPath = codingPath()
            guard let custom = T.self as? any Value.Type,
                let converted = try customValue(custom, from: value, column: column, codingPath: codingPath) as? T
            else {
                throw conversionError(T.self, value: value, column: column, codingPath: codingPath)
            }
            return converted
        case .rawValue:
            let column = column()
            let codingPath = codingPath()
            guard let raw = T.self as? any RawRepresentable.Type,
                let converted = try rawValue(raw, from: value, column: column, codingPath: codingPath) as? T
            else {
                throw conversionError(T.self, value: value, column: column, codingPath: codingPath)
            }
            return converted
        case .decodable:
            break
        }
        let column = column()
        let codingPath = codingPath()
        let decoder = ColumnValueDecoder(value: value, column: column, codingPath: codingPath, userInfo: userInfo)
        do {
            return try T(from: decoder)
        } catch is ColumnValueDecoder.NeedsJSON {
            return try decodeJSON(T.self, from: value, column: column, codingPath: codingPath, userInfo: userInfo)
        }
    }

    /// Converts a column value with SlateCore's conversion.
    ///
    /// The column name and coding path are only evaluated for an error, so that reading a row
    /// allocates nothing for them.
    ///
    /// - Throws: `DecodingError.valueNotFound` for `NULL`, `.typeMismatch` otherwise.
    @inline(__always)
    static func convert<T: SQLiteRepresentable>(
        _ type: T.Type, from value: SQLiteValue, column: @autoclosure () -> String,
        codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        guard let converted = T(columnValue: value) else {
            throw conversionError(T.self, value: value, column: column(), codingPath: codingPath())
        }
        return converted
    }

    /// Converts a column value to a custom ``Value`` type, or returns `nil` when the stored value
    /// does not convert to its datatype.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the column when
    ///   ``Value/fromDatatypeValue(_:)`` rejects the stored value.
    private static func customValue<V: Value>(
        _ type: V.Type, from value: SQLiteValue, column: String, codingPath: [any CodingKey]
    ) throws -> V.ValueType? {
        guard let storedValue = V.StoredForm(columnValue: value) else { return nil }
        do {
            return try V.fromStoredForm(storedValue)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "column \"\(column)\" holds \(storageClass(of: value)) \(value.sqliteLiteral.prefix(40)), "
                        + "which \(V.self).fromDatatypeValue rejects: \(error)",
                    underlyingError: error))
        }
    }

    /// Converts a column value to an enum through its raw value, or returns `nil` when the stored
    /// value does not convert to the raw value's type.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the column when no case has the raw value.
    private static func rawValue<R: RawRepresentable>(
        _ type: R.Type, from value: SQLiteValue, column: String, codingPath: [any CodingKey]
    ) throws -> R? {
        guard let rawType = R.RawValue.self as? any SQLiteRepresentable.Type,
            let raw = rawType.init(columnValue: value) as? R.RawValue
        else { return nil }
        guard let converted = R(rawValue: raw) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "column \"\(column)\" holds \(value.sqliteLiteral.prefix(40)), which is not a raw value of \(R.self)"))
        }
        return converted
    }

    /// Decodes a nested value from the column's JSON text.
    static func decodeJSON<T: Decodable>(
        _ type: T.Type, from value: SQLiteValue, column: String, codingPath: [any CodingKey],
        userInfo: [CodingUserInfoKey: Any]
    ) throws -> T {
        let json: Data
        switch value {
        case .text(let text): json = Data(text.utf8)
        case .blob(let data): json = data
        default: throw conversionError(T.self, value: value, column: column, codingPath: codingPath, asJSON: true)
        }
        do {
            return try CodableJSON.value(T.self, from: json, userInfo: userInfo)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "column \"\(column)\" does not hold the JSON of a \(T.self): \(describe(error))",
                    underlyingError: error))
        }
    }

    /// The error for a column value that does not convert to `type`.
    static func conversionError<T>(
        _ type: T.Type, value: SQLiteValue, column: String, codingPath: [any CodingKey], asJSON: Bool = false
    ) -> DecodingError {
        if value.isNull {
            return DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "column \"\(column)\" is NULL, which cannot be decoded as \(T.self); "
                        + "make the property optional (\(T.self)?) to accept NULL"))
        }
        return DecodingError.typeMismatch(
            T.self,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "column \"\(column)\" holds \(storageClass(of: value)) \(value.sqliteLiteral.prefix(40)), "
                    + "which cannot be decoded as \(T.self)" + (asJSON ? " (stored as JSON text)" : "")))
    }

    /// `INTEGER`, `REAL`, `TEXT`, `BLOB` or `NULL`.
    static func storageClass(of value: SQLiteValue) -> String {
        switch value {
        case .int: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }

    /// A short description of a JSON decoding error.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        default:
            return "\(error)"
        }
    }
}
