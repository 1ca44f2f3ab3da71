/// A virtual-table module and its arguments, for ``VirtualTable/create(_:ifNotExists:)``:
/// `.FTS4(…)`, `.FTS5(…)`, `.RTree(…)` or any module by name.
public struct Module: Sendable {
    /// The module name (`fts4`, `fts5`, `rtree`, …).
    public let name: String
    /// The arguments, as SQL (column names are quoted identifiers).
    public let arguments: [String]

    /// A module with arguments given as SQL fragments.
    ///
    /// - Parameters:
    ///   - name: The module name, used as is.
    ///   - arguments: The arguments, used as is.
    public init(_ name: String, _ arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }

    /// A module with column (or other expression) arguments.
    ///
    /// - Parameters:
    ///   - name: The module name, used as is.
    ///   - arguments: The arguments; bound values are inlined.
    public init(name: String, arguments: [any Expressible]) {
        self.init(name, arguments.map(SchemaSQL.inlined))
    }

    /// `name(argument, …)`.
    var sql: String { name + "(" + arguments.joined(separator: ", ") + ")" }
}
