import Foundation

/// Writes one record's values, a column at a time, for a ``TableRecord``'s generated
/// ``TableRecord/write(to:)``.
///
/// Each `write` fills the next column of the record's ``TableRecord/columnNames``: bound straight
/// into a statement's parameters (`?1`, `?2`, … in column order) for the record's own inserts,
/// updates, upserts and deletes, or kept as values for SQLite.swift's `table.insert(record)`.
///
/// The overloads of `write` pick a type's stored form at compile time, in the order Slate's
/// Codable path uses at run time, so both store the same bytes (see ``RecordReader``).
public struct RecordWriter {
    /// The statement whose parameters are bound, or `nil` when the values are kept.
    @usableFromInline let handle: OpaquePointer?
    /// The record's column names, for error messages.
    @usableFromInline let names: [String]
    /// The kept values, in column order (when there is no statement).
    @usableFromInline var values: [SQLiteValue]
    /// The next column's position.
    @usableFromInline var position: Int32

    /// A writer binding a statement's parameters `?1`…`?n` in the record's column order.
    @inlinable
    init(binding statement: Statement, names: [String]) {
        self.handle = statement.handle
        self.names = names
        self.values = []
        self.position = 0
    }

    /// A writer keeping the values, in the record's column order.
    init(keepingValuesOf names: [String]) {
        self.handle = nil
        self.names = names
        self.values = []
        self.values.reserveCapacity(names.count)
        self.position = 0
    }

    // MARK: 1. Types SlateCore converts

    /// Writes the next column's value: a type SlateCore stores (integers, `Bool`, `Double`,
    /// `String`, `Data`, `Date`, `UUID`, `URL`, ``SlateCore/Blob``, and optionals of those;
    /// `nil` is `NULL`).
    ///
    /// - Parameter value: The property's value.
    /// - Throws: ``SQLiteError`` naming the column when the value has no stored form (a `Date`
    ///   outside the years 0000–9999, a `UInt64` above `Int64.max`).
    @inlinable @inline(__always)
    public mutating func write<T: SQLiteBindable>(_ value: T) throws(SQLiteError) {
        let current = position
        position = current &+ 1
        if let handle {
            do {
                try value.bind(to: handle, at: current &+ 1)
            } catch {
                throw failure(at: current, error)
            }
            return
        }
        do {
            values.append(try value.checkedSQLiteValue())
        } catch {
            throw failure(at: current, error)
        }
    }

    /// Writes a value already in SQLite's form.
    @usableFromInline
    mutating func put(_ value: SQLiteValue) throws(SQLiteError) {
        try write(value)
    }

    // MARK: 2. SQLite.swift's custom values

    /// Writes an SQLite.swift custom ``Value``: its ``Value/storedValue``.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value>(_ value: T) throws(SQLiteError) where T.ValueType == T {
        try write(value.storedValue)
    }

    /// Writes an optional SQLite.swift custom ``Value`` (`nil` is `NULL`).
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value>(_ value: T?) throws(SQLiteError) where T.ValueType == T {
        try write(value?.storedValue)
    }

    /// Writes a custom ``Value`` that is also `Encodable` as the Codable path does: its stored value.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value & Encodable>(_ value: T) throws(SQLiteError) where T.ValueType == T {
        try write(value.storedValue)
    }

    /// Writes an optional custom ``Value`` that is also `Encodable`.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value & Encodable>(_ value: T?) throws(SQLiteError) where T.ValueType == T {
        try write(value?.storedValue)
    }

    // MARK: 3. Enums with raw values

    /// Writes a `RawRepresentable` value (an enum): its raw value.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable>(_ value: T) throws(SQLiteError) where T.RawValue: SQLiteBindable {
        try write(value.rawValue)
    }

    /// Writes an optional `RawRepresentable` value (`nil` is `NULL`).
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable>(_ value: T?) throws(SQLiteError) where T.RawValue: SQLiteBindable {
        try write(value?.rawValue)
    }

    /// Writes a `RawRepresentable` value that is also `Encodable`: its raw value, as its
    /// synthesized coding does.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable & Encodable>(_ value: T) throws(SQLiteError)
    where T.RawValue: SQLiteBindable {
        try write(value.rawValue)
    }

    /// Writes an optional `RawRepresentable` value that is also `Encodable`.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable & Encodable>(_ value: T?) throws(SQLiteError)
    where T.RawValue: SQLiteBindable {
        try write(value?.rawValue)
    }

    // MARK: 4. Other Encodable values, as JSON

    /// Writes any other `Encodable` value as the Codable path stores a property: a value that
    /// encodes a single value stores it, anything else its JSON text (SQLite.swift's form).
    ///
    /// - Throws: ``SQLiteError`` naming the column, with the encoding error as its cause.
    @_disfavoredOverload
    public mutating func write<T: Encodable>(_ value: T) throws(SQLiteError) {
        let stored: SQLiteValue
        do {
            stored = try ColumnValueEncoding.sqliteValue(of: value, codingPath: [], userInfo: [:])
        } catch {
            throw failure(at: position, error)
        }
        try put(stored)
    }

    /// Writes an optional `Encodable` value: `NULL` for `nil`, the value's stored form otherwise.
    @_disfavoredOverload
    public mutating func write<T: Encodable>(_ value: T?) throws(SQLiteError) {
        guard let value else { return try put(.null) }
        try write(value)
    }

    // MARK: Custom representations

    /// Writes a value through a ``ColumnRepresentation`` (`@Column(as: …)`).
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - representation: How the property is stored.
    /// - Throws: ``SQLiteError`` naming the column, with the representation's error as its cause.
    @inlinable
    public mutating func write<Representation: ColumnRepresentation>(
        _ value: Representation.Represented, using representation: Representation.Type
    ) throws(SQLiteError) {
        let stored: Representation.Stored
        do {
            stored = try Representation.stored(from: value)
        } catch {
            throw failure(at: position, error)
        }
        try write(stored)
    }

    /// Writes an optional value through a ``ColumnRepresentation`` (`nil` is `NULL`).
    @inlinable
    public mutating func writeOptional<Representation: ColumnRepresentation>(
        _ value: Representation.Represented?, using representation: Representation.Type
    ) throws(SQLiteError) {
        guard let value else { return try put(.null) }
        try write(value, using: representation)
    }

    // MARK: Failures

    /// The error for a value of the column at `position` that could not be stored or bound.
    @usableFromInline @inline(never)
    func failure(at position: Int32, _ cause: any Error) -> SQLiteError {
        let name = names.indices.contains(Int(position)) ? names[Int(position)] : "?"
        let code = (cause as? SQLiteError)?.code.rawValue ?? SQLITE_MISMATCH
        let reason: String
        switch cause {
        case let error as SQLiteError: reason = error.explanation
        case EncodingError.invalidValue(_, let context): reason = context.debugDescription
        default: reason = "\(cause)"
        }
        return SQLiteError(code: code, details: "column \"\(name)\": \(reason)")
    }
}
