/// A copy of one result row: its values and column names, independent of the statement.
///
/// ```swift
/// let rows = try db.prepare(sql: "SELECT id, name FROM users").rows()
/// let name: String = try rows[0].get("name")
/// ```
///
/// ## Choosing a row type
///
/// One row type reads, one copies:
/// - ``RowView`` reads the statement's current row *in place*, without copying: what a
///   ``Cursor`` hands out, for raw SQL (`row.get("name")`, `row.get(0)`) and typed queries
///   alike (`row.get(email)`, from `db.cursor(query)` in `Slate`). The primary row type.
/// - `Row` (this type) is a *copy* that outlives the statement: a ``RowView/snapshot()``, and
///   what ``Statement/rows()`` and SQLite.swift-style `for row in try db.prepare(query)` give.
///
/// The other row shapes are the spellings of the libraries Slate stands in for, in
/// `Compatibility/`: DataLiteCore's `SQLiteRow` (an ordered column → value map, also the named
/// parameters of `bind(_:)`) and SQLite.swift's `Statement.CurrentRow`
/// and `[Binding?]` rows.
public struct Row: Hashable, Sendable, CustomStringConvertible {
    /// The column names and their lookup table, shared by every row of a statement.
    public let layout: ColumnLayout
    /// The values, in column order.
    public let values: [SQLiteValue]

    /// Creates a row from names and values.
    ///
    /// - Parameters:
    ///   - layout: The column names.
    ///   - values: One value per column. A column without a value reads as NULL; reads never trap
    ///     when the two counts differ.
    public init(layout: ColumnLayout, values: [SQLiteValue]) {
        self.layout = layout
        self.values = values
    }

    /// Copies the statement's current row.
    /// A copy of the statement's current row whose values are written into `buffer` and shared
    /// with it: when the caller's previous row is gone, the buffer is reused in place (no
    /// allocation per row); when it is kept, the write copies the buffer first, as any array
    /// does, so a kept row never changes.
    ///
    /// - Parameters:
    ///   - statement: A statement positioned on a row.
    ///   - buffer: The values of the caller's previous row, reused when nothing else holds them.
    package init(statement: Statement, reusing buffer: inout [SQLiteValue]) {
        let layout = statement.columnLayout
        let handle = statement.handle
        let count = Int(sqlite3_column_count(handle))
        if buffer.count != count { buffer = Array(repeating: .null, count: count) }
        buffer.withUnsafeMutableBufferPointer { values in
            for index in values.indices {
                values[index] = SQLiteValue(sqliteStatement: handle, column: Int32(truncatingIfNeeded: index))
            }
        }
        self.init(layout: layout, values: buffer)
    }

    package init(statement: Statement) {
        let layout = statement.columnLayout
        let count = sqlite3_column_count(statement.handle)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(SQLiteValue(sqliteStatement: statement.handle, column: index)) }
        self.init(layout: layout, values: values)
    }

    /// The column names, in order.
    public var columnNames: [String] { layout.names }

    /// The number of columns.
    public var count: Int { values.count }

    /// The stored value of a column, or `.null` for an index out of range (as SQLite's column
    /// accessors answer); ``get(_:as:)-(Int,_)`` throws for one instead.
    ///
    /// - Parameter index: The 0-based column index.
    @inlinable
    public subscript(index: Int) -> SQLiteValue { values.indices.contains(index) ? values[index] : .null }

    /// The stored value of the first column with a name, or `nil` when there is none.
    public subscript(name: String) -> SQLiteValue? { layout.index(of: name).map { self[$0] } }

    /// Reads a column as a Swift type.
    ///
    /// - Parameters:
    ///   - index: The 0-based column index.
    ///   - type: The type to read (usually inferred).
    /// - Throws: ``SQLiteError`` for a bad index, or a value that does not convert.
    public func get<T: SQLiteRepresentable>(_ index: Int, as type: T.Type = T.self) throws(SQLiteError) -> T {
        guard values.indices.contains(index) else {
            throw SQLiteError.range("column index \(index) is out of range: the row has \(values.count) column(s)")
        }
        guard let value = T(columnValue: values[index]) else {
            let name = layout.names.indices.contains(index) ? layout.names[index] : "unnamed"
            throw SQLiteError.mismatch(
                "column \(index) (\(name)) holds \(values[index].sqliteLiteral.prefix(40)), "
                    + "which cannot be read as \(T.self)")
        }
        return value
    }

    /// Reads a column, found by name, as a Swift type.
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - type: The type to read (usually inferred).
    /// - Throws: ``SQLiteError`` when there is no such column or the value does not convert.
    public func get<T: SQLiteRepresentable>(_ name: String, as type: T.Type = T.self) throws(SQLiteError) -> T {
        guard let index = layout.index(of: name) else {
            throw SQLiteError.range("no column named \(name); the columns are \(layout.names.joined(separator: ", "))")
        }
        return try get(index, as: type)
    }

    /// The row as `[name: literal, …]`.
    public var description: String {
        "[" + zip(layout.names, values).map { "\($0): \($1.sqliteLiteral)" }.joined(separator: ", ") + "]"
    }
}

extension Statement {
    /// Runs the statement (reset first, bound values kept) and copies every row.
    ///
    /// - Returns: The rows.
    /// - Throws: ``SQLiteError`` on failure.
    public func rows() throws(SQLiteError) -> [Row] {
        let cursor = cursor()
        var rows: [Row] = []
        while let row = try cursor.next() { rows.append(row.snapshot()) }
        return rows
    }
}
