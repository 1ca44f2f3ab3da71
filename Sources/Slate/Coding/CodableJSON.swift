import Foundation

/// How Codable rows store nested values (structs, arrays, dictionaries) that have no column form
/// of their own: as JSON text in a single column, exactly as SQLite.swift stores them.
///
/// SQLite.swift encodes a nested value with a default `JSONEncoder()` and decodes it with a
/// default `JSONDecoder()`, so Slate does too: a `Date` inside the JSON is a number of seconds
/// since 2001-01-01 (Foundation's `deferredToDate`), `Data` is base64, a `URL` its absolute
/// string, a `UUID` its uppercase text, floats are JSON numbers, and a `nil` optional property is
/// left out. A value Foundation cannot write as JSON (an infinite or NaN float or date) throws
/// Foundation's `EncodingError`.
///
/// Two deliberate additions, neither of which changes what a default coder reads:
/// - keys are sorted (`.sortedKeys`). A default encoder's key order is unspecified (on Linux it
///   changes from one call to the next), so sorting is one of the orders SQLite.swift may write;
///   it makes equal values give equal text, for `==` filters and unique indexes.
/// - a `Date` inside the JSON is also read from the ISO text (`2024-02-29T13:45:10.123`) that
///   earlier Slate versions wrote there.
enum CodableJSON {
    /// Encodes a nested value as JSON text.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - userInfo: The Codable user info, handed to the value's `encode(to:)`.
    /// - Returns: The JSON text.
    /// - Throws: The value's encoding error, or Foundation's for a value JSON cannot hold.
    static func text<T: Encodable>(of value: T, userInfo: [CodingUserInfoKey: Any]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
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
        decoder.dateDecodingStrategy = .custom(decodeDate)
        if !userInfo.isEmpty { decoder.userInfo = sendableView(of: userInfo) }
        return try decoder.decode(type, from: json)
    }

    /// A date inside the JSON: a number of seconds since 2001-01-01 (what a default
    /// `JSONEncoder` writes, and so SQLite.swift), or the date text earlier Slate versions wrote.
    @Sendable
    private static func decodeDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let date = SQLiteDateFormat.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "'\(text.prefix(40))' is neither a number of seconds since 2001-01-01 "
                        + "nor date text (yyyy-MM-dd'T'HH:mm:ss.SSS)")
            }
            return date
        }
        return Date(timeIntervalSinceReferenceDate: try container.decode(Double.self))
    }

    /// The user info as Foundation's JSON coders want it.
    ///
    /// Codable's (and SQLite.swift's) user info holds `Any` values while Foundation's JSON coders
    /// ask for `any Sendable`. `Sendable` is a marker protocol with no run-time form, so the
    /// checked cast below always succeeds and keeps every value as it is; the coders run
    /// synchronously on the caller's thread and never send the values anywhere.
    private static func sendableView(of userInfo: [CodingUserInfoKey: Any]) -> [CodingUserInfoKey: any Sendable] {
        userInfo.compactMapValues { cast($0, to: (any Sendable).self) }
    }

    /// `value as? Target`, generic so that the cast to a marker-protocol existential is checked
    /// at run time like any other (the compiler rejects the direct `as? any Sendable`).
    private static func cast<Value, Target>(_ value: Value, to target: Target.Type) -> Target? {
        value as? Target
    }
}
