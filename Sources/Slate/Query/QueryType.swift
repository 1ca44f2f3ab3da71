/// A `SELECT` statement waiting to happen: a table (``Table``, ``View``, ``VirtualTable``) or a
/// query derived from one with chainable methods.
///
/// ```swift
/// let query = users.select(email)         // SELECT "email" FROM "users"
///                  .filter(name != nil)   // WHERE "name" IS NOT NULL
///                  .order(email.desc, name)
///                  .limit(5, offset: 1)
/// ```
public protocol QueryType: Expressible {
    /// The query's clauses.
    var clauses: QueryClauses { get set }

    /// Creates a query of every row of a table.
    ///
    /// - Parameters:
    ///   - name: The table name (unquoted).
    ///   - database: The attached schema holding it (`"main"`, `"temp"`, an attachment), if any.
    init(_ name: String, database: String?)
}

extension QueryType {
    /// A copy of the query with changed clauses.
    func changing(_ change: (inout QueryClauses) -> Void) -> Self {
        var query = self
        change(&query.clauses)
        return query
    }

    /// A query of another type with the same clauses.
    func converted<Q: QueryType>(to type: Q.Type) -> Q {
        var query = Q(clauses.from.name, database: clauses.from.database)
        query.clauses = clauses
        return query
    }

    // MARK: Names

    /// The table's name as SQL: `"users"`, or `"external"."users"` for an attached schema.
    ///
    /// - Returns: The quoted (and namespaced) table name.
    public func tableName() -> SQLExpression<Void> {
        SQLExpression(literal: qualified(clauses.from.name))
    }

    /// The name that qualifies the query's columns: the alias, else the (namespaced) table name.
    var namespace: String {
        if let alias = clauses.from.alias { return SQLiteValue.quoteIdentifier(alias) }
        return qualified(clauses.from.name)
    }

    /// A name prefixed with the query's attached schema, quoted.
    func qualified(_ name: String) -> String {
        let quoted = SQLiteValue.quoteIdentifier(name)
        guard let database = clauses.from.database else { return quoted }
        return SQLiteValue.quoteIdentifier(database) + "." + quoted
    }

    /// The table as it appears after `FROM`: `"users"`, `"users" AS "managers"`, `json_each(…)`.
    var fromExpression: SQLExpression<Void> {
        let table = clauses.from.source ?? tableName()
        guard let alias = clauses.from.alias else { return table }
        return SQLExpression(template: table.template + " AS " + SQLiteValue.quoteIdentifier(alias), values: table.values)
    }

    /// Whether the query selects `*` from its table and nothing more (a plain table reference).
    var isPlainTable: Bool { clauses.filters == nil && isFilteredTable }

    /// Whether the query is a table with, at most, a `WHERE` clause: joined, it is the table with
    /// its filters moved into the join's `ON` (SQLite.swift's text).
    var isFilteredTable: Bool {
        clauses.select.columns.count == 1 && clauses.select.columns[0].template == "*" && !clauses.select.distinct
            && clauses.join.isEmpty && clauses.group == nil && clauses.order.isEmpty
            && clauses.limit == nil && clauses.union.isEmpty && clauses.with.isEmpty
    }

    // MARK: Namespacing

    /// Qualifies a column with the query's name (or alias): `users[id]` is `"users"."id"`.
    ///
    /// - Parameter column: An unqualified column expression.
    /// - Returns: The namespaced column.
    public subscript<T>(column: SQLExpression<T>) -> SQLExpression<T> {
        SQLExpression(template: namespace + "." + column.template, values: column.values)
    }

    /// Every column of the query's table: `users[*]` is `"users".*`.
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: `"users".*`.
    public subscript(star: Star) -> SQLExpression<Void> {
        SQLExpression(literal: namespace + ".*")
    }

    /// The query under another name, for self-joins: `users.alias("managers")`.
    ///
    /// - Parameter alias: The alias (unquoted).
    /// - Returns: The aliased query.
    public func alias(_ alias: String) -> Self {
        changing { $0.from.alias = alias }
    }

    // MARK: SELECT

    /// Selects columns or other expressions.
    ///
    /// - Parameters:
    ///   - column: The first result column.
    ///   - more: More result columns.
    /// - Returns: The query with those result columns.
    public func select(_ column: any Expressible, _ more: any Expressible...) -> Self {
        select(false, [column] + more)
    }

    /// Selects distinct rows of columns or other expressions.
    ///
    /// - Parameters:
    ///   - column: The first result column.
    ///   - more: More result columns.
    /// - Returns: The query with those result columns, `SELECT DISTINCT`.
    public func select(distinct column: any Expressible, _ more: any Expressible...) -> Self {
        select(true, [column] + more)
    }

    /// Selects a list of columns or other expressions.
    ///
    /// - Parameter all: The result columns.
    /// - Returns: The query with those result columns.
    public func select(_ all: [any Expressible]) -> Self {
        select(false, all)
    }

    /// Selects distinct rows of a list of columns or other expressions.
    ///
    /// - Parameter columns: The result columns.
    /// - Returns: The query with those result columns, `SELECT DISTINCT`.
    public func select(distinct columns: [any Expressible]) -> Self {
        select(true, columns)
    }

    /// Selects every column: `select(*)`.
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: The query selecting `*`.
    public func select(_ star: Star) -> Self {
        select(false, [star(nil, nil)])
    }

    /// Selects distinct rows of every column: `select(distinct: *)`.
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: The query selecting `DISTINCT *`.
    public func select(distinct star: Star) -> Self {
        select(true, [star(nil, nil)])
    }

    /// Selects one typed expression, giving a query ``SlateCore/Connection/scalar(_:)-(ScalarQuery<V>)`` can run.
    ///
    /// - Parameter column: The expression.
    /// - Returns: A scalar query.
    public func select<V: Value>(_ column: SQLExpression<V>) -> ScalarQuery<V> {
        select(false, [column]).converted(to: ScalarQuery<V>.self)
    }

    /// Selects one typed expression that may be `NULL`.
    ///
    /// - Parameter column: The expression.
    /// - Returns: A scalar query.
    public func select<V: Value>(_ column: SQLExpression<V?>) -> ScalarQuery<V?> {
        select(false, [column]).converted(to: ScalarQuery<V?>.self)
    }

    /// Selects the distinct values of one typed expression.
    ///
    /// - Parameter column: The expression.
    /// - Returns: A scalar query, `SELECT DISTINCT`.
    public func select<V: Value>(distinct column: SQLExpression<V>) -> ScalarQuery<V> {
        select(true, [column]).converted(to: ScalarQuery<V>.self)
    }

    /// Selects the distinct values of one typed expression that may be `NULL`.
    ///
    /// - Parameter column: The expression.
    /// - Returns: A scalar query, `SELECT DISTINCT`.
    public func select<V: Value>(distinct column: SQLExpression<V?>) -> ScalarQuery<V?> {
        select(true, [column]).converted(to: ScalarQuery<V?>.self)
    }

    private func select(_ distinct: Bool, _ columns: [any Expressible]) -> Self {
        changing { $0.select = QueryClauses.Select(distinct: distinct, columns: columns.map(\.expression)) }
    }
}
