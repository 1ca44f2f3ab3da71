/// Anything that can appear in a typed SQL statement: columns, values, compound expressions and
/// queries (as subqueries).
///
/// ```swift
/// let id = SQLExpression<Int64>("id")
/// id.asSQL()            // "id"
/// (id == 1).asSQL()     // ("id" = 1)
/// ```
public protocol Expressible {
    /// The SQL template with `?` placeholders and the values bound to them, without a type.
    var expression: SQLExpression<Void> { get }
}

extension Expressible {
    /// The SQL with every bound value inlined as an SQL literal, for logging and snapshot tests.
    ///
    /// - Returns: SQL such as `SELECT * FROM "users" WHERE ("id" = 1)`.
    public func asSQL() -> String {
        let expression = self.expression
        return SQLTemplate.inline(expression.values, into: expression.template)
    }
}
