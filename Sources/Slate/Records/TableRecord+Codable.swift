import Foundation

// How SQLite.swift's Codable calls take a record's generated code when the type is both
// `@Table` and Codable: `row.decode()`, `Cursor.decodeAll`, `table.insert(record)`,
// `update(record)`, `upsert(record, onConflictOf:)` and `insertMany`. The results are the
// Codable path's, value for value (`RecordReader` and `RecordWriter` convert in the same order);
// the errors are `SQLiteError`s naming the column and the type, where Codable throws
// `DecodingError`s and `EncodingError`s.

extension TableRecord {
    /// The record as one insert row of every column, or `nil` when a `nil` property must be
    /// left out (``NilEncoding/omit``, SQLite.swift's rule), which changes the columns: then the
    /// encoded path writes it.
    @usableFromInline
    func insertRow(nilEncoding: NilEncoding) throws(SQLiteError) -> Insert.RecordRow? {
        var writer = RecordWriter(keepingValuesOf: Self.self)
        try write(to: &writer)
        if nilEncoding == .omit, writer.values.contains(where: \.isNull) { return nil }
        return Insert.RecordRow(type: ObjectIdentifier(Self.self), names: Self.columnNames, values: writer.values)
    }

    /// Reads a record from a copied row, finding its columns by name (once per layout).
    @inlinable
    static func decoded(from row: Row) throws(SQLiteError) -> Self {
        let reader = RecordReader(row: row, for: Self.self)
        return try Self(reading: reader)
    }

    /// Reads a record from a statement's current row in place (finding its columns by name, once
    /// per statement) and returns it as `Value`, the type the caller asked for.
    static func decodedInPlace<Value>(from statement: Statement, as type: Value.Type) throws -> Value {
        let reader = RecordReader(statement: statement, for: Self.self)
        guard let value = try Self(reading: reader) as? Value else {
            throw SQLiteError(code: SQLITE_MISUSE, details: "\(Self.self) is not a \(Value.self)")
        }
        return value
    }

    /// Reads a record from a copied row and returns it as `Value`, the type the caller asked for
    /// (the same type, seen through a generic parameter).
    static func decoded<Value>(from row: Row, as type: Value.Type) throws -> Value {
        guard let value = try decoded(from: row) as? Value else {
            throw SQLiteError(code: SQLITE_MISUSE, details: "\(Self.self) is not a \(Value.self)")
        }
        return value
    }
}

extension RecordReader {
    /// Reads every remaining row of a cursor over any SQL, finding the record's columns by name
    /// once (in place, no row copied).
    @inlinable
    static func readAll<Record: TableRecord>(_ type: Record.Type, from cursor: Cursor) throws(SQLiteError) -> [Record] {
        guard try cursor.next() != nil else { return [] }
        let reader = RecordReader(statement: cursor.statement, for: Record.self)
        var records: [Record] = []
        repeat {
            records.append(try Record(reading: reader))
        } while try cursor.next() != nil
        return records
    }

    /// ``readAll(_:from:)-(_,Cursor)`` for a type the caller sees only as `Value` (a generic
    /// `Decodable`): each record is handed over as `Value`.
    @usableFromInline
    static func readAll<Record: TableRecord, Value>(_ type: Record.Type, from cursor: Cursor, as: Value.Type) throws -> [Value] {
        guard try cursor.next() != nil else { return [] }
        let reader = RecordReader(statement: cursor.statement, for: Record.self)
        var values: [Value] = []
        repeat {
            guard let value = try Record(reading: reader) as? Value else {
                throw SQLiteError(code: SQLITE_MISUSE, details: "\(Record.self) is not a \(Value.self)")
            }
            values.append(value)
        } while try cursor.next() != nil
        return values
    }
}
