import Foundation

/// Reads one record from a row, a column at a time, for a ``TableRecord``'s generated
/// ``TableRecord/init(reading:)``.
///
/// Each `read` names its column by its position in the record's ``TableRecord/columnNames``. Where Slate
/// wrote the `SELECT` itself (the record's own queries), the columns are the result's first
/// columns in that order and are read by position. Over other SQL (`SELECT *`, a join, SQL by
/// hand) the names are resolved to indexes once per statement, never per row.
///
/// The overloads of `read` pick a type's stored form at compile time, in the order Slate's
/// Codable path uses at run time, so both read the same values from the same bytes:
/// 1. types SlateCore converts (integers, `Bool`, `Double`, `String`, `Data`, `Date`, `UUID`,
///    `URL`, and their optionals) are read in place, exactly;
/// 2. SQLite.swift's custom ``Value`` types convert their stored form;
/// 3. `RawRepresentable` enums read their raw value;
/// 4. any other `Decodable` value is read from the column's JSON text.
///
/// A missing column, a `NULL` in a non-optional property, or a value of the wrong type throws an
/// `SQLiteError` naming the column and the type; an optional property whose column is missing
/// or `NULL` is `nil`, as in the Codable path.
public struct RecordReader {
    /// The statement's handle, when the reader reads a statement's current row in place.
    @usableFromInline let handle: OpaquePointer?
    /// The statement's handle when its first columns are the record's, in order: the one test
    /// of the fast path (each column is then read at its position, nothing else to check).
    @usableFromInline let positionalHandle: OpaquePointer?
    /// The statement, for error messages (`nil` when reading a copied row).
    @usableFromInline let statement: Statement?
    /// The copied row's values, when the reader reads a ``Row``.
    @usableFromInline let rowValues: [SQLiteValue]
    /// The copied row's column names, for error messages.
    @usableFromInline let rowNames: [String]
    /// How many columns the row has.
    @usableFromInline let columnCount: Int32
    /// The column of each record property, or `nil` when they are the row's first columns in order.
    @usableFromInline let mapping: RecordColumnMapping?

    /// A reader of a statement's rows whose first columns are the record's, in order (the
    /// record's own `SELECT`). Made once per statement, after its first step, and reused for
    /// each row.
    @inlinable
    init(positionalStatement statement: Statement) {
        self.init(statement: statement, mapping: nil)
    }

    /// A reader of a statement's rows for a record whose columns are found by name, once per
    /// statement (the result's layout keeps the indexes).
    @usableFromInline
    init<Record: TableRecord>(statement: Statement, for type: Record.Type) {
        self.init(statement: statement, mapping: RecordColumnMapping.mapping(of: Record.self, in: statement.columnLayout))
    }

    /// A reader of a statement's current row, by position when `mapping` is `nil`.
    @inlinable
    init(statement: Statement, mapping: RecordColumnMapping?) {
        self.handle = statement.handle
        self.positionalHandle = mapping == nil ? statement.handle : nil
        self.statement = statement
        self.rowValues = []
        self.rowNames = []
        self.columnCount = sqlite3_column_count(statement.handle)
        self.mapping = mapping
    }

    /// A reader of a copied row, whose columns are found by name (once per layout).
    @inlinable
    init<Record: TableRecord>(row: Row, for type: Record.Type) {
        self.handle = nil
        self.positionalHandle = nil
        self.statement = nil
        self.rowValues = row.values
        self.rowNames = row.layout.names
        self.columnCount = Int32(truncatingIfNeeded: row.values.count)
        // Rows of the record's own table (`SELECT *`) have exactly its columns: comparing the
        // names costs less than the layout's cache, which takes a lock (each row decodes alone).
        let names = Record.columnNames
        self.mapping = row.layout.names == names ? nil : RecordColumnMapping.mapping(of: Record.self, in: row.layout)
    }

    /// The row's column of the record column at `position` (-1 when the result lacks it).
    @inlinable @inline(__always)
    func column(at position: Int) -> Int32 {
        guard let mapping else { return Int32(truncatingIfNeeded: position) }
        return mapping.column(at: position)
    }

    /// Whether `column` is one of the row's columns (one unsigned comparison: -1 wraps).
    @inlinable @inline(__always)
    func contains(_ column: Int32) -> Bool {
        UInt32(bitPattern: column) < UInt32(bitPattern: columnCount)
    }

    // MARK: 1. Types SlateCore converts

    /// Reads a column as a type SlateCore converts (integers, `Bool`, `Double`, `String`,
    /// `Data`, `Date`, `UUID`, `URL`, ``SlateCore/Blob``, `SQLiteValue`, and
    /// optionals of those).
    ///
    /// - Parameters:
    ///   - type: The property's type.
    ///   - position: The property's position in the record's ``TableRecord/columnNames``.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` naming the column and the type when the column is missing,
    ///   `NULL` (for a non-optional type), or does not convert exactly.
    @inlinable @inline(__always)
    public func read<T: SQLiteRepresentable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T {
        assert(ColumnConversion.of(T.self) == .exact, "RecordReader and ColumnConversion disagree about \(T.self)")
        if _fastPath(positionalHandle != nil), let handle = positionalHandle {
            // No bounds check: SQLite reads a column outside the row as NULL, which an optional
            // takes as nil and anything else sends to `failure`, which tells a missing column
            // from a NULL one.
            let column = Int32(truncatingIfNeeded: position)
            guard let value = T(sqliteStatement: handle, column: column) else {
                throw failure(column, T.self, position: position)
            }
            return value
        }
        return try readFound(T.self, at: position)
    }

    /// Reads a column found by name, from the statement or from a copied row (converting as the
    /// Codable path converts it). Specialized where it is called, but not inlined into each
    /// property's read: the positional read is the one kept small.
    @inlinable @inline(never)
    func readFound<T: SQLiteRepresentable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T {
        let column = column(at: position)
        // A missing column is read as NULL here, not from SQLite, which would also record
        // SQLITE_RANGE as the connection's last error.
        if let handle, contains(column) {
            guard let value = T(sqliteStatement: handle, column: column) else {
                throw failure(column, T.self, position: position)
            }
            return value
        }
        let value = contains(column) ? rowValues[Int(column)] : .null
        guard let converted = T(columnValue: value) else { throw failure(column, T.self, position: position) }
        return converted
    }

    /// Reads a column as an integer (`Int`, `Int64`, …): the copied row's INTEGER is read without
    /// going through the general conversion, the common column of records.
    ///
    /// - Parameters:
    ///   - type: The property's type.
    ///   - position: The property's position in the record's ``TableRecord/columnNames``.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` naming the column and the type when the column is missing, `NULL`,
    ///   or does not convert exactly.
    @inlinable @inline(__always)
    public func read<T: FixedWidthInteger & SQLiteRepresentable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T {
        assert(ColumnConversion.of(T.self) == .exact, "RecordReader and ColumnConversion disagree about \(T.self)")
        if _fastPath(positionalHandle != nil), let handle = positionalHandle {
            let column = Int32(truncatingIfNeeded: position)
            guard let value = T(sqliteStatement: handle, column: column) else {
                throw failure(column, T.self, position: position)
            }
            return value
        }
        if handle == nil, mapping == nil, rowValues.indices.contains(position), case .int(let integer) = rowValues[position],
            let value = T(exactly: integer)
        {
            return value
        }
        return try readFound(T.self, at: position)
    }

    // MARK: 2. SQLite.swift's custom values

    /// Reads a column as an SQLite.swift custom ``Value``, through its ``Value/StoredForm`` and
    /// ``Value/fromStoredForm(_:)``.
    ///
    /// - Throws: `SQLiteError` naming the column and the type; the value's own conversion
    ///   error is its underlying cause.
    @_disfavoredOverload
    @inlinable
    public func read<T: Value>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T where T.ValueType == T {
        assert(ColumnConversion.of(T.self) == .customValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        let stored = try read(T.StoredForm.self, at: position)
        return try converting(stored, T.self, position: position) { try T.fromStoredForm($0) }
    }

    /// Reads a column as an optional SQLite.swift custom ``Value``.
    @_disfavoredOverload
    @inlinable
    public func read<T: Value>(_ type: T?.Type, at position: Int) throws(SQLiteError) -> T? where T.ValueType == T {
        assert(ColumnConversion.of(T.self) == .customValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        guard let stored = try read(T.StoredForm?.self, at: position) else { return nil }
        return try converting(stored, T.self, position: position) { try T.fromStoredForm($0) }
    }

    /// Reads a custom ``Value`` that is also `Decodable` as the Codable path does: through its
    /// stored form (the ``Value`` conversion comes first there too).
    @_disfavoredOverload
    @inlinable
    public func read<T: Value & Decodable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T where T.ValueType == T {
        assert(ColumnConversion.of(T.self) == .customValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        let stored = try read(T.StoredForm.self, at: position)
        return try converting(stored, T.self, position: position) { try T.fromStoredForm($0) }
    }

    /// Reads an optional custom ``Value`` that is also `Decodable` (see the non-optional form).
    @_disfavoredOverload
    @inlinable
    public func read<T: Value & Decodable>(_ type: T?.Type, at position: Int) throws(SQLiteError) -> T? where T.ValueType == T {
        assert(ColumnConversion.of(T.self) == .customValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        guard let stored = try read(T.StoredForm?.self, at: position) else { return nil }
        return try converting(stored, T.self, position: position) { try T.fromStoredForm($0) }
    }

    // MARK: 3. Enums with raw values

    /// Reads a column as a `RawRepresentable` value (an enum), from its raw value.
    ///
    /// - Throws: `SQLiteError` naming the column and the type, also when the stored value is
    ///   not a raw value of the type.
    @_disfavoredOverload
    @inlinable
    public func read<T: RawRepresentable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T
    where T.RawValue: SQLiteRepresentable {
        assert(ColumnConversion.of(T.self) == .rawValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        let raw = try read(T.RawValue.self, at: position)
        guard let value = T(rawValue: raw) else { throw notARawValue(raw, T.self, position: position) }
        return value
    }

    /// Reads a column as an optional `RawRepresentable` value.
    @_disfavoredOverload
    @inlinable
    public func read<T: RawRepresentable>(_ type: T?.Type, at position: Int) throws(SQLiteError) -> T?
    where T.RawValue: SQLiteRepresentable {
        assert(ColumnConversion.of(T.self) == .rawValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        guard let raw = try read(T.RawValue?.self, at: position) else { return nil }
        guard let value = T(rawValue: raw) else { throw notARawValue(raw, T.self, position: position) }
        return value
    }

    /// Reads a `RawRepresentable` value that is also `Decodable` from its raw value, as the
    /// Codable path does for such enums (their synthesized coding is the raw value).
    @_disfavoredOverload
    @inlinable
    public func read<T: RawRepresentable & Decodable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T
    where T.RawValue: SQLiteRepresentable {
        assert(ColumnConversion.of(T.self) == .rawValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        let raw = try read(T.RawValue.self, at: position)
        guard let value = T(rawValue: raw) else { throw notARawValue(raw, T.self, position: position) }
        return value
    }

    /// Reads an optional `RawRepresentable` value that is also `Decodable`.
    @_disfavoredOverload
    @inlinable
    public func read<T: RawRepresentable & Decodable>(_ type: T?.Type, at position: Int) throws(SQLiteError) -> T?
    where T.RawValue: SQLiteRepresentable {
        assert(ColumnConversion.of(T.self) == .rawValue, "RecordReader and ColumnConversion disagree about \(T.self)")
        guard let raw = try read(T.RawValue?.self, at: position) else { return nil }
        guard let value = T(rawValue: raw) else { throw notARawValue(raw, T.self, position: position) }
        return value
    }

    // MARK: 4. Other Decodable values, as JSON

    /// Reads a column as any other `Decodable` value: from its JSON text, as SQLite.swift
    /// stores nested Codable values (a value that decodes from a single value reads the column
    /// itself).
    ///
    /// - Throws: `SQLiteError` naming the column and the type, with the decoding error as
    ///   its cause.
    @_disfavoredOverload
    public func read<T: Decodable>(_ type: T.Type, at position: Int) throws(SQLiteError) -> T {
        assert(ColumnConversion.of(T.self) == .decodable, "RecordReader and ColumnConversion disagree about \(T.self)")
        return try decode(T.self, column: column(at: position), position: position)
    }

    /// Reads a column as an optional `Decodable` value: `nil` for `NULL` or a missing column,
    /// the JSON text's value otherwise.
    @_disfavoredOverload
    public func read<T: Decodable>(_ type: T?.Type, at position: Int) throws(SQLiteError) -> T? {
        assert(ColumnConversion.of(T.self) == .decodable, "RecordReader and ColumnConversion disagree about \(T.self)")
        let column = column(at: position)
        guard contains(column), !value(at: column).isNull else { return nil }
        return try decode(T.self, column: column, position: position)
    }

    // MARK: Custom representations

    /// Reads a column through a ``ColumnRepresentation`` (`@Column(as: …)`).
    ///
    /// - Parameters:
    ///   - representation: How the property is stored.
    ///   - position: The property's position in the record's ``TableRecord/columnNames``.
    /// - Returns: The value.
    /// - Throws: `SQLiteError` naming the column and the type, with the representation's
    ///   error as its cause.
    @inlinable
    public func read<Representation: ColumnRepresentation>(
        using representation: Representation.Type, at position: Int
    ) throws(SQLiteError) -> Representation.Represented {
        let stored = try read(Representation.Stored.self, at: position)
        return try converting(stored, Representation.Represented.self, position: position) {
            try Representation.represented(from: $0)
        }
    }

    /// Reads a column through a ``ColumnRepresentation``, `nil` for `NULL`.
    @inlinable
    public func readOptional<Representation: ColumnRepresentation>(
        using representation: Representation.Type, at position: Int
    ) throws(SQLiteError) -> Representation.Represented? {
        guard let stored = try read(Representation.Stored?.self, at: position) else { return nil }
        return try converting(stored, Representation.Represented.self, position: position) {
            try Representation.represented(from: $0)
        }
    }

    // MARK: Failures

    /// Runs a conversion of a stored value, turning its error into one naming the column.
    @inlinable
    func converting<Stored, T>(
        _ stored: Stored, _ type: T.Type, position: Int, _ convert: (Stored) throws -> T
    ) throws(SQLiteError) -> T {
        do {
            return try convert(stored)
        } catch {
            throw conversionFailure(T.self, cause: error, position: position)
        }
    }

    /// The value of a column of the row (`.null` outside it).
    @usableFromInline
    func value(at column: Int32) -> SQLiteValue {
        guard contains(column) else { return .null }
        if let handle { return SQLiteValue(sqliteStatement: handle, column: column) }
        return rowValues[Int(column)]
    }

    /// Decodes the value of `column` as the Codable path decodes a property.
    @usableFromInline
    func decode<T: Decodable>(_ type: T.Type, column: Int32, position: Int) throws(SQLiteError) -> T {
        guard contains(column) else { throw failure(column, T.self, position: position) }
        do {
            return try ColumnValueDecoding.decode(
                T.self, from: value(at: column), column: columnName(column), codingPath: [], userInfo: [:])
        } catch {
            throw conversionFailure(T.self, cause: error, position: position)
        }
    }

    /// The record's name of the column at `position`.
    @usableFromInline
    func recordColumnName(_ position: Int) -> String {
        if let mapping { return mapping.name(at: position) }
        return columnName(Int32(truncatingIfNeeded: position))
    }

    /// The name of a column of the row.
    @usableFromInline
    func columnName(_ column: Int32) -> String {
        guard contains(column) else { return "?" }
        if let statement { return statement.columnName(at: column) ?? "?" }
        return rowNames.indices.contains(Int(column)) ? rowNames[Int(column)] : "?"
    }

    /// The error for a column that is missing, `NULL` or of the wrong type.
    @usableFromInline @inline(never)
    func failure<T>(_ column: Int32, _ type: T.Type, position: Int) -> SQLiteError {
        let name = recordColumnName(position)
        guard contains(column) else {
            let columns = (0..<columnCount).map { columnName($0) }.joined(separator: ", ")
            return SQLiteError(
                code: SQLITE_RANGE,
                details: "no column \"\(name)\" for a \(T.self) in the result; the columns are \(columns)",
                sql: statement?.sql)
        }
        let value = value(at: column)
        if value.isNull {
            return SQLiteError(
                code: SQLITE_MISMATCH,
                details: "column \"\(name)\" is NULL, which cannot be read as \(T.self); "
                    + "make the property optional (\(T.self)?) to accept NULL",
                sql: statement?.sql)
        }
        return SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \"\(name)\" holds \(ColumnValueDecoding.storageClass(of: value)) "
                + "\(value.sqliteLiteral.prefix(40)), which cannot be read as \(T.self)",
            sql: statement?.sql)
    }

    /// The error for a stored value that is not a raw value of `T`.
    @usableFromInline @inline(never)
    func notARawValue<Raw, T>(_ raw: Raw, _ type: T.Type, position: Int) -> SQLiteError {
        SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \"\(recordColumnName(position))\" holds \(raw), which is not a raw value of \(T.self)",
            sql: statement?.sql)
    }

    /// The error for a conversion that threw (a custom value's, a representation's, JSON's).
    @usableFromInline @inline(never)
    func conversionFailure<T>(_ type: T.Type, cause: any Error, position: Int) -> SQLiteError {
        if let error = cause as? SQLiteError, error.details?.contains("column \"") == true { return error }
        let reason: String
        switch cause {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            reason = context.debugDescription
        case let error as SQLiteError:
            reason = error.explanation
        default:
            reason = "\(cause)"
        }
        return SQLiteError(
            code: SQLITE_MISMATCH,
            details: "column \"\(recordColumnName(position))\" cannot be read as \(T.self): \(reason)",
            sql: statement?.sql)
    }
}
