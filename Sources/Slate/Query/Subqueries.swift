// Subqueries: IN (SELECT …), EXISTS (SELECT …) and scalar subqueries.

extension QueryType {
    /// `(expression IN (SELECT …))`: whether the query (which selects one column) returns the
    /// expression's value.
    ///
    /// ```swift
    /// let authors = posts.select(userID)
    /// users.filter(authors.contains(id))
    /// // SELECT * FROM "users" WHERE ("id" IN (SELECT "user_id" FROM "posts"))
    /// ```
    ///
    /// - Parameter expression: The value to look for.
    /// - Returns: The condition.
    public func contains<V: Value>(_ expression: SQLExpression<V>) -> SQLExpression<Bool> {
        SQLTemplate.infix("IN", expression, SQLTemplate.parenthesized(self))
    }

    /// `(expression IN (SELECT …))` for an expression that may be `NULL`.
    ///
    /// - Parameter expression: The value to look for.
    /// - Returns: The condition.
    public func contains<V: Value>(_ expression: SQLExpression<V?>) -> SQLExpression<Bool?> {
        SQLTemplate.infix("IN", expression, SQLTemplate.parenthesized(self))
    }
}

/// `EXISTS (SELECT …)`: whether a query returns any row.
///
/// ```swift
/// users.filter(exists(posts.filter(userID == users[id])))
/// ```
///
/// - Parameter query: The query.
/// - Returns: The condition.
public func exists(_ query: some QueryType) -> SQLExpression<Bool> {
    SQLTemplate.prefix("EXISTS ", SQLTemplate.parenthesized(query))
}

extension SQLExpression {
    /// A scalar subquery, `(SELECT …)`, usable wherever a value is.
    ///
    /// ```swift
    /// let postCount = SQLExpression(posts.filter(userID == users[id]).count)
    /// users.select(email, postCount)
    /// ```
    ///
    /// - Parameter query: A query selecting one expression.
    public init(_ query: ScalarQuery<Datatype>) {
        self.init(SQLTemplate.parenthesized(query))
    }
}

extension SQLTemplate {
    static func parenthesized(_ query: some Expressible) -> SQLExpression<Void> {
        let expression = query.expression
        return SQLExpression(template: "(" + expression.template + ")", values: expression.values)
    }
}

/// A `SELECT` of one value with no table of its own, such as `SELECT EXISTS (SELECT …)`:
/// SQLite.swift's `Select`, which ``QueryType/exists`` returns and `Connection.scalar` runs.
public struct Select<Datatype>: Expressible, Sendable {
    /// The whole statement, with `?` placeholders for its values.
    public let expression: SQLExpression<Void>

    init(_ expression: SQLExpression<Void>) {
        self.expression = expression
    }
}

extension QueryType {
    /// `SELECT EXISTS (SELECT …)`: whether the query returns any row, run with
    /// `try db.scalar(users.filter(admin).exists)` (SQLite.swift's property). Inside a filter,
    /// use the ``exists(_:)`` function instead.
    public var exists: Select<Bool> {
        let query = expression
        return Select(SQLExpression(template: "SELECT EXISTS (" + query.template + ")", values: query.values))
    }
}

extension Connection {
    /// Runs a one-value ``Select``, such as ``QueryType/exists``.
    ///
    /// - Parameter select: The statement.
    /// - Returns: Its value.
    /// - Throws: `SQLiteError` on failure, when there is no row, or when the value is `NULL` or
    ///   does not convert.
    public func scalar<V: Value>(_ select: Select<V>) throws -> V {
        let key = select.expression.template
        let statement = try bound(select.expression, keys: [key])
        guard let row = try firstRow(of: statement) else {
            throw SQLiteError(code: SQLITE_ERROR, details: "the statement returned no row", sql: select.asSQL())
        }
        return try row.decode(V.self, at: 0, column: key)
    }
}
