import Foundation

/// A Swift type that can be stored in a column and used in typed expressions (SQLite.swift's
/// custom-type protocol).
///
/// A value is stored as its ``datatypeValue``, of a ``Datatype`` that SlateCore already knows how
/// to bind and read (`Int64`, `Double`, `String`, ``SlateCore/Blob``, …): there is one conversion system.
///
/// ```swift
/// struct Celsius: Value {
///     let degrees: Double
///     static let declaredDatatype = Double.declaredDatatype
///     static func fromDatatypeValue(_ value: Double) -> Celsius { Celsius(degrees: value) }
///     var datatypeValue: Double { degrees }
/// }
/// let temperature = SQLExpression<Celsius>("temperature")
/// ```
public protocol Value: Expressible {
    /// The type ``fromDatatypeValue(_:)`` returns; `Self` except for non-final classes.
    associatedtype ValueType = Self
    /// The stored form: a type SlateCore binds and reads.
    associatedtype Datatype: SQLiteRepresentable

    /// The column type used when creating a table (`INTEGER`, `REAL`, `TEXT`, `BLOB`).
    static var declaredDatatype: String { get }

    /// Converts the stored form back into the value.
    ///
    /// - Parameter datatypeValue: The stored form.
    /// - Returns: The value.
    /// - Throws: Any error, when the stored form is not a valid value; reads report it.
    static func fromDatatypeValue(_ datatypeValue: Datatype) throws -> ValueType

    /// The stored form of the value.
    var datatypeValue: Datatype { get }
}

extension Value {
    /// The value as a bound parameter.
    public var expression: SQLExpression<Void> {
        SQLExpression(template: "?", values: [datatypeValue.sqliteValue])
    }
}

/// A value type whose stored form is itself: the conversion is SlateCore's `SQLiteRepresentable`.
extension Value where Self: SQLiteRepresentable, Datatype == Self, ValueType == Self {
    /// Returns the stored value unchanged.
    ///
    /// - Parameter datatypeValue: The stored value.
    /// - Returns: The same value.
    public static func fromDatatypeValue(_ datatypeValue: Self) -> Self { datatypeValue }

    /// The value itself.
    public var datatypeValue: Self { self }
}

/// Integers are stored as themselves in `INTEGER` columns (exact: a value that does not fit the
/// Swift type is a read error, never a wrap-around).
extension Value where Self: FixedWidthInteger & SQLiteRepresentable, Datatype == Self, ValueType == Self {
    /// `INTEGER`.
    public static var declaredDatatype: String { "INTEGER" }
}

/// Floating-point numbers are stored as themselves in `REAL` columns.
extension Value where Self: BinaryFloatingPoint & SQLiteRepresentable, Datatype == Self, ValueType == Self {
    /// `REAL`.
    public static var declaredDatatype: String { "REAL" }
}

/// A marker for the types that arithmetic operators (`+`, `-`, `*`, `/`) and `sum`/`average`
/// accept.
public protocol Number {}

// Numbers store themselves; `declaredDatatype` comes from the extensions above.
extension Int64: Number, Value {}
extension Int: Number, Value {}
extension Int32: Number, Value {}
extension Int16: Number, Value {}
extension Int8: Number, Value {}
extension UInt32: Number, Value {}
extension UInt16: Number, Value {}
extension UInt8: Number, Value {}
extension Double: Number, Value {}
extension Float: Number, Value {}

extension Bool: Value {
    /// The stored form (1 or 0).
    public typealias Datatype = Bool
    /// `INTEGER`.
    public static var declaredDatatype: String { "INTEGER" }
}

extension String: Value {
    /// The stored form.
    public typealias Datatype = String
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }
}

extension Blob: Value {
    /// The stored form.
    public typealias Datatype = Blob
    /// `BLOB`.
    public static var declaredDatatype: String { "BLOB" }
}

extension Date: Value {
    /// The stored form (UTC text `yyyy-MM-dd'T'HH:mm:ss.SSS`, read back also from SQLite's other
    /// date formats and Unix times).
    public typealias Datatype = Date
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }
}

extension UUID: Value {
    /// The stored form (uppercase text).
    public typealias Datatype = UUID
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }
}

extension URL: Value {
    /// The stored form (the absolute string).
    public typealias Datatype = URL
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }
}

extension Data: Value {
    /// `BLOB`.
    public static var declaredDatatype: String { Blob.declaredDatatype }

    /// Wraps a ``SlateCore/Blob``'s bytes.
    ///
    /// - Parameter dataValue: The blob.
    /// - Returns: The bytes as `Data`.
    public static func fromDatatypeValue(_ dataValue: Blob) -> Data { Data(dataValue.bytes) }

    /// The bytes as a ``SlateCore/Blob`` (SQLite.swift's stored form for `Data`).
    public var datatypeValue: Blob { Blob(data: self) }
}

/// Enums (and other raw-representable types) whose raw value is a ``Value`` store their raw value.
///
/// ```swift
/// enum Status: String, Value { case active, archived }
/// let status = SQLExpression<Status>("status")
/// users.filter(status == .active)
/// ```
extension Value where Self: RawRepresentable, RawValue: Value, Datatype == RawValue.Datatype, ValueType == Self {
    /// The raw value's declared datatype.
    public static var declaredDatatype: String { RawValue.declaredDatatype }

    /// Converts the stored raw value back; an unknown raw value throws.
    ///
    /// - Parameter datatypeValue: The stored raw value.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` when the raw value matches no case.
    public static func fromDatatypeValue(_ datatypeValue: Datatype) throws -> Self {
        let raw = try RawValue.fromDatatypeValue(datatypeValue)
        guard let raw = raw as? RawValue, let value = Self(rawValue: raw) else {
            throw SQLiteError(code: SQLITE_MISMATCH, details: "\(raw) is not a valid raw value of \(Self.self)")
        }
        return value
    }

    /// The raw value's stored form.
    public var datatypeValue: Datatype { rawValue.datatypeValue }
}
