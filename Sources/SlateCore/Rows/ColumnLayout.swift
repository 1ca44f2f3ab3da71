/// The names of a result's columns, their lookup tables and, for a typed query, the key of each
/// column (the SQL of the expression that selected it); built once per statement and shared by
/// every row copied from it.
public final class ColumnLayout: Hashable, Sendable {
    /// The column names, in order.
    public let names: [String]
    private let indexByName: [String: Int]
    /// ASCII names → index without SipHash (see ``ColumnNameTable``).
    private let nameTable: ColumnNameTable
    private let indexByLowercasedName: [String: Int]
    /// The typed query's key of each column, or `nil` for the rows of raw SQL, which are found
    /// by name.
    package let keys: ColumnKeys?
    /// A decoder the typed layer reuses for every row copied with this layout (`Row.decode()`);
    /// see ``ReusableObjectSlot``.
    package let decoderSlot = ReusableObjectSlot()
    /// What the typed layer derives from the layout once (a record's column indexes).
    package let derived = ColumnLayoutCache()
    /// Whether each column is the first with its exact spelling (a join can repeat `id`).
    @usableFromInline let isFirstOfItsName: [Bool]

    /// Creates a layout.
    ///
    /// - Parameter names: The column names, in order.
    public convenience init(names: [String]) {
        self.init(names: names, keys: nil)
    }

    /// Creates a layout whose columns are also found by key (see ``keys``).
    package init(names: [String], keys: [String]?) {
        self.names = names
        // One key per column, or none: a mismatched list would send lookups past the columns.
        self.keys = keys.flatMap { $0.count == names.count ? ColumnKeys(keys: $0) : nil }
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

    /// The index of the column an expression's SQL names: by the typed query's keys, which
    /// report an ambiguous unqualified name (`"id"` after a join) with its candidates; or, for
    /// rows of raw SQL, by the name the expression ends with (`"users"."id"` finds `id`).
    ///
    /// - Parameter key: The expression's SQL (`"users"."id"`, `count(*)`).
    /// - Throws: ``SQLiteError`` for an ambiguous or missing column.
    package func index(forKey key: String) throws(SQLiteError) -> Int {
        if let keys { return try keys.index(of: key) }
        let unaliased = ColumnKeys.alias(in: key) ?? key
        let name = ColumnKeys.lastComponent(of: unaliased).map(ColumnKeys.unquoted) ?? unaliased
        guard let index = index(of: name) else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                details: "no column \(key) in the result; the columns are \(names.joined(separator: ", "))")
        }
        return index
    }

    /// The key of a column: the typed query's, or the quoted name.
    package func key(at index: Int) -> String {
        if let keys, keys.keys.indices.contains(index) { return keys.keys[index] }
        return names.indices.contains(index) ? SQLiteValue.quoteIdentifier(names[index]) : ""
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
    /// The statement's column names as a shared layout, with the keys of the typed query that
    /// runs it (see `useColumnKeys(_:)`).
    public var columnLayout: ColumnLayout {
        if layoutNeedsCheck { checkLayout() }
        if let cachedLayout { return cachedLayout }
        let names = columnNames
        let layout = ColumnLayout(names: names, keys: columnKeyProvider.map { $0(self, names) })
        install(layout)
        return layout
    }

    private func install(_ layout: ColumnLayout) {
        cachedLayout = layout
        layoutReprepareCount = reprepareCount
        guessNames = layout.names.indices.map { layout.isColumn($0, named: layout.names[$0]) ? layout.names[$0] : nil }
        guessKeys = Array(repeating: nil, count: layout.names.count)
        nextColumnGuess = 0
        nextKeyGuess = 0
    }

    /// Forgets the cached columns if SQLite recompiled the statement with other ones since they
    /// were read (a schema change between runs). Checked once per run, after its first step:
    /// only then has SQLite recompiled what it had to.
    @usableFromInline
    func checkLayout() {
        guard sqlite3_stmt_busy(handle) != 0 else { return }  // not stepped yet: check later
        layoutNeedsCheck = false
        guard let layout = cachedLayout else { return }
        if let count = reprepareCount, count == layoutReprepareCount { return }
        // Recompiled (or SQLite too old to say, before 3.20): keep the layout only if the
        // columns are the same.
        if columnNames == layout.names {
            layoutReprepareCount = reprepareCount
            return
        }
        forgetLayout()
    }

    /// Drops the layout, so that the next lookup builds one for the statement's columns.
    func forgetLayout() {
        cachedLayout = nil
        guessNames = []
        guessKeys = []
        nextColumnGuess = 0
        nextKeyGuess = 0
    }

    /// Gives the statement the keys of the typed query that runs it: `provider` makes them from
    /// the statement and its column names when the layout is (re)built, after the first step of
    /// a run, when SQLite has recompiled the statement for a changed schema. A cached statement
    /// is reused only for the same SQL, so a later query that takes it has the same keys; the
    /// layout already built is kept unless it has no keys.
    ///
    /// - Parameter provider: The keys of the columns, one per name.
    package func useColumnKeys(_ provider: @escaping (Statement, [String]) -> [String]) {
        columnKeyProvider = provider
        if let cachedLayout, cachedLayout.keys == nil { forgetLayout() }
    }

    /// The column names of another SELECT on the statement's database, or `nil` when it does
    /// not compile: what a typed query's keys need to expand `*` over a joined source. Through
    /// the SQLite handle the statement keeps open, so it works after the `Connection` object is
    /// released (a cursor in the user's hands outlives it).
    ///
    /// - Parameter sql: One SELECT statement.
    package func columnNames(ofSQL sql: String) -> [String]? {
        guard let db = connectionHandle.db else { return nil }
        var other: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &other, nil) == SQLITE_OK, let other else { return nil }
        defer { sqlite3_finalize(other) }
        return (0..<sqlite3_column_count(other)).map { sqlite3_column_name(other, $0).map { String(cString: $0) } ?? "" }
    }

    /// Whether a typed query gave the statement its column keys (``useColumnKeys(_:)``).
    package var hasColumnKeys: Bool { columnKeyProvider != nil }
}
