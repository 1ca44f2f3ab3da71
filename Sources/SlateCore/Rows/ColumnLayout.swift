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

}
