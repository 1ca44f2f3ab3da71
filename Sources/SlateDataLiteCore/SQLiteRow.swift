/// An ordered list of column → value pairs, DataLiteCore-style: a statement's current row, or the
/// named parameters for a statement (column `c` binds parameter `:c`).
///
/// ```swift
/// let row: SQLiteRow = ["name": "Alice", "age": 30]
/// try insert.bind(row)   // binds :name and :age
/// ```
///
/// Columns with the same name are all kept (a join can return two `id` columns); lookups by
/// name find the first. To read query results, `Cursor` and `Row` are faster and typed; see
/// `Row` for when to use which row type.
public struct SQLiteRow: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    /// A column name (DataLiteCore's name for the type).
    public typealias Column = String
    /// A column's value (DataLiteCore's name for the type).
    public typealias Value = SQLiteValue

    /// The column names, in order.
    public private(set) var columns: [String] = []
    /// The values, in column order.
    public private(set) var values: [SQLiteValue] = []

    /// Creates an empty row.
    public init() {}

    /// Creates a row from pairs, keeping their order.
    public init(dictionaryLiteral elements: (String, SQLiteValue)...) {
        for (column, value) in elements { append(column: column, value: value) }
    }

    /// Creates a row from pairs, keeping their order.
    ///
    /// - Parameter pairs: Column names and values.
    public init(_ pairs: [(String, SQLiteValue)]) {
        for (column, value) in pairs { append(column: column, value: value) }
    }

    /// Adds a column at the end (even if one with the same name exists).
    ///
    /// - Parameters:
    ///   - column: The column name.
    ///   - value: The value.
    public mutating func append(column: String, value: SQLiteValue) {
        columns.append(column)
        values.append(value)
    }

    /// Reserves room for this many columns (DataLiteCore's `reserveCapacity`).
    ///
    /// - Parameter minimumCapacity: The number of columns; a negative number reserves nothing.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        let capacity = Swift.max(minimumCapacity, 0)
        columns.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Reserves room for this many columns, counted as SQLite counts them.
    ///
    /// - Parameter minimumCapacity: The number of columns; a negative number reserves nothing.
    public mutating func reserveCapacity(_ minimumCapacity: Int32) { reserveCapacity(Int(minimumCapacity)) }

    /// The named-parameter spelling of each column (`:column`).
    public var namedParameters: [String] { columns.map { ":" + $0 } }

    /// The value of the first column with a name; setting replaces it, or appends a new column.
    public subscript(column: String) -> SQLiteValue? {
        get { columns.firstIndex(of: column).map { values[$0] } }
        set {
            if let index = columns.firstIndex(of: column) {
                if let newValue {
                    values[index] = newValue
                } else {
                    columns.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                append(column: column, value: newValue)
            }
        }
    }

    /// The position of the first column.
    public var startIndex: Int { 0 }
    /// The position past the last column.
    public var endIndex: Int { columns.count }
    /// The column and value at a position; past the ends, an empty column name and `.null`
    /// (reading a row never traps).
    public subscript(position: Int) -> (column: String, value: SQLiteValue) {
        columns.indices.contains(position) ? (columns[position], values[position]) : ("", .null)
    }

    /// The columns in a range of positions, clamped to the row (reading a row never traps).
    public subscript(bounds: Range<Int>) -> Slice<SQLiteRow> {
        let lower = Swift.min(Swift.max(bounds.lowerBound, 0), endIndex)
        let upper = Swift.min(Swift.max(bounds.upperBound, lower), endIndex)
        return Slice(base: self, bounds: lower..<upper)
    }

    /// The row as `["column": literal, …]`, such as `["name": 'Alice', "age": 30]`: each column
    /// name as a Swift string, each value as its SQL literal (DataLiteCore's format).
    public var description: String {
        "[" + zip(columns, values).map { "\($0.debugDescription): \($1.sqliteLiteral)" }.joined(separator: ", ") + "]"
    }

    /// Whether the row has a column of this name.
    ///
    /// - Parameter column: The column name, compared exactly.
    public func contains(_ column: String) -> Bool { columns.contains(column) }

    /// The position after `i`: `i + 1`, without a bounds check, so it never traps (as
    /// DataLiteCore's row); subscripting stays checked.
    ///
    /// - Parameter i: A position.
    public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`: `i - 1`, without a bounds check.
    ///
    /// - Parameter i: A position.
    public func index(before i: Int) -> Int { i - 1 }

    /// Two rows are equal when they have the same columns and values in the same order.
    public static func == (lhs: SQLiteRow, rhs: SQLiteRow) -> Bool {
        lhs.columns == rhs.columns && lhs.values == rhs.values
    }

    /// Hashes the columns and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(values)
    }
}
