// SQLite's aggregate functions: count, max, min, avg, sum, total, group_concat, and DISTINCT.

/// `count(*)`: the number of rows.
///
/// ```swift
/// users.select(count(*))   // SELECT count(*) FROM "users"
/// ```
///
/// - Parameter star: The `*` operator.
/// - Returns: `count(*)`.
public func count(_ star: Star) -> SQLExpression<Int> {
    SQLExpression(literal: "count(*)")
}

extension ExpressionType {
    /// The expression prefixed with `DISTINCT`, for aggregates: `name.distinct.count`.
    public var distinct: SQLExpression<UnderlyingType> {
        SQLExpression(template: "DISTINCT " + template, values: values)
    }

    /// `count(expression)`: the number of rows where the expression is not `NULL`.
    public var count: SQLExpression<Int> {
        SQLTemplate.call("count", [self])
    }

    /// `group_concat(expression)`: the non-`NULL` values joined with commas.
    public var groupConcat: SQLExpression<String?> {
        SQLTemplate.call("group_concat", [self])
    }

    /// `group_concat(expression, separator)`: the non-`NULL` values joined with a separator.
    ///
    /// - Parameter separator: The text between values.
    /// - Returns: The joined text, or `NULL` when there are no values.
    public func groupConcat(_ separator: String) -> SQLExpression<String?> {
        SQLTemplate.call("group_concat", [self, separator])
    }
}

extension SQLExpression where Datatype: Value, Datatype.Datatype: Comparable {
    /// `max(expression)`: the largest value, or `NULL` when there are no rows.
    public var max: SQLExpression<Datatype?> { SQLTemplate.call("max", [self]) }

    /// `min(expression)`: the smallest value, or `NULL` when there are no rows.
    public var min: SQLExpression<Datatype?> { SQLTemplate.call("min", [self]) }
}

extension SQLExpression where Datatype: OptionalType, Datatype.Wrapped: Value, Datatype.Wrapped.Datatype: Comparable {
    /// `max(expression)`: the largest value, or `NULL` when there are none.
    public var max: SQLExpression<Datatype> { SQLTemplate.call("max", [self]) }

    /// `min(expression)`: the smallest value, or `NULL` when there are none.
    public var min: SQLExpression<Datatype> { SQLTemplate.call("min", [self]) }
}

extension SQLExpression where Datatype: Value, Datatype.Datatype: Number {
    /// `avg(expression)`: the average, or `NULL` when there are no rows.
    public var average: SQLExpression<Double?> { SQLTemplate.call("avg", [self]) }

    /// `sum(expression)`: the sum, or `NULL` when there are no rows.
    public var sum: SQLExpression<Datatype?> { SQLTemplate.call("sum", [self]) }

    /// `total(expression)`: the sum as a `Double`, `0.0` when there are no rows.
    public var total: SQLExpression<Double> { SQLTemplate.call("total", [self]) }
}

extension SQLExpression where Datatype: OptionalType, Datatype.Wrapped: Value, Datatype.Wrapped.Datatype: Number {
    /// `avg(expression)`: the average of the non-`NULL` values, or `NULL`.
    public var average: SQLExpression<Double?> { SQLTemplate.call("avg", [self]) }

    /// `sum(expression)`: the sum of the non-`NULL` values, or `NULL`.
    public var sum: SQLExpression<Datatype> { SQLTemplate.call("sum", [self]) }

    /// `total(expression)`: the sum of the non-`NULL` values as a `Double`, `0.0` when there are none.
    public var total: SQLExpression<Double> { SQLTemplate.call("total", [self]) }
}
