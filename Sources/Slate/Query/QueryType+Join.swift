// Joining other tables and queries: INNER, LEFT OUTER and CROSS joins.

extension QueryType {
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
        var table = table
        var condition = condition
        // A joined table with only a filter: the filter joins the `ON` condition, as SQLite.swift
        // writes it (`INNER JOIN "posts" ON ((…) AND "published")`); the same rows for inner and
        // outer joins. A query with more (columns, order, limit, …) is joined as a subquery, where
        // SQLite.swift dropped those clauses without a word.
        if let filters = table.clauses.filters, let on = condition, table.isFilteredTable {
            condition = SQLExpression(
                template: "(" + on.template + " AND " + filters.template + ")", values: on.values + filters.values)
            table.clauses.filters = nil
        }
        let joined: SQLExpression<Void>
        if table.isPlainTable {
            if table.clauses.from.alias != nil && table.clauses.from.source == nil {
                // `"users" AS "managers"`, SQLite.swift's text for an aliased table.
                joined = table.fromExpression
            } else if let alias = table.clauses.from.alias {
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
}
