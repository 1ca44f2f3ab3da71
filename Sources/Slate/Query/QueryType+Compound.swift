// Queries built from other queries: UNION and common table expressions (WITH).

extension QueryType {
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
}
