/// Where ``RowDecoder`` reads columns: a copied ``Row``, or a cursor's current row read in place
/// (no `SQLiteValue` array per row, and integers and reals read straight from SQLite).
protocol ColumnSource {
    /// The column names and their name → index table, shared by every row of a statement.
    var layout: ColumnLayout { get }
    /// The number of columns.
    var count: Int { get }
    /// The index of the first column with a name (exact spelling first, then ignoring case).
    func columnIndex(named name: String) -> Int?
    /// The stored value of a column.
    func value(at index: Int) -> SQLiteValue
    /// Whether a column is `NULL`.
    func isNull(at index: Int) -> Bool
    /// A column converted with SlateCore's conversion, or `nil` when it does not convert.
    func read<T: SQLiteRepresentable>(_ type: T.Type, at index: Int) -> T?
}

extension Row: ColumnSource {
    func columnIndex(named name: String) -> Int? { layout.index(of: name) }

    func value(at index: Int) -> SQLiteValue { values[index] }

    func isNull(at index: Int) -> Bool { values[index].isNull }

    @inline(__always)
    func read<T: SQLiteRepresentable>(_ type: T.Type, at index: Int) -> T? { T(values[index]) }
}

/// A cursor's current row and its statement's layout.
struct CursorRow: ColumnSource {
    let view: RowView
    let layout: ColumnLayout
    /// The view's statement, whose by-name lookup first tries the column after the last one
    /// found: properties decoded in column order cost one string comparison each, no hashing.
    let statement: Statement

    @inline(__always)
    func columnIndex(named name: String) -> Int? { statement.columnIndex(named: name).map(Int.init) }

    var count: Int { Int(view.columnCount) }

    func value(at index: Int) -> SQLiteValue { view[Int32(index)] }

    func isNull(at index: Int) -> Bool { view.isNull(Int32(index)) }

    @inline(__always)
    func read<T: SQLiteRepresentable>(_ type: T.Type, at index: Int) -> T? {
        try? view.get(Int32(index), as: type)
    }
}
