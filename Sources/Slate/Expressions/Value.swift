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
    ///
    /// The standard types declare SQLite.swift's: `Int64` for `Bool` and the integers, `Double` for
    /// `Float`, `String` for `Date`, `UUID` and `URL`.
    associatedtype Datatype: SQLiteRepresentable
    /// The form Slate itself reads from and binds to a column: ``Datatype`` unless the type says
    /// otherwise.
    ///
    /// The standard types whose ``Datatype`` is SQLite.swift's (`Bool`, `Int`, `Date`, `UUID`,
    /// `URL`, …) are their own stored form, so a typed read of a `Date` goes straight through
    /// SlateCore's date reader (text parsed where SQLite keeps it, also Unix times), a `Bool` reads
    /// strictly 0 or 1, and a write of an out-of-range date throws, instead of passing through
    /// ``Datatype``. Your own types need not mention it.
    associatedtype StoredForm: SQLiteRepresentable = Datatype

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

    /// Converts what Slate read from a column (``StoredForm``) into the value; by default
    /// ``fromDatatypeValue(_:)``.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The value.
    /// - Throws: Any error, when the stored value is not a valid value; reads report it.
    static func fromStoredForm(_ storedValue: StoredForm) throws -> ValueType

    /// What Slate binds for the value (``StoredForm``); by default ``datatypeValue``.
    var storedValue: StoredForm { get }
}

extension Value {
    /// The value as a bound parameter.
    public var expression: SQLExpression<Void> {
        SQLExpression(template: "?", values: [storedValue.sqliteValue])
    }
}

extension Value where StoredForm == Datatype {
    /// Reads through ``fromDatatypeValue(_:)``.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The value.
    /// - Throws: The error ``fromDatatypeValue(_:)`` throws.
    @inlinable
    public static func fromStoredForm(_ storedValue: Datatype) throws -> ValueType {
        try fromDatatypeValue(storedValue)
    }

    /// ``datatypeValue``.
    @inlinable
    public var storedValue: Datatype { datatypeValue }
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

/// The standard types that are their own ``Value/StoredForm`` while their ``Value/Datatype`` is
/// SQLite.swift's: Slate reads and binds them through SlateCore directly.
extension Value where Self: SQLiteRepresentable, StoredForm == Self, ValueType == Self {
    /// Returns the value read from the column unchanged.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The same value.
    @inlinable
    public static func fromStoredForm(_ storedValue: Self) -> Self { storedValue }

    /// The value itself.
    @inlinable
    public var storedValue: Self { self }
}

/// The integers other than `Int64` are stored as `Int64` in `INTEGER` columns, as in SQLite.swift,
/// and convert exactly: a value that does not fit the Swift type is an error, never a wrap-around.
extension Value where Self: FixedWidthInteger & SQLiteRepresentable, Datatype == Int64, StoredForm == Self, ValueType == Self {
    /// `INTEGER`.
    public static var declaredDatatype: String { "INTEGER" }

    /// Converts the stored `Int64` exactly.
    ///
    /// - Parameter datatypeValue: The stored integer.
    /// - Returns: The integer.
    /// - Throws: `SQLiteError` (`SQLITE_MISMATCH`) when it does not fit the type.
    public static func fromDatatypeValue(_ datatypeValue: Int64) throws -> Self {
        guard let value = Self(exactly: datatypeValue) else {
            throw SQLiteError(code: SQLITE_MISMATCH, details: "\(datatypeValue) does not fit in \(Self.self)")
        }
        return value
    }

    /// The integer as `Int64`.
    public var datatypeValue: Int64 { Int64(self) }
}

/// A marker for the types that arithmetic operators (`+`, `-`, `*`, `/`) and `sum`/`average`
/// accept.
public protocol Number {}

extension Int64: Number, Value {
    /// The stored form.
    public typealias Datatype = Int64
    /// `INTEGER`.
    public static var declaredDatatype: String { "INTEGER" }
    /// Returns the stored value unchanged.
    ///
    /// - Parameter datatypeValue: The stored value.
    /// - Returns: The same value.
    public static func fromDatatypeValue(_ datatypeValue: Int64) -> Int64 { datatypeValue }
    /// The value itself.
    public var datatypeValue: Int64 { self }
    /// Returns the stored value unchanged.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The same value.
    @inlinable
    public static func fromStoredForm(_ storedValue: Int64) -> Int64 { storedValue }
    /// The value itself.
    @inlinable
    public var storedValue: Int64 { self }
}

extension Int: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = Int
}
extension Int32: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = Int32
}
extension Int16: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = Int16
}
extension Int8: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = Int8
}
extension UInt32: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = UInt32
}
extension UInt16: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = UInt16
}
extension UInt8: Number, Value {
    /// SQLite.swift's stored form for integers.
    public typealias Datatype = Int64
    /// Read and bound as itself, exactly (see ``Value/StoredForm``).
    public typealias StoredForm = UInt8
}

extension Double: Number, Value {
    /// The stored form.
    public typealias Datatype = Double
    /// `REAL`.
    public static var declaredDatatype: String { "REAL" }
    /// Returns the stored value unchanged.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The same value.
    @inlinable
    public static func fromStoredForm(_ storedValue: Double) -> Double { storedValue }
    /// The value itself.
    @inlinable
    public var storedValue: Double { self }
}

extension Float: Number, Value {
    /// SQLite.swift's stored form for numbers with a fraction.
    public typealias Datatype = Double
    /// Read and bound as itself (see ``Value/StoredForm``).
    public typealias StoredForm = Float
    /// `REAL`.
    public static var declaredDatatype: String { "REAL" }

    /// Converts the stored `Double` to the nearest `Float`.
    ///
    /// - Parameter datatypeValue: The stored number.
    /// - Returns: The number.
    /// - Throws: `SQLiteError` (`SQLITE_MISMATCH`) for a finite number too large for `Float`.
    public static func fromDatatypeValue(_ datatypeValue: Double) throws -> Float {
        let value = Float(datatypeValue)
        if value.isInfinite && datatypeValue.isFinite {
            throw SQLiteError(code: SQLITE_MISMATCH, details: "\(datatypeValue) does not fit in Float")
        }
        return value
    }

    /// The number as `Double` (exact).
    public var datatypeValue: Double { Double(self) }
}

extension Bool: Value {
    /// SQLite.swift's stored form: 1 or 0 as `Int64`.
    public typealias Datatype = Int64
    /// Read and bound as itself (see ``Value/StoredForm``).
    public typealias StoredForm = Bool
    /// `INTEGER`.
    public static var declaredDatatype: String { "INTEGER" }

    /// `true` for any integer but 0, as in SQLite.swift (typed reads are stricter: a column
    /// holding anything but 0 or 1 is an error there).
    ///
    /// - Parameter datatypeValue: The stored integer.
    /// - Returns: Whether it is not 0.
    public static func fromDatatypeValue(_ datatypeValue: Int64) -> Bool { datatypeValue != 0 }

    /// 1 or 0.
    public var datatypeValue: Int64 { self ? 1 : 0 }
}

extension String: Value {
    /// The stored form.
    public typealias Datatype = String
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }
    /// Returns the stored value unchanged.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The same value.
    @inlinable
    public static func fromStoredForm(_ storedValue: String) -> String { storedValue }
    /// The value itself.
    @inlinable
    public var storedValue: String { self }
}

extension Blob: Value {
    /// The stored form.
    public typealias Datatype = Blob
    /// `BLOB`.
    public static var declaredDatatype: String { "BLOB" }
    /// Returns the stored value unchanged.
    ///
    /// - Parameter storedValue: The value read from the column.
    /// - Returns: The same value.
    @inlinable
    public static func fromStoredForm(_ storedValue: Blob) -> Blob { storedValue }
    /// The value itself.
    @inlinable
    public var storedValue: Blob { self }
}

extension Date: Value {
    /// SQLite.swift's stored form: UTC text `yyyy-MM-dd'T'HH:mm:ss.SSS`.
    public typealias Datatype = String
    /// Read and bound as itself (see ``Value/StoredForm``).
    public typealias StoredForm = Date
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }

    /// Parses date text: SQLite.swift's format, SQLite's other date formats, ISO-8601 with an
    /// offset, or a Unix time in seconds written as a number.
    ///
    /// - Parameter stringValue: The stored text.
    /// - Returns: The date.
    /// - Throws: `SQLiteError` (`SQLITE_MISMATCH`) for text that is no date (SQLite.swift trapped).
    public static func fromDatatypeValue(_ stringValue: String) throws -> Date {
        if let date = SQLiteDateFormat.date(from: stringValue) { return date }
        if let seconds = Double(stringValue), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        throw SQLiteError(code: SQLITE_MISMATCH, details: "\"\(stringValue.prefix(40))\" is not a date")
    }

    /// The date as UTC text with milliseconds (SQLite.swift's format). A date outside the years
    /// 0000–9999 has no such text: it is then its Unix time as a number, which
    /// ``fromDatatypeValue(_:)`` reads back; Slate's own writes throw `SQLITE_MISMATCH` for it.
    public var datatypeValue: String {
        (try? SQLiteDateFormat.string(from: self)) ?? "\(timeIntervalSince1970)"
    }
}

extension UUID: Value {
    /// SQLite.swift's stored form: the uppercase UUID text.
    public typealias Datatype = String
    /// Read and bound as itself (see ``Value/StoredForm``).
    public typealias StoredForm = UUID
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }

    /// Parses UUID text.
    ///
    /// - Parameter stringValue: The stored text.
    /// - Returns: The UUID.
    /// - Throws: `SQLiteError` (`SQLITE_MISMATCH`) for text that is no UUID (SQLite.swift trapped).
    public static func fromDatatypeValue(_ stringValue: String) throws -> UUID {
        guard let uuid = UUID(uuidString: stringValue) else {
            throw SQLiteError(code: SQLITE_MISMATCH, details: "\"\(stringValue.prefix(40))\" is not a UUID")
        }
        return uuid
    }

    /// The uppercase UUID text.
    public var datatypeValue: String { uuidString }
}

extension URL: Value {
    /// SQLite.swift's stored form: the absolute string.
    public typealias Datatype = String
    /// Read and bound as itself (see ``Value/StoredForm``).
    public typealias StoredForm = URL
    /// `TEXT`.
    public static var declaredDatatype: String { "TEXT" }

    /// Parses URL text.
    ///
    /// - Parameter stringValue: The stored text.
    /// - Returns: The URL.
    /// - Throws: `SQLiteError` (`SQLITE_MISMATCH`) for text that is no URL (SQLite.swift trapped).
    public static func fromDatatypeValue(_ stringValue: String) throws -> URL {
        guard let url = URL(string: stringValue) else {
            throw SQLiteError(code: SQLITE_MISMATCH, details: "\"\(stringValue.prefix(40))\" is not a URL")
        }
        return url
    }

    /// The absolute string.
    public var datatypeValue: String { absoluteString }
}

extension Data: Value {
    /// SQLite.swift's stored form for bytes.
    public typealias Datatype = Blob
    /// Read and bound as a ``SlateCore/Blob`` (see ``Value/StoredForm``).
    public typealias StoredForm = Blob
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
