/// The type of the `*` operator when it stands for "every column": `select(*)`, `users[*]`,
/// `count(*)`.
public typealias Star = (SQLExpression<any SQLiteBindable>?, SQLExpression<any SQLiteBindable>?) -> SQLExpression<Void>

/// `*` as "every column", for `select(*)`, `users[*]` and `count(*)`.
///
/// - Parameters:
///   - lhs: Unused; present so that `*` can be passed as a ``Star``.
///   - rhs: Unused.
/// - Returns: The literal `*`.
public func * (_: SQLExpression<any SQLiteBindable>?, _: SQLExpression<any SQLiteBindable>?) -> SQLExpression<Void> {
    SQLExpression(literal: "*")
}
