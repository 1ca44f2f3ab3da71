/// A copy of one result row: its values and column names, independent of the statement.
///
/// ```swift
/// let rows = try db.prepare(sql: "SELECT id, name FROM users").rows()
/// let name: String = try rows[0].get("name")
/// ```
public struct Row: Hashable, Sendable, CustomStringConvertible {
    /// The column names and their lookup table, shared by every row of a statement.
    public let layout: ColumnLayout
    /// The values, in column order.
    public let values: [SQLiteValue]

    /// Creates a row from names and values.
    ///
    /// - Parameters:
    ///   - layout: The column names.
    ///   - values: One value per column.
    public init(layout: ColumnLayout, values: [SQLiteValue]) {
        self.layout = layout
        self.values = values
    }

    /// Copies the statement's current row.
    init(statement: Statement) {
        self.init(layout: statement.columnLayout,
                  values: (0..<statement.columnCount()).map { statement.columnValue(at: $0) })
    }

    /// The column names, in order.
    public var columnNames: [String] { layout.names }

    /// The number of columns.
    public var count: Int { values.count }

    /// The stored value of a column.
    ///
    /// - Parameter index: The 0-based column index; it must be in range.
    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// The stored value of the first column with a name, or `nil` when there is none.
    public subscript(name: String) -> SQLiteValue? { layout.index(of: name).map { values[$0] } }

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
        guard let value = T(values[index]) else {
            throw SQLiteError.mismatch(
                "column \(index) (\(layout.names[index])) holds \(values[index].sqliteLiteral.prefix(40)), "
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

/// The names of a result's columns and a name → index table, built once per statement.
public final class ColumnLayout: Hashable, Sendable {
    /// The column names, in order.
    public let names: [String]
    private let indexByName: [String: Int]
    /// ASCII names → index without SipHash (see ``ColumnNameTable``).
    private let nameTable: ColumnNameTable
    private let indexByLowercasedName: [String: Int]
    /// What the layer that made the layout attached to it (another way to find its columns,
    /// such as by expression rather than by name); `nil` for layouts made from names alone.
    /// SlateCore never looks inside.
    package let attachment: (any AnyObject & Sendable)?
    /// Whether each column is the first with its exact spelling (a join can repeat `id`).
    @usableFromInline let isFirstOfItsName: [Bool]

    /// Creates a layout.
    ///
    /// - Parameter names: The column names, in order.
    public convenience init(names: [String]) {
        self.init(names: names, attachment: nil)
    }

    /// Creates a layout carrying another layer's data (see ``attachment``).
    package init(names: [String], attachment: (any AnyObject & Sendable)?) {
        self.names = names
        self.attachment = attachment
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        var first: [Bool] = []
        for (index, name) in names.enumerated() {
            first.append(exact[name] == nil)
            if exact[name] == nil { exact[name] = index }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
        }
        indexByName = exact
        nameTable = ColumnNameTable(names: names)
        indexByLowercasedName = folded
        isFirstOfItsName = first
    }

    /// Whether the column at `index` is the one ``index(of:)`` finds for `name`: spelled exactly
    /// so, and the first so spelled. Costs one string comparison, no hashing.
    @inlinable package func isColumn(_ index: Int, named name: String) -> Bool {
        index < names.count && isFirstOfItsName[index] && names[index] == name
    }

    /// The index of the first column with a name: the exact spelling first, then ignoring case.
    ///
    /// - Parameter name: The column name.
    public func index(of name: String) -> Int? {
        switch nameTable.lookup(name, in: names) {
        case .found(let index): return index
        case .absent: return indexByLowercasedName[name.lowercased()]
        case .unknown: return indexByName[name] ?? indexByLowercasedName[name.lowercased()]
        }
    }

    /// Layouts are equal when their names are.
    public static func == (lhs: ColumnLayout, rhs: ColumnLayout) -> Bool { lhs === rhs || lhs.names == rhs.names }

    /// Hashes the names.
    public func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

extension Statement {
    /// The statement's column names as a shared layout.
    public var columnLayout: ColumnLayout {
        if let layout = existingColumnLayout { return layout }
        let layout = ColumnLayout(names: columnNames)
        install(layout)
        return layout
    }

    /// The layout already built for the statement's columns, if it is still valid: the one
    /// ``columnLayout`` would return, without building one.
    package var existingColumnLayout: ColumnLayout? {
        if layoutNeedsCheck { checkLayout() }
        return cachedLayout
    }

    /// Makes `layout` the statement's layout, so that later runs (and reads by name) find it
    /// without reading the column names: a layer above gives the statement a layout that
    /// carries its own ``ColumnLayout/attachment``. Ignored unless its names are the
    /// statement's column names. Like any layout of the statement, it is dropped if SQLite
    /// recompiles the statement with other columns.
    ///
    /// - Parameter layout: A layout of the statement's columns.
    package func adoptColumnLayout(_ layout: ColumnLayout) {
        guard layout.names == columnNames else { return }
        install(layout)
    }

    private func install(_ layout: ColumnLayout) {
        cachedLayout = layout
        layoutReprepareCount = reprepareCount
        guessNames = layout.names.indices.map { layout.isColumn($0, named: layout.names[$0]) ? layout.names[$0] : nil }
        nextColumnGuess = 0
    }

    /// Forgets the cached columns if SQLite recompiled the statement with other ones since they
    /// were read (a schema change between runs). Checked once per run, after its first step:
    /// only then has SQLite recompiled what it had to.
    @usableFromInline
    func checkLayout() {
        guard sqlite3_stmt_busy(handle) != 0 else { return }   // not stepped yet: check later
        layoutNeedsCheck = false
        guard let layout = cachedLayout else { return }
        if let count = reprepareCount, count == layoutReprepareCount { return }
        // Recompiled (or SQLite too old to say, before 3.20): keep the layout only if the
        // columns are the same.
        if columnNames == layout.names {
            layoutReprepareCount = reprepareCount
            return
        }
        cachedLayout = nil
        guessNames = []
        nextColumnGuess = 0
    }

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
