/// A virtual-table module and its arguments, for ``VirtualTable/create(_:ifNotExists:)``:
/// `.FTS4(…)`, `.FTS5(…)`, `.RTree(…)` or any module by name.
public struct Module: Sendable {
    /// The module name (`fts4`, `fts5`, `rtree`, …).
    public let name: String
    /// The arguments, as SQL (column names are quoted identifiers).
    public let arguments: [String]

    /// A module with arguments given as SQL fragments (FTS4's and FTS5's own options).
    ///
    /// - Parameters:
    ///   - name: The module name, used as is.
    ///   - arguments: The arguments, used as is.
    init(raw name: String, _ arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }

    /// A module by name, with arguments that are columns or values, as SQLite.swift writes it:
    /// `Module("custom", ["foo", "bar"])` renders `"custom"('foo', 'bar')`.
    ///
    /// - Parameters:
    ///   - name: The module name, quoted as an identifier.
    ///   - arguments: The arguments; bound values are inlined as SQL literals.
    public init(_ name: String, _ arguments: [any Expressible]) {
        self.init(raw: SQLiteValue.quoteIdentifier(name), arguments.map(SchemaSQL.inlined))
    }

    /// A module with column (or other expression) arguments.
    ///
    /// - Parameters:
    ///   - name: The module name, used as is.
    ///   - arguments: The arguments; bound values are inlined.
    public init(name: String, arguments: [any Expressible]) {
        self.init(raw: name, arguments.map(SchemaSQL.inlined))
    }

    /// `name(argument, …)`.
    var sql: String { name + "(" + arguments.joined(separator: ", ") + ")" }
}
