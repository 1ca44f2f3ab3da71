// Rendering a query as its SELECT statement, and SELECT count(*).

extension QueryType {
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
