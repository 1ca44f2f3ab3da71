infix operator <- : AssignmentPrecedence
postfix operator ++
postfix operator --

/// A column and the value to store in it, for `insert`, `update` and `upsert`: `email <- "a@b.c"`.
public struct Setter: Sendable {
    /// The column (an unqualified, quoted identifier expression).
    public let column: SQLExpression<Void>
    /// The value or expression to store.
    public let value: SQLExpression<Void>

    /// Creates a setter.
    ///
    /// - Parameters:
    ///   - column: The column.
    ///   - value: The value or expression.
    public init(column: some Expressible, value: some Expressible) {
        self.column = column.expression
        self.value = value.expression
    }
}

extension Setter: Expressible {
    /// `"column" = value`, as in an `UPDATE`'s `SET` clause.
    public var expression: SQLExpression<Void> {
        SQLExpression(template: column.template + " = " + value.template, values: column.values + value.values)
    }
}

/// Sets a column to an expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V>, value: SQLExpression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets a column to a value.
///
/// - Parameters:
///   - column: The column.
///   - value: The value.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V>, value: V) -> Setter {
    Setter(column: column, value: SQLTemplate.value(value))
}

/// Sets an optional column to an expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V?>, value: SQLExpression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to an optional expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V?>, value: SQLExpression<V?>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to a value or `NULL`.
///
/// - Parameters:
///   - column: The column.
///   - value: The value, or `nil` for `NULL`.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V?>, value: V?) -> Setter {
    Setter(column: column, value: SQLTemplate.value(value))
}

/// Increments an integer column: `"count" = "count" + 1`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func ++ <V: Value>(column: SQLExpression<V>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "+"))
}

/// Increments an optional integer column: `"count" = "count" + 1`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func ++ <V: Value>(column: SQLExpression<V?>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "+"))
}

/// Decrements an integer column: `"count" = "count" - 1`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func -- <V: Value>(column: SQLExpression<V>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "-"))
}

/// Decrements an optional integer column: `"count" = "count" - 1`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func -- <V: Value>(column: SQLExpression<V?>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "-"))
}

extension SQLTemplate {
    /// `column op 1`, unparenthesized, for `++` and `--`.
    static func step(_ column: any Expressible, _ op: String) -> SQLExpression<Void> {
        infix(op, column, SQLExpression<Void>(template: "?", values: [.int(1)]), wrap: false)
    }
}
