import Foundation

/// Writes one record's values, a column at a time, for a ``TableRecord``'s generated
/// ``TableRecord/write(to:)``.
///
/// Each `write` fills the column at its position in the record's ``TableRecord/columnNames``: bound straight
/// into a statement's parameters (`?1`, `?2`, … in column order) for the record's own inserts,
/// updates, upserts and deletes, or kept as values for SQLite.swift's `table.insert(record)`.
///
/// The overloads of `write` pick a type's stored form at compile time, in the order Slate's
/// Codable path uses at run time, so both store the same bytes (see ``RecordReader``).
public struct RecordWriter {
    /// The statement whose parameters are bound, or `nil` when the values are kept.
    @usableFromInline let handle: OpaquePointer?
    /// The record's type, whose column names its error messages give (a metatype: nothing to
    /// retain per write).
    @usableFromInline let record: any TableRecord.Type
    /// The kept values, in column order (when there is no statement).
    @usableFromInline var values: [SQLiteValue]

    /// A writer binding a statement's parameters `?1`…`?n` in the record's column order.
    @inlinable
    init<Record: TableRecord>(binding statement: Statement, for type: Record.Type) {
        self.handle = statement.handle
        self.record = Record.self
        self.values = []
    }

    /// A writer keeping the values, in the record's column order.
    init<Record: TableRecord>(keepingValuesOf type: Record.Type) {
        self.init(keeping: Array(repeating: .null, count: Record.columnNames.count), for: Record.self)
    }

    /// A writer keeping the values in a buffer of one value per column (reused by its owner).
    init<Record: TableRecord>(keeping buffer: [SQLiteValue], for type: Record.Type) {
        self.handle = nil
        self.record = Record.self
        self.values = buffer
    }

    // MARK: 1. Types SlateCore converts

    /// Writes a column's value: a type SlateCore stores (integers, `Bool`, `Double`,
    /// `String`, `Data`, `Date`, `UUID`, `URL`, ``SlateCore/Blob``, and optionals of those;
    /// `nil` is `NULL`).
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - position: The property's position in the record's ``TableRecord/columnNames``.
    /// - Throws: `SQLiteError` naming the column when the value has no stored form (a `Date`
    ///   outside the years 0000–9999, a `UInt64` above `Int64.max`).
    @inlinable @inline(__always)
    public mutating func write<T: SQLiteBindable>(_ value: T, at position: Int32) throws(SQLiteError) {
        try writeBindable(value, at: position)
    }

    /// Binds or keeps a value through its `SQLiteBindable` conformance.
    @inlinable @inline(__always)
    mutating func writeBindable<T: SQLiteBindable>(_ value: T, at position: Int32) throws(SQLiteError) {
        if _fastPath(handle != nil), let handle {
            do {
                try value.bind(to: handle, at: position &+ 1)
            } catch {
                throw failure(at: position, error)
            }
            return
        }
        do {
            try keep(try value.checkedSQLiteValue(), at: position)
        } catch {
            throw failure(at: position, error)
        }
    }

    /// Writes an integer (`Int`, `Int64`, …): bound with `sqlite3_bind_int64` in place, the
    /// common column of records.
    ///
    /// - Throws: `SQLiteError` naming the column when the value does not fit SQLite's 64-bit
    ///   INTEGER (a `UInt64` above `Int64.max`).
    @inlinable @inline(__always)
    public mutating func write<T: FixedWidthInteger & SQLiteBindable>(_ value: T, at position: Int32) throws(SQLiteError) {
        guard let integer = Int64(exactly: value) else { return try writeAnyway(value, at: position) }
        if _fastPath(handle != nil), let handle {
            let code = sqlite3_bind_int64(handle, position &+ 1, integer)
            if _slowPath(code != SQLITE_OK) { throw failure(at: position, bindCode: code) }
            return
        }
        try keep(.int(integer), at: position)
    }

    /// ``write(_:at:)`` for an integer that does not fit SQLite's INTEGER: its conformance
    /// reports it (out of line, so that the integer path stays small).
    @inlinable @inline(never)
    mutating func writeAnyway<T: SQLiteBindable>(_ value: T, at position: Int32) throws(SQLiteError) {
        try writeBindable(value, at: position)
    }

    // MARK: 2. SQLite.swift's custom values

    /// Writes an SQLite.swift custom ``Value``: its ``Value/storedValue``.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value>(_ value: T, at position: Int32) throws(SQLiteError) where T.ValueType == T {
        try write(value.storedValue, at: position)
    }

    /// Writes an optional SQLite.swift custom ``Value`` (`nil` is `NULL`).
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value>(_ value: T?, at position: Int32) throws(SQLiteError) where T.ValueType == T {
        try write(value?.storedValue, at: position)
    }

    /// Writes a custom ``Value`` that is also `Encodable` as the Codable path does: its stored value.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value & Encodable>(_ value: T, at position: Int32) throws(SQLiteError) where T.ValueType == T {
        try write(value.storedValue, at: position)
    }

    /// Writes an optional custom ``Value`` that is also `Encodable`.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: Value & Encodable>(_ value: T?, at position: Int32) throws(SQLiteError) where T.ValueType == T {
        try write(value?.storedValue, at: position)
    }

    // MARK: 3. Enums with raw values

    /// Writes a `RawRepresentable` value (an enum): its raw value.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable>(_ value: T, at position: Int32) throws(SQLiteError) where T.RawValue: SQLiteBindable {
        try write(value.rawValue, at: position)
    }

    /// Writes an optional `RawRepresentable` value (`nil` is `NULL`).
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable>(_ value: T?, at position: Int32) throws(SQLiteError) where T.RawValue: SQLiteBindable {
        try write(value?.rawValue, at: position)
    }

    /// Writes a `RawRepresentable` value that is also `Encodable`: its raw value, as its
    /// synthesized coding does.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable & Encodable>(_ value: T, at position: Int32) throws(SQLiteError)
    where T.RawValue: SQLiteBindable {
        try write(value.rawValue, at: position)
    }

    /// Writes an optional `RawRepresentable` value that is also `Encodable`.
    @_disfavoredOverload
    @inlinable
    public mutating func write<T: RawRepresentable & Encodable>(_ value: T?, at position: Int32) throws(SQLiteError)
    where T.RawValue: SQLiteBindable {
        try write(value?.rawValue, at: position)
    }

    // MARK: 4. Other Encodable values, as JSON

    /// Writes any other `Encodable` value as the Codable path stores a property: a value that
    /// encodes a single value stores it, anything else its JSON text (SQLite.swift's form).
    ///
    /// - Throws: `SQLiteError` naming the column, with the encoding error as its cause.
    @_disfavoredOverload
    public mutating func write<T: Encodable>(_ value: T, at position: Int32) throws(SQLiteError) {
        let stored: SQLiteValue
        do {
            stored = try ColumnValueEncoding.sqliteValue(of: value, codingPath: [], userInfo: [:])
        } catch {
            throw failure(at: position, error)
        }
        try write(stored, at: position)
    }

    /// Writes an optional `Encodable` value: `NULL` for `nil`, the value's stored form otherwise.
    @_disfavoredOverload
    public mutating func write<T: Encodable>(_ value: T?, at position: Int32) throws(SQLiteError) {
        guard let value else { return try write(SQLiteValue.null, at: position) }
        try write(value, at: position)
    }

    // MARK: Custom representations

    /// Writes a value through a ``ColumnRepresentation`` (`@Column(as: …)`).
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - representation: How the property is stored.
    ///   - position: The property's position in the record's ``TableRecord/columnNames``.
    /// - Throws: `SQLiteError` naming the column, with the representation's error as its cause.
    @inlinable
    public mutating func write<Representation: ColumnRepresentation>(
        _ value: Representation.Represented, using representation: Representation.Type, at position: Int32
    ) throws(SQLiteError) {
        let stored: Representation.Stored
        do {
            stored = try Representation.stored(from: value)
        } catch {
            throw failure(at: position, error)
        }
        try write(stored, at: position)
    }

    /// Writes an optional value through a ``ColumnRepresentation`` (`nil` is `NULL`).
    @inlinable
    public mutating func writeOptional<Representation: ColumnRepresentation>(
        _ value: Representation.Represented?, using representation: Representation.Type, at position: Int32
    ) throws(SQLiteError) {
        guard let value else { return try write(SQLiteValue.null, at: position) }
        try write(value, using: representation, at: position)
    }

    // MARK: Failures

    /// Keeps the value of the column at `position`; a position outside the record's columns (a
    /// hand-written `write(to:)`'s mistake) is an error, not a trap.
    @inlinable @inline(__always)
    mutating func keep(_ value: SQLiteValue, at position: Int32) throws(SQLiteError) {
        guard values.indices.contains(Int(position)) else { throw outOfColumns(position) }
        values[Int(position)] = value
    }

    /// The error for a position outside the record's columns.
    @usableFromInline @inline(never)
    func outOfColumns(_ position: Int32) -> SQLiteError {
        SQLiteError(
            code: SQLITE_RANGE,
            details: "\(record) wrote column position \(position), but its columns are \(record.columnNames.count): "
                + record.columnNames.joined(separator: ", "))
    }

    /// The error for a `sqlite3_bind_*` result code.
    @usableFromInline @inline(never)
    func failure(at position: Int32, bindCode code: Int32) -> SQLiteError {
        failure(at: position, SQLiteError(code: code, details: "binding parameter \(position + 1) failed"))
    }

    /// The error for a value of the column at `position` that could not be stored or bound.
    @usableFromInline @inline(never)
    func failure(at position: Int32, _ cause: any Error) -> SQLiteError {
        let names = record.columnNames
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
