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

/// A query that names a schema object (a table, view or virtual table) that can be created,
/// altered and dropped.
public protocol SchemaType: QueryType {
    /// The object's kind in SQL: `TABLE`, `VIEW` or `VIRTUAL TABLE`.
    static var identifier: String { get }
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
    var isPlainTable: Bool {
        clauses.select.columns.count == 1 && clauses.select.columns[0].template == "*" && !clauses.select.distinct
            && clauses.join.isEmpty && clauses.filters == nil && clauses.group == nil && clauses.order.isEmpty
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

    /// Selects one typed expression, giving a query ``Connection/scalar(_:)-(ScalarQuery<V>)`` can run.
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

    // MARK: JOIN

    /// Joins another table (an inner join).
    ///
    /// ```swift
    /// users.join(posts, on: user_id == users[id])
    /// // SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table (or query) to join.
    ///   - condition: The join condition.
    /// - Returns: The query with the join.
    public func join(_ table: some QueryType, on condition: SQLExpression<Bool>) -> Self {
        join(.inner, table, on: condition)
    }

    /// Joins another table on a condition that may be `NULL` (an inner join).
    ///
    /// - Parameters:
    ///   - table: The table (or query) to join.
    ///   - condition: The join condition.
    /// - Returns: The query with the join.
    public func join(_ table: some QueryType, on condition: SQLExpression<Bool?>) -> Self {
        join(.inner, table, on: condition)
    }

    /// Joins another table with a kind of join.
    ///
    /// - Parameters:
    ///   - type: `.inner`, `.leftOuter` or `.cross`.
    ///   - table: The table (or query) to join.
    ///   - condition: The join condition.
    /// - Returns: The query with the join.
    public func join(_ type: JoinType, _ table: some QueryType, on condition: SQLExpression<Bool>) -> Self {
        join(type, table, condition: condition.expression)
    }

    /// Joins another table with a kind of join, on a condition that may be `NULL`.
    ///
    /// - Parameters:
    ///   - type: `.inner`, `.leftOuter` or `.cross`.
    ///   - table: The table (or query) to join.
    ///   - condition: The join condition.
    /// - Returns: The query with the join.
    public func join(_ type: JoinType, _ table: some QueryType, on condition: SQLExpression<Bool?>) -> Self {
        join(type, table, condition: condition.expression)
    }

    /// Joins another table without a condition (`CROSS JOIN "posts"`).
    ///
    /// - Parameters:
    ///   - type: The kind of join, usually `.cross`.
    ///   - table: The table (or query) to join.
    /// - Returns: The query with the join.
    public func join(_ type: JoinType, _ table: some QueryType) -> Self {
        join(type, table, condition: nil)
    }

    private func join(_ type: JoinType, _ table: some QueryType, condition: SQLExpression<Void>?) -> Self {
        let joined: SQLExpression<Void>
        if table.isPlainTable {
            if let alias = table.clauses.from.alias {
                let source = table.clauses.from.source ?? table.tableName()
                joined = SQLExpression(
                    template: "(" + source.template + ") AS " + SQLiteValue.quoteIdentifier(alias), values: source.values)
            } else {
                joined = table.fromExpression
            }
        } else {
            let subquery = table.expression
            joined = SQLExpression(
                template: "(" + subquery.template + ") AS " + table.namespace, values: subquery.values)
        }
        let clause = QueryClauses.Join(
            type: type, table: joined, condition: condition, namespace: table.namespace,
            columnsSQL: "SELECT * FROM " + SQLTemplate.inline(joined.values, into: joined.template))
        return changing { $0.join.append(clause) }
    }

    // MARK: WHERE

    /// Keeps the rows matching a condition; several filters are joined with `AND`.
    ///
    /// ```swift
    /// users.filter(id == 1)   // SELECT * FROM "users" WHERE ("id" = 1)
    /// ```
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func filter(_ predicate: SQLExpression<Bool>) -> Self {
        filter(SQLExpression<Bool?>(predicate))
    }

    /// Keeps the rows matching a condition that may be `NULL` (a `NULL` result drops the row).
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func filter(_ predicate: SQLExpression<Bool?>) -> Self {
        changing { clauses in
            clauses.filters = clauses.filters.map { SQLTemplate.infix("AND", $0, predicate) } ?? predicate
        }
    }

    /// The same as ``filter(_:)-(SQLExpression<Bool>)``.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool>) -> Self {
        filter(predicate)
    }

    /// The same as ``filter(_:)-(SQLExpression<Bool?>)``.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool?>) -> Self {
        filter(predicate)
    }

    // MARK: GROUP BY

    /// Groups rows by expressions.
    ///
    /// - Parameter by: The grouping terms.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible...) -> Self {
        group(by, having: nil)
    }

    /// Groups rows by a list of expressions.
    ///
    /// - Parameter by: The grouping terms.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible]) -> Self {
        group(by, having: nil)
    }

    /// Groups rows by an expression and keeps the groups matching a condition.
    ///
    /// - Parameters:
    ///   - by: The grouping term.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible, having: SQLExpression<Bool>) -> Self {
        group([by], having: SQLExpression<Bool?>(having))
    }

    /// Groups rows by an expression and keeps the groups matching a condition that may be `NULL`.
    ///
    /// - Parameters:
    ///   - by: The grouping term.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible, having: SQLExpression<Bool?>) -> Self {
        group([by], having: having)
    }

    /// Groups rows by expressions and keeps the groups matching a condition.
    ///
    /// - Parameters:
    ///   - by: The grouping terms.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible], having: SQLExpression<Bool>) -> Self {
        group(by, having: SQLExpression<Bool?>(having))
    }

    /// Groups rows by expressions and keeps the groups matching a condition that may be `NULL`.
    ///
    /// - Parameters:
    ///   - by: The grouping terms.
    ///   - having: The group condition, or `nil`.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible], having: SQLExpression<Bool?>?) -> Self {
        changing { $0.group = QueryClauses.Group(by: by.map(\.expression), having: having) }
    }

    // MARK: ORDER BY

    /// Sorts the rows; use `.asc` and `.desc` on a column for the direction.
    ///
    /// ```swift
    /// users.order(email.desc, name.asc)
    /// ```
    ///
    /// - Parameter by: The ordering terms.
    /// - Returns: The sorted query.
    public func order(_ by: any Expressible...) -> Self {
        order(by)
    }

    /// Sorts the rows by a list of ordering terms.
    ///
    /// - Parameter by: The ordering terms.
    /// - Returns: The sorted query.
    public func order(_ by: [any Expressible]) -> Self {
        changing { $0.order = by.map(\.expression) }
    }

    // MARK: LIMIT

    /// Limits the number of rows, optionally skipping some first; `nil` removes the limit.
    ///
    /// - Parameters:
    ///   - length: The maximum number of rows, or `nil`.
    ///   - offset: The number of rows to skip.
    /// - Returns: The limited query.
    public func limit(_ length: Int?, offset: Int? = nil) -> Self {
        changing { $0.limit = length.map { QueryClauses.Limit(length: $0, offset: offset) } }
    }

    // MARK: UNION

    /// Combines the query's rows with another query's (`UNION`, or `UNION ALL` with `all`).
    ///
    /// - Parameters:
    ///   - all: Whether to keep duplicate rows.
    ///   - query: The other query.
    /// - Returns: The compound query.
    public func union(all: Bool = false, _ query: some QueryType) -> Self {
        changing { $0.union.append(QueryClauses.Union(all: all, query: query.compoundMember)) }
    }

    /// The query as one member of a compound `SELECT`. A query with its own `ORDER BY`,
    /// `LIMIT`, `UNION` or `WITH` is wrapped (`SELECT * FROM (…)`): written as it is, its
    /// `ORDER BY`/`LIMIT` would sort and cut the whole compound, its `UNION` would regroup
    /// with the operators before it, and a `WITH` there is a syntax error.
    var compoundMember: SQLExpression<Void> {
        let expression = expression
        let clauses = clauses
        guard !clauses.order.isEmpty || clauses.limit != nil || !clauses.union.isEmpty || !clauses.with.isEmpty else {
            return expression
        }
        return SQLExpression(template: "SELECT * FROM (" + expression.template + ")", values: expression.values)
    }

    // MARK: WITH

    /// Adds a common table expression the query can read by name.
    ///
    /// ```swift
    /// chain.with(chain, recursive: true, as: query)
    /// // WITH RECURSIVE "chain" AS (…) SELECT * FROM "chain"
    /// ```
    ///
    /// - Parameters:
    ///   - alias: The table the expression is known by.
    ///   - columns: The expression's column names, if given.
    ///   - recursive: Whether the expression refers to itself (`WITH RECURSIVE`).
    ///   - hint: Whether SQLite should materialize it (SQLite 3.35+).
    ///   - query: The expression's query.
    /// - Returns: The query with the common table expression.
    public func with(
        _ alias: Table, columns: [any Expressible]? = nil, recursive: Bool = false, hint: MaterializationHint? = nil,
        as query: some QueryType
    ) -> Self {
        let clause = QueryClauses.With(
            alias: alias.tableName(), columns: columns?.map(\.expression), recursive: recursive, hint: hint,
            query: query.expression)
        return changing { $0.with.append(clause) }
    }

    // MARK: Aggregates

    /// The number of rows the query returns: `SELECT count(*) FROM …`.
    ///
    /// A query whose row count is not its table's filtered row count (`DISTINCT`, `GROUP BY`,
    /// `LIMIT`/`OFFSET`, `UNION`) is counted as a subquery, `SELECT count(*) FROM (SELECT …)`,
    /// so that none of those clauses is lost when the result columns become `count(*)`.
    public var count: ScalarQuery<Int> {
        let clauses = clauses
        guard clauses.select.distinct || clauses.group != nil || clauses.limit != nil || !clauses.union.isEmpty else {
            return select(Slate.count(*))
        }
        var counted = ScalarQuery<Int>(clauses.from.name, database: clauses.from.database)
        counted.clauses.from.source = SQLTemplate.parenthesized(self)
        return counted.select(Slate.count(*))
    }

    // MARK: Rendering

    /// The query's `SELECT` statement, with `?` placeholders for its values.
    public var expression: SQLExpression<Void> {
        // Appended into one string (not built as parts and joined): queries such as lookups are
        // rendered on every call, and each intermediate string was one more allocation.
        var sql = ""
        sql.reserveCapacity(96)
        var values: [SQLiteValue] = []
        if !clauses.with.isEmpty {
            let with = withClause
            sql += with.template
            sql += " "
            values += with.values
        }
        let columns = SQLTemplate.join(", ", clauses.select.columns)
        sql += clauses.select.distinct ? "SELECT DISTINCT " : "SELECT "
        sql += columns.template
        values += columns.values
        let from = fromExpression
        sql += " FROM "
        sql += from.template
        values += from.values
        for join in clauses.join {
            sql += " "
            sql += join.type.rawValue
            sql += " JOIN "
            sql += join.table.template
            values += join.table.values
            if let condition = join.condition {
                sql += " ON "
                sql += condition.template
                values += condition.values
            }
        }
        if let filters = clauses.filters {
            sql += " WHERE "
            sql += filters.template
            values += filters.values
        }
        if let group = clauses.group {
            let by = SQLTemplate.join(", ", group.by)
            sql += " GROUP BY "
            sql += by.template
            values += by.values
            if let having = group.having {
                sql += " HAVING "
                sql += having.template
                values += having.values
            }
        }
        for union in clauses.union {
            sql += union.all ? " UNION ALL " : " UNION "
            sql += union.query.template
            values += union.query.values
        }
        if !clauses.order.isEmpty {
            let order = SQLTemplate.join(", ", clauses.order)
            sql += " ORDER BY "
            sql += order.template
            values += order.values
        }
        if let limit = clauses.limit {
            sql += " LIMIT "
            sql += String(limit.length)
            if let offset = limit.offset {
                sql += " OFFSET "
                sql += String(offset)
            }
        }
        return SQLExpression(template: sql, values: values)
    }

    /// `WITH [RECURSIVE] "name" AS (…), …`, shared by SELECT and by UPDATE and DELETE.
    var withClause: SQLExpression<Void> {
        let recursive = clauses.with.contains(where: \.recursive)
        let tables = clauses.with.map { with -> SQLExpression<Void> in
            var template = with.alias.template
            var values = with.alias.values
            if let columns = with.columns {
                let list = SQLTemplate.join(", ", columns)
                template += " (" + list.template + ")"
                values += list.values
            }
            template += " AS " + (with.hint.map { $0.rawValue + " " } ?? "") + "(" + with.query.template + ")"
            values += with.query.values
            return SQLExpression(template: template, values: values)
        }
        let list = SQLTemplate.join(", ", tables)
        return SQLExpression(template: (recursive ? "WITH RECURSIVE " : "WITH ") + list.template, values: list.values)
    }
}
