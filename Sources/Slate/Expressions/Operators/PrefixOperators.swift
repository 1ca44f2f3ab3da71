// Prefix operators: ! (NOT), - (negation) and ~ (bitwise not). Each puts its operand in
// parentheses (`NOT ("verified")`), as SQLite.swift does, so generated SQL matches it.

/// Negates a condition: `NOT ("verified")`.
///
/// - Parameter operand: The condition.
/// - Returns: `NOT (operand)`.
public prefix func ! (operand: SQLExpression<Bool>) -> SQLExpression<Bool> {
    SQLTemplate.wrappedPrefix("NOT ", operand)
}

/// Negates a condition that may be `NULL`.
///
/// - Parameter operand: The condition.
/// - Returns: `NOT (operand)`.
public prefix func ! (operand: SQLExpression<Bool?>) -> SQLExpression<Bool?> {
    SQLTemplate.wrappedPrefix("NOT ", operand)
}

/// Arithmetic negation: `-("balance")`.
///
/// - Parameter operand: The number.
/// - Returns: `-(operand)`.
public prefix func - <V: Value>(operand: SQLExpression<V>) -> SQLExpression<V> where V.Datatype: Number {
    SQLTemplate.wrappedPrefix("-", operand)
}

/// Arithmetic negation of a number that may be `NULL`.
///
/// - Parameter operand: The number.
/// - Returns: `-(operand)`.
public prefix func - <V: Value>(operand: SQLExpression<V?>) -> SQLExpression<V?> where V.Datatype: Number {
    SQLTemplate.wrappedPrefix("-", operand)
}

/// Bitwise not: `~("flags")`.
///
/// - Parameter operand: The integer.
/// - Returns: `~(operand)`.
public prefix func ~ <V: Value>(operand: SQLExpression<V>) -> SQLExpression<V> where V.Datatype: BinaryInteger {
    SQLTemplate.wrappedPrefix("~", operand)
}

/// Bitwise not of an integer that may be `NULL`.
///
/// - Parameter operand: The integer.
/// - Returns: `~(operand)`.
public prefix func ~ <V: Value>(operand: SQLExpression<V?>) -> SQLExpression<V?> where V.Datatype: BinaryInteger {
    SQLTemplate.wrappedPrefix("~", operand)
}
