import Foundation

// Reading Decodable values from rows: each property is read from the column of the same name.

extension Row {
    /// Decodes a value from the row, one property per column.
    ///
    /// ```swift
    /// let loadedUsers: [User] = try db.prepare(users).map { row in
    ///     return try row.decode()
    /// }
    /// ```
    ///
    /// Columns are matched to properties by name (exact spelling first, then ignoring case).
    /// Properties may be any integer width, `Bool`, `Float`, `Double`, `String`, `Data`, `Date`,
    /// `UUID`, `URL`, enums with raw values, optionals of those, or other Codable types stored as
    /// JSON text. An optional property whose column is missing or `NULL` is `nil`.
    ///
    /// - Parameter userInfo: Passed to the value's `init(from:)` through the decoder.
    /// - Returns: The value.
    /// - Throws: `DecodingError` naming the column and the type: `keyNotFound` for a missing
    ///   column, `valueNotFound` for `NULL` in a non-optional property, `typeMismatch` for a value
    ///   of the wrong kind, `dataCorrupted` for invalid JSON; or the value's own error.
    public func decode<V: Decodable>(userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        try V(from: RowDecoder(row: self, userInfo: userInfo))
    }

    /// Decodes a value of an explicit type from the row, one property per column.
    ///
    /// ```swift
    /// let user = try row.decode(as: User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - userInfo: Passed to the value's `init(from:)` through the decoder.
    /// - Returns: The value.
    /// - Throws: `DecodingError` naming the column and the type (see ``decode(userInfo:)``).
    public func decode<V: Decodable>(as type: V.Type, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        try V(from: RowDecoder(row: self, userInfo: userInfo))
    }

    /// A decoder over the row, for decoding by hand (to pick a subclass from a column first).
    ///
    /// ```swift
    /// let decoder = row.decoder()
    /// let container = try decoder.container(keyedBy: ImageCodingKeys.self)
    /// switch try container.decode(ImageKind.self, forKey: .kind) {
    /// case .png: return try PNGImage(from: decoder)
    /// case .jpg: return try JPGImage(from: decoder)
    /// }
    /// ```
    ///
    /// - Parameter userInfo: Available to the values decoded through the decoder.
    /// - Returns: The decoder.
    public func decoder(userInfo: [CodingUserInfoKey: Any] = [:]) -> any Decoder {
        RowDecoder(row: self, userInfo: userInfo)
    }
}
