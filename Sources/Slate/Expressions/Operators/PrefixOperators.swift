// Prefix operators: ! (NOT), - (negation) and ~ (bitwise not).

/// Negates a condition: `NOT "verified"`.
///
/// - Parameter operand: The condition.
/// - Returns: `NOT operand`.
public prefix func ! (operand: SQLExpression<Bool>) -> SQLExpression<Bool> {
    SQLTemplate.prefix("NOT ", operand)
}

/// Negates a condition that may be `NULL`.
///
/// - Parameter operand: The condition.
/// - Returns: `NOT operand`.
public prefix func ! (operand: SQLExpression<Bool?>) -> SQLExpression<Bool?> {
    SQLTemplate.prefix("NOT ", operand)
}

/// Arithmetic negation: `-"balance"`.
///
/// - Parameter operand: The number.
/// - Returns: `-operand`.
public prefix func - <V: Value>(operand: SQLExpression<V>) -> SQLExpression<V> where V.Datatype: Number {
    SQLTemplate.prefix("-", operand)
}

/// Arithmetic negation of a number that may be `NULL`.
///
/// - Parameter operand: The number.
/// - Returns: `-operand`.
public prefix func - <V: Value>(operand: SQLExpression<V?>) -> SQLExpression<V?> where V.Datatype: Number {
    SQLTemplate.prefix("-", operand)
}

/// Bitwise not: `~"flags"`.
///
/// - Parameter operand: The integer.
/// - Returns: `~operand`.
public prefix func ~ <V: Value>(operand: SQLExpression<V>) -> SQLExpression<V> where V.Datatype: BinaryInteger {
    SQLTemplate.prefix("~", operand)
}

/// Bitwise not of an integer that may be `NULL`.
///
/// - Parameter operand: The integer.
/// - Returns: `~operand`.
public prefix func ~ <V: Value>(operand: SQLExpression<V?>) -> SQLExpression<V?> where V.Datatype: BinaryInteger {
    SQLTemplate.prefix("~", operand)
}
