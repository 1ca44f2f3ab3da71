import Foundation

/// How a record property is stored when its type's own form is not wanted: `@Column(as: …)`.
///
/// ```swift
/// /// A date stored as a number of seconds since 1970, rather than SQLite.swift's date text.
/// enum UnixTime: ColumnRepresentation {
///     static func stored(from value: Date) -> Double { value.timeIntervalSince1970 }
///     static func represented(from stored: Double) -> Date { Date(timeIntervalSince1970: stored) }
/// }
///
/// @Table
/// struct Event {
///     @Column(as: UnixTime.self) var at: Date
///     @Column(as: JSONColumn<[String]>.self) var tags: [String]
/// }
/// ```
///
/// The column's declared type (for `CREATE TABLE`) is the stored type's: a `Double` is `REAL`.
public protocol ColumnRepresentation {
    /// The property's type.
    associatedtype Represented
    /// The type stored in the column: one SlateCore stores (an integer, `Double`, `String`,
    /// `Data`, …).
    associatedtype Stored: SQLiteRepresentable

    /// The stored form of a property's value.
    ///
    /// - Parameter value: The property's value.
    /// - Returns: What the column holds.
    /// - Throws: Any error, reported as an `SQLiteError` naming the column.
    static func stored(from value: Represented) throws -> Stored

    /// A property's value from its stored form.
    ///
    /// - Parameter stored: What the column holds.
    /// - Returns: The property's value.
    /// - Throws: Any error, reported as an `SQLiteError` naming the column.
    static func represented(from stored: Stored) throws -> Represented
}

/// A `Codable` property stored as JSON text: SQLite.swift's form for nested Codable values,
/// which `@Table` uses by default for a property of any other `Codable` type.
///
/// Spell it out (`@Column(as: JSONColumn<[String]>.self)`) for a type that has another stored
/// form too, such as an array of strings that you want as JSON rather than as a blob.
public enum JSONColumn<Represented: Codable>: ColumnRepresentation {
    /// The JSON text of the value, with sorted keys (as SQLite.swift and the Codable path write it).
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded.
    public static func stored(from value: Represented) throws -> String {
        try CodableJSON.text(of: value, userInfo: [:])
    }

    /// The value of the JSON text (a nested `Date` as a number of seconds since 2001 or as date text).
    ///
    /// - Throws: `DecodingError` when the text is not the JSON of a `Represented`.
    public static func represented(from stored: String) throws -> Represented {
        try CodableJSON.value(Represented.self, from: Data(stored.utf8), userInfo: [:])
    }
}
