import Foundation

/// How Codable rows store nested values (structs, arrays, dictionaries) that have no column form
/// of their own: as JSON text in a single column.
///
/// Keys are sorted, so equal values give equal text (useful for `==` filters and unique indexes),
/// and dates inside the JSON use SlateCore's date text (`yyyy-MM-dd'T'HH:mm:ss.SSS`, UTC), the
/// same as a `Date` column, so SQLite's `json_extract` and date functions read them too.
enum CodableJSON {
    /// Encodes a nested value as JSON text.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - userInfo: The Codable user info, handed to the value's `encode(to:)`.
    /// - Returns: The JSON text.
    /// - Throws: The value's encoding error.
    static func text<T: Encodable>(of value: T, userInfo: [CodingUserInfoKey: Any]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(SQLiteDateFormat.string(from: date))
        }
        if !userInfo.isEmpty { encoder.userInfo = sendableView(of: userInfo) }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes a nested value from JSON text.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - json: The JSON bytes.
    ///   - userInfo: The Codable user info, handed to the value's `init(from:)`.
    /// - Returns: The value.
    /// - Throws: The JSON decoder's error.
    static func value<T: Decodable>(_ type: T.Type, from json: Data, userInfo: [CodingUserInfoKey: Any]) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
            let text = try container.decode(String.self)
            guard let date = SQLiteDateFormat.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not a date SQLite or ISO 8601 understands")
            }
            return date
        }
        if !userInfo.isEmpty { decoder.userInfo = sendableView(of: userInfo) }
        return try decoder.decode(type, from: json)
    }

    /// The user info as Foundation's JSON coders want it.
    ///
    /// Codable's (and SQLite.swift's) user info holds `Any` values while Foundation's JSON coders
    /// ask for `any Sendable`. `Sendable` is a marker protocol, so both dictionaries have the same
    /// representation; the coders run synchronously on the caller's thread and never send the
    /// values anywhere.
    private static func sendableView(of userInfo: [CodingUserInfoKey: Any]) -> [CodingUserInfoKey: any Sendable] {
        unsafeBitCast(userInfo, to: [CodingUserInfoKey: any Sendable].self)
    }
}
