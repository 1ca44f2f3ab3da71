/// The clauses of a query, built up by ``QueryType``'s chainable methods and rendered once into
/// SQL by ``Expressible/expression``.
public struct QueryClauses: Sendable {
    /// The result columns and whether they are `DISTINCT`.
    public internal(set) var select: Select
    /// The table (or table-valued source) the query reads.
    public internal(set) var from: From
    /// The joined tables, in order.
    public internal(set) var join: [Join] = []
    /// The `WHERE` condition, all filters joined with `AND`.
    public internal(set) var filters: SQLExpression<Bool?>?
    /// The `GROUP BY` terms and the `HAVING` condition.
    public internal(set) var group: Group?
    /// The `ORDER BY` terms.
    public internal(set) var order: [SQLExpression<Void>] = []
    /// The `LIMIT` and `OFFSET`.
    public internal(set) var limit: Limit?
    /// Queries combined with `UNION` (or `UNION ALL`).
    public internal(set) var union: [Union] = []
    /// Common table expressions (`WITH`).
    public internal(set) var with: [With] = []

    /// The result columns.
    public struct Select: Sendable {
        /// Whether the query is `SELECT DISTINCT`.
        public internal(set) var distinct: Bool
        /// The column expressions (`*` by default).
        public internal(set) var columns: [SQLExpression<Void>]
    }

    /// The table a query reads.
    public struct From: Sendable {
        /// The table name (unquoted).
        public let name: String
        /// The alias (unquoted), if any.
        public internal(set) var alias: String?
        /// The attached schema (unquoted), if any.
        public let database: String?
        /// A table-valued source (such as `json_each(…)`) used instead of the table name.
        var source: SQLExpression<Void>?
    }

    /// One joined table.
    public struct Join: Sendable {
        /// The kind of join.
        public let type: JoinType
        /// The joined table (or subquery) as it appears after `JOIN`.
        public let table: SQLExpression<Void>
        /// The join condition, or `nil` for a join without `ON`.
        public let condition: SQLExpression<Void>?
        /// The name that qualifies the joined table's columns (`"managers"`).
        let namespace: String
        /// A query selecting the joined table's columns, to name the result's columns.
        let columnsSQL: String
    }

    /// `GROUP BY` and `HAVING`.
    public struct Group: Sendable {
        /// The grouping terms.
        public let by: [SQLExpression<Void>]
        /// The `HAVING` condition.
        public let having: SQLExpression<Bool?>?
    }

    /// `LIMIT` and `OFFSET`.
    public struct Limit: Sendable {
        /// The maximum number of rows.
        public let length: Int
        /// The number of rows to skip.
        public let offset: Int?
    }

    /// A query combined with `UNION`.
    public struct Union: Sendable {
        /// Whether duplicates are kept (`UNION ALL`).
        public let all: Bool
        /// The combined query's `SELECT`.
        public let query: SQLExpression<Void>
    }

    /// A common table expression.
    public struct With: Sendable {
        /// The name the query is known by (a quoted, possibly namespaced identifier).
        public let alias: SQLExpression<Void>
        /// The column names, if given.
        public let columns: [SQLExpression<Void>]?
        /// Whether it is `WITH RECURSIVE`.
        public let recursive: Bool
        /// The materialization hint, if any.
        public let hint: MaterializationHint?
        /// The query.
        public let query: SQLExpression<Void>
    }

    /// Clauses that select everything from a table.
    init(name: String, database: String?) {
        select = Select(distinct: false, columns: [SQLExpression(literal: "*")])
        from = From(name: name, alias: nil, database: database)
    }
}
