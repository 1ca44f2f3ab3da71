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
    /// A `@Table` record that is also Codable is read by its generated code instead, with the
    /// same values and no `Decoder` (see ``TableRecord``); its errors are then `SQLiteError`s
    /// naming the column and the type.
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
    /// - Throws: `DecodingError` naming the column and the type (see `decode(userInfo:)`).
    public func decode<V: Decodable>(as type: V.Type, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        try decodeRow(V.self, userInfo: userInfo)
    }

    /// Decodes with the decoder reused for every row of the layout when it is free (see
    /// `ReusableObjectSlot`), with a decoder of its own otherwise. Only typed queries' layouts
    /// reuse one: their rows are the ones decoded by the thousand (`prepare(table).map`).
    @usableFromInline
    func decodeRow<V: Decodable>(_ type: V.Type, userInfo: [CodingUserInfoKey: Any]) throws -> V {
        // A `@Table` record reads its columns with its generated code (see `TableRecord+Codable`).
        if userInfo.isEmpty, let record = V.self as? any TableRecord.Type, record.codableUsesRecordColumns {
            return try record.decoded(from: self, as: V.self)
        }
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
    ///   type when the row does not decode (see `Row.decode(userInfo:)`).
    public func decodeNext<T: Decodable>(
        _ type: T.Type = T.self, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T? {
        guard try next() != nil else { return nil }
        if userInfo.isEmpty, let record = T.self as? any TableRecord.Type, record.codableUsesRecordColumns {
            return try record.decodedInPlace(from: statement, as: T.self)
        }
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
        // A `@Table` record reads its columns with its generated code; a caller that names the
        // record type statically takes `decodeAll(_:)` for records, with no cast at all.
        if userInfo.isEmpty, let record = T.self as? any TableRecord.Type, record.codableUsesRecordColumns {
            return try RecordReader.readAll(record, from: self, as: T.self)
        }
        return try decodeAllDecodable(T.self, userInfo: userInfo)
    }

    /// The Codable path of `decodeAll(_:userInfo:)`.
    @inlinable
    func decodeAllDecodable<T: Decodable>(_ type: T.Type, userInfo: [CodingUserInfoKey: Any]) throws -> [T] {
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

// Records without Codable, and records that are also Codable, named statically: their own
// overloads, which call the generated code directly.

extension Row {
    /// Reads a `@Table` record from the row, finding its columns by name (once per layout).
    ///
    /// ```swift
    /// let player: Player = try row.decode()
    /// ```
    ///
    /// - Returns: The record.
    /// - Throws: `SQLiteError` naming the column and the type, for a missing column, a `NULL`
    ///   in a non-optional property, or a value of the wrong type.
    @inlinable
    public func decode<V: TableRecord>() throws -> V {
        try V.decoded(from: self)
    }

    /// Reads a `@Table` record that is also `Decodable`: by its generated code, unless the type
    /// customises its coding (``TableRecord/codableUsesRecordColumns``) or `userInfo` is given.
    ///
    /// - Parameter userInfo: Passed to the value's `init(from:)` when the Codable path runs.
    /// - Returns: The record.
    /// - Throws: `SQLiteError` from the generated code, or the Codable path's errors.
    @inlinable
    public func decode<V: TableRecord & Decodable>(userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        // Inlinable, with the record type known: the generated code is called directly, with no
        // dynamic cast (`db.prepare(query).map { try $0.decode() }`, Benchmarks/PROFILE.md).
        if userInfo.isEmpty, V.codableUsesRecordColumns { return try V.decoded(from: self) }
        return try decodeRow(V.self, userInfo: userInfo)
    }

    /// Reads a `@Table` record of an explicit type from the row.
    ///
    /// - Parameter type: The record type.
    /// - Returns: The record.
    /// - Throws: `SQLiteError` naming the column and the type.
    @inlinable
    public func decode<V: TableRecord>(as type: V.Type) throws -> V {
        try V.decoded(from: self)
    }

    /// Reads a `@Table` record that is also `Decodable`, of an explicit type.
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - userInfo: Passed to the value's `init(from:)` when the Codable path runs.
    /// - Returns: The record.
    /// - Throws: `SQLiteError` from the generated code, or the Codable path's errors.
    @inlinable
    public func decode<V: TableRecord & Decodable>(as type: V.Type, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        if userInfo.isEmpty, V.codableUsesRecordColumns { return try V.decoded(from: self) }
        return try decodeRow(V.self, userInfo: userInfo)
    }
}

extension Cursor {
    /// Reads every remaining row as a `@Table` record, in place, finding its columns by name once.
    ///
    /// ```swift
    /// let players = try db.cursor("SELECT * FROM players").decodeAll(Player.self)
    /// ```
    ///
    /// - Parameter type: The record type (usually inferred).
    /// - Returns: The records, in row order.
    /// - Throws: `SQLiteError` when stepping fails, or at the first row that does not read
    ///   (naming the column and the type).
    @inlinable
    public func decodeAll<T: TableRecord>(_ type: T.Type = T.self) throws -> [T] {
        try RecordReader.readAll(T.self, from: self)
    }

    /// Reads every remaining row as a `@Table` record that is also `Decodable`: by its generated
    /// code, unless the type customises its coding or `userInfo` is given.
    ///
    /// - Parameters:
    ///   - type: The record type (usually inferred).
    ///   - userInfo: Passed to each value's `init(from:)` when the Codable path runs.
    /// - Returns: The records, in row order.
    /// - Throws: `SQLiteError` from the generated code, or the Codable path's errors.
    @inlinable
    public func decodeAll<T: TableRecord & Decodable>(
        _ type: T.Type = T.self, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> [T] {
        guard userInfo.isEmpty, T.codableUsesRecordColumns else { return try decodeAllDecodable(T.self, userInfo: userInfo) }
        return try RecordReader.readAll(T.self, from: self)
    }
}
