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
