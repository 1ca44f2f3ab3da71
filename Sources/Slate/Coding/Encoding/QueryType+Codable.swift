import Foundation

// Writing Encodable values: each property becomes a column of the statement.

extension QueryType {
    /// An `INSERT` of an `Encodable` value, one column per property.
    ///
    /// ```swift
    /// struct User: Codable { let email: String; let name: String? }
    /// try db.run(users.insert(User(email: "alice@mac.com", name: "Alice")))
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// ```
    ///
    /// Integers of every width, `Bool`, `Float`, `Double`, `String`, `Data`, `Date`, `UUID`, `URL`
    /// and enums with raw values are stored as SlateCore stores them; other Codable properties
    /// (structs, arrays, dictionaries) are stored as JSON text, as SQLite.swift stores them. A
    /// `nil` optional property is left out, so the column gets its default (SQLite.swift's
    /// behaviour; pass `nilEncoding: .null` to store `NULL`); a value with every property `nil`
    /// inserts `DEFAULT VALUES`.
    ///
    /// Generic, so that a concrete value is encoded as is, without an existential box; an
    /// `any Encodable` is opened.
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement; run it with ``SlateCore/Connection/run(_:)-(Insert)``.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    @inlinable  // specialized for the table type: reads only the table name from its clauses
    public func insert<T: Encodable>(
        _ encodable: T, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        makeInsert(
            conflict: nil,
            try Insert.body(
                encoding: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding))
    }

    /// An `INSERT` of a value given as `any Encodable`, one column per property: the same as
    /// the generic `insert(_:userInfo:otherSetters:)`, for arguments that are not opened into it (such as a
    /// conditional expression of existential type).
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement; run it with ``SlateCore/Connection/run(_:)-(Insert)``.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    @_disfavoredOverload  // a concrete value (or a plain existential, opened) takes the generic overload
    public func insert(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        makeInsert(
            conflict: nil,
            try Insert.body(
                encoding: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding))
    }

    /// An `INSERT OR …` of an `Encodable` value, one column per property.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution (`.replace`, `.ignore`, …).
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    public func insert<T: Encodable>(
        or onConflict: OnConflict, _ encodable: T, userInfo: [CodingUserInfoKey: Any] = [:],
        otherSetters: [Setter] = [], nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        makeInsert(
            conflict: onConflict,
            try Insert.body(
                encoding: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding))
    }

    /// An `INSERT OR …` of a value given as `any Encodable`: the same as
    /// the generic `insert(or:_:userInfo:otherSetters:)`, for arguments that are not opened into it.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution (`.replace`, `.ignore`, …).
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    @_disfavoredOverload  // a concrete value (or a plain existential, opened) takes the generic overload
    public func insert(
        or onConflict: OnConflict, _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:],
        otherSetters: [Setter] = [], nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        makeInsert(
            conflict: onConflict,
            try Insert.body(
                encoding: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding))
    }

    /// An `INSERT` of several `Encodable` values, one row each.
    ///
    /// As in SQLite.swift, `nil` optionals are left out when every row then sets the same
    /// columns; when they do not (a property `nil` in some rows only), every row is encoded again
    /// with `NULL` for its `nil` optionals, so that the rows share one column list. Rows that
    /// still set different columns make running the insert throw.
    ///
    /// - Parameters:
    ///   - encodables: The values, one row each.
    ///   - userInfo: Passed to each value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set on every row.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement; running it inserts every row or none.
    /// - Throws: `EncodingError` when a value cannot be a row, or a value's own error.
    public func insertMany(
        _ encodables: [any Encodable], userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        let encode = { (nilEncoding: NilEncoding) in
            try encodables.map {
                try SetterEncoder.setters(for: $0, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding)
            }
        }
        let rows = try encode(nilEncoding)
        guard nilEncoding == .omit, let first = rows.first?.map(\.column.template),
            rows.contains(where: { $0.map(\.column.template) != first })
        else { return insertMany(rows) }
        return insertMany(try encode(.null))
    }

    /// An upsert of an `Encodable` value: insert it, or, when it conflicts on a unique column,
    /// update the existing row's other columns to the value's.
    ///
    /// ```swift
    /// try db.run(users.upsert(user, onConflictOf: email))
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// //   ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    ///   - conflicting: The unique column (or columns) that detect the conflict.
    /// - Returns: The statement.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    public func upsert(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        nilEncoding: NilEncoding = .omit, onConflictOf conflicting: any Expressible
    ) throws -> Insert {
        let setters = try SetterEncoder.setters(
            for: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding)
        try Self.requireColumns(setters, of: encodable, for: "upsert")
        return upsert(setters, onConflictOf: conflicting)
    }

    /// An `UPDATE` of the query's rows from an `Encodable` value, one column per property.
    ///
    /// ```swift
    /// try db.run(users.filter(id == 1).update(user))
    /// // UPDATE "users" SET "email" = 'alice@mac.com', "name" = 'Alice' WHERE ("id" = 1)
    /// ```
    ///
    /// Unless the query is filtered, every row of the table is updated. A `nil` optional property
    /// leaves its column unchanged, as in SQLite.swift; pass `nilEncoding: .null` to clear it.
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (``NilEncoding/omit``,
    ///     SQLite.swift's behaviour) or write `NULL` (``NilEncoding/null``).
    /// - Returns: The statement; run it with ``SlateCore/Connection/run(_:)-(Update)``.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    public func update(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        nilEncoding: NilEncoding = .omit
    ) throws -> Update {
        let setters = try SetterEncoder.setters(
            for: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding)
        try Self.requireColumns(setters, of: encodable, for: "update")
        return update(setters)
    }

    /// Throws when a value encoded no column for a statement that needs one (an `UPDATE` or an
    /// upsert has no form without columns; SQLite would report a syntax error).
    private static func requireColumns(_ setters: [Setter], of encodable: any Encodable, for statement: String) throws {
        guard setters.isEmpty else { return }
        throw EncodingError.invalidValue(
            encodable,
            EncodingError.Context(
                codingPath: [],
                debugDescription: "\(type(of: encodable)) encoded no columns, so there is nothing to \(statement): "
                    + "its nil optionals are left out (pass nilEncoding: .null to write NULL for them)"))
    }
}

extension Insert {
    /// The row of a one-row insert of a value: its columns as encoded (no setters), which running
    /// it binds straight into the statement cached for its shape; with other setters, setters.
    @usableFromInline
    static func body<T: Encodable>(
        encoding encodable: T, userInfo: [CodingUserInfoKey: Any], otherSetters: [Setter], nilEncoding: NilEncoding
    ) throws -> Body {
        guard otherSetters.isEmpty else {
            return .setters([
                try SetterEncoder.setters(
                    for: encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding)
            ])
        }
        if userInfo.isEmpty, let record = SetterEncoder.record(encodable) {
            // A `@Table` record with every column set: its values by position (no names to
            // compare); else its columns by name, written by its generated code.
            if let row = try record.insertRow(nilEncoding: nilEncoding) { return .record(row) }
            return .encoded(try SetterEncoder.recordColumns(of: record, nilEncoding: nilEncoding))
        }
        return .encoded(try SetterEncoder.encoderColumns(for: encodable, userInfo: userInfo, nilEncoding: nilEncoding))
    }
}
