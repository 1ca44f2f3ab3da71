/// Where ``RowDecoder`` reads columns: a statement's current row, read in place (integers and
/// reals straight from SQLite, no ``SQLiteValue`` per column), or the values of a copied ``Row``.
///
/// One concrete type with a branch rather than a protocol, so that the decoder's keyed container
/// is generic over its key type only and every read is compiled for its property type.
struct RowSource {
    /// The `sqlite3_stmt` whose current row is read, or `nil` to read ``values``. Only valid
    /// while its ``Statement`` is alive: the owner of the source (``RowDecoder``) keeps it.
    let handle: OpaquePointer?
    /// A copied row's values (empty when reading a statement).
    let values: [SQLiteValue]

    /// Reads the current row of a statement, which the caller keeps alive.
    init(handle: OpaquePointer) {
        self.handle = handle
        self.values = []
    }

    /// Reads a copied row's values.
    init(values: [SQLiteValue]) {
        self.handle = nil
        self.values = values
    }

    /// The stored value of a column (`.null` past the last column).
    func value(at index: Int) -> SQLiteValue {
        if let handle { return SQLiteValue(sqliteStatement: handle, column: Int32(index)) }
        return index < values.count ? values[index] : .null
    }

    /// Whether a column is `NULL` (also past the last column).
    @inline(__always)
    func isNull(at index: Int) -> Bool {
        if let handle { return sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL }
        return index < values.count ? values[index].isNull : true
    }

    /// A column converted with SlateCore's conversion (the same as `RowView.get` and `Row.get`),
    /// or `nil` when it does not convert (or is past the last column, which SQLite reads as
    /// `NULL`).
    @inline(__always)
    func read<T: SQLiteRepresentable>(_ type: T.Type, at index: Int) -> T? {
        if let handle { return T(sqliteStatement: handle, column: Int32(index)) }
        return index < values.count ? T(columnValue: values[index]) : nil
    }
}
