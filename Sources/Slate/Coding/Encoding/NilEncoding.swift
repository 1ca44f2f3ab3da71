/// What a Codable `insert`, `insertMany`, `update` or `upsert` does with an optional property
/// that is `nil`.
///
/// Synthesized `Encodable` conformances encode an optional property with `encodeIfPresent`,
/// which for `nil` tells the encoder nothing but the key. By default Slate then does what
/// SQLite.swift does and leaves the column out of the statement:
///
/// ```swift
/// struct Profile: Codable { var name: String; var bio: String? }
/// try db.run(profiles.filter(id == 1).update(Profile(name: "Ada", bio: nil)))
/// // UPDATE "profiles" SET "name" = 'Ada' WHERE ("id" = 1)          -- bio is kept
/// try db.run(profiles.filter(id == 1).update(Profile(name: "Ada", bio: nil), nilEncoding: .null))
/// // UPDATE "profiles" SET "name" = 'Ada', "bio" = NULL WHERE ("id" = 1)
/// ```
///
/// An insert that leaves a column out stores the column's `DEFAULT` (or `NULL`); a value whose
/// properties are all `nil` inserts `DEFAULT VALUES`. A value that calls `encodeNil(forKey:)`
/// itself always writes `NULL`, whatever the strategy.
///
/// ``null`` learns which columns are absent from the keys the value passes to `encodeIfPresent`,
/// so it covers every synthesized conformance and hand-written ones that call `encodeIfPresent`
/// (or `encodeNil`). A hand-written `encode(to:)` that skips a property without naming its key
/// (`if let bio { try container.encode(bio, forKey: .bio) }`) gives the encoder nothing to
/// write: its column is left out under either strategy.
public enum NilEncoding: Sendable, Hashable {
    /// Leave the column of a `nil` optional out of the statement, as SQLite.swift does (the
    /// default): an update keeps the stored value, an insert stores the column's default.
    case omit
    /// Write `NULL` for a `nil` optional: an update clears the column, an insert stores `NULL`
    /// even where the column has another default.
    case null
}
