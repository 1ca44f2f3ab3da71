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
        try decodeRow(V.self, userInfo: userInfo)
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
        try decodeRow(V.self, userInfo: userInfo)
    }

    /// Decodes with the decoder reused for every row of the layout when it is free (see
    /// `ReusableObjectSlot`), with a decoder of its own otherwise. Only typed queries' layouts
    /// reuse one: their rows are the ones decoded by the thousand (`prepare(table).map`).
    private func decodeRow<V: Decodable>(_ type: V.Type, userInfo: [CodingUserInfoKey: Any]) throws -> V {
        if userInfo.isEmpty, layout.keys != nil,
            let decoder = layout.decoderSlot.checkOut(orMake: { RowDecoder(reusableFor: RowDecoder.parkedLayout) })
        {
            defer { layout.decoderSlot.checkIn() }
            return try decoder.decodeRow(V.self, from: self)
        }
        return try V(from: RowDecoder(row: self, userInfo: userInfo))
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

// Decoding rows in place, for large reads: no copy of each row is made.

extension Cursor {
    /// Steps to the next row and decodes it where it lies in SQLite's statement, without copying
    /// the row first.
    ///
    /// ```swift
    /// let cursor = try db.cursor("SELECT id, name FROM users")
    /// while let user = try cursor.decodeNext(User.self) { print(user.name) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode (usually inferred).
    ///   - userInfo: Passed to the value's `init(from:)` through the decoder.
    /// - Returns: The value, or `nil` once the rows are exhausted.
    /// - Throws: `SQLiteError` when stepping fails; `DecodingError` naming the column and the
    ///   type when the row does not decode (see ``Row/decode(userInfo:)``).
    public func decodeNext<T: Decodable>(
        _ type: T.Type = T.self, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T? {
        guard try next() != nil else { return nil }
        let decoder = RowDecoder(statement: statement, userInfo: userInfo, reusable: false)
        return try T(from: decoder)
    }

    /// Decodes every remaining row, in place.
    ///
    /// ```swift
    /// let users = try db.cursor("SELECT * FROM users").decodeAll(User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode (usually inferred).
    ///   - userInfo: Passed to each value's `init(from:)` through the decoder.
    /// - Returns: The values, in row order.
    /// - Throws: `SQLiteError` when stepping fails; `DecodingError` at the first row that does
    ///   not decode.
    @inlinable
    public func decodeAll<T: Decodable>(
        _ type: T.Type = T.self, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> [T] {
        // One decoder for every row: it reads the current row in place, and hands each row the
        // container it made for the first (see `RowDecoder`), so a row allocates nothing but
        // what the value itself holds. Inlinable so that the array is specialized for `T` where
        // this is called: in unspecialized code each append asks the runtime for `Array<T>`'s
        // metadata, about 300 instructions per row.
        // Made after the first step, when SQLite has recompiled the statement if the schema
        // changed, so that the decoder sees this run's columns.
        guard try next() != nil else { return [] }
        let decoder = RowDecoder(statement: statement, userInfo: userInfo, reusable: true)
        defer { decoder.finish() }
        var values: [T] = []
        repeat {
            values.append(try decoder.decodeRow(T.self))
        } while try next() != nil
        return values
    }
}
