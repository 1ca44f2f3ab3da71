// and(…) and or(…): one condition from many, such as filters built in a loop.

/// All the conditions together: `("a" AND "b" AND "c")`, or `("a")` for one condition.
///
/// - Parameter terms: The conditions; at least one.
/// - Returns: The combined condition.
public func and(_ terms: SQLExpression<Bool>...) -> SQLExpression<Bool> {
    and(terms)
}

/// All the conditions of an array together: `("a" AND "b")`.
///
/// - Parameter terms: The conditions; an empty array gives `(1)`, true, as AND over nothing is.
/// - Returns: The combined condition.
public func and(_ terms: [SQLExpression<Bool>]) -> SQLExpression<Bool> {
    SQLTemplate.chain("AND", terms, empty: "1")
}

/// Any of the conditions: `("a" OR "b" OR "c")`, or `("a")` for one condition.
///
/// - Parameter terms: The conditions; at least one.
/// - Returns: The combined condition.
public func or(_ terms: SQLExpression<Bool>...) -> SQLExpression<Bool> {
    or(terms)
}

/// Any of the conditions of an array: `("a" OR "b")`.
///
/// - Parameter terms: The conditions; an empty array gives `(0)`, false, as OR over nothing is.
/// - Returns: The combined condition.
public func or(_ terms: [SQLExpression<Bool>]) -> SQLExpression<Bool> {
    SQLTemplate.chain("OR", terms, empty: "0")
}

extension SQLTemplate {
    /// `(t1 op t2 op …)`, parenthesized once as SQLite.swift writes it; `(empty)` for no terms,
    /// so the SQL stays valid.
    static func chain(_ op: String, _ terms: [SQLExpression<Bool>], empty: String) -> SQLExpression<Bool> {
        guard !terms.isEmpty else { return SQLExpression(template: "(" + empty + ")", values: []) }
        let list = join(" " + op + " ", terms.map { operand($0.expression) })
        return SQLExpression(template: "(" + list.template + ")", values: list.values)
    }
}
