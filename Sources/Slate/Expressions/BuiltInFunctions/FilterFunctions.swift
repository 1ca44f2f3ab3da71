// Filtering functions: like, glob, match, regexp, IN (contains) and ranges (~=).

extension SQLExpression where Datatype: TextExpressionDatatype {
    /// `("column" LIKE pattern)`, optionally with an escape character.
    ///
    /// - Parameters:
    ///   - pattern: The pattern (`%` any text, `_` one character).
    ///   - character: The character that escapes `%` and `_` in the pattern.
    /// - Returns: The condition (`NULL` for a `NULL` text).
    public func like(_ pattern: String, escape character: Character? = nil) -> SQLExpression<Datatype.TextCondition> {
        SQLTemplate.like("LIKE", self, SQLTemplate.value(pattern), escape: character)
    }

    /// `("column" LIKE pattern)` with a pattern expression.
    ///
    /// - Parameters:
    ///   - pattern: The pattern expression.
    ///   - character: The character that escapes `%` and `_` in the pattern.
    /// - Returns: The condition (`NULL` for a `NULL` text).
    public func like(
        _ pattern: SQLExpression<String>, escape character: Character? = nil
    ) -> SQLExpression<Datatype.TextCondition> {
        SQLTemplate.like("LIKE", self, pattern, escape: character)
    }

    /// `("column" GLOB pattern)`: a case-sensitive Unix-style pattern (`*`, `?`, `[…]`).
    ///
    /// - Parameter pattern: The pattern.
    /// - Returns: The condition (`NULL` for a `NULL` text).
    public func glob(_ pattern: String) -> SQLExpression<Datatype.TextCondition> {
        SQLTemplate.infix("GLOB", self, SQLTemplate.value(pattern))
    }

    /// `("column" MATCH pattern)`: a full-text query on an FTS column.
    ///
    /// - Parameter pattern: The full-text query.
    /// - Returns: The condition (`NULL` for a `NULL` text).
    public func match(_ pattern: String) -> SQLExpression<Datatype.TextCondition> {
        SQLTemplate.infix("MATCH", self, SQLTemplate.value(pattern))
    }

    /// `("column" REGEXP pattern)`; the connection must define a `regexp` function.
    ///
    /// - Parameter pattern: The regular expression.
    /// - Returns: The condition (`NULL` for a `NULL` text).
    public func regexp(_ pattern: String) -> SQLExpression<Datatype.TextCondition> {
        SQLTemplate.infix("REGEXP", self, SQLTemplate.value(pattern))
    }
}

extension String {
    /// `('text' LIKE pattern)`: this string matched against a pattern column or expression.
    ///
    /// - Parameters:
    ///   - pattern: The pattern expression.
    ///   - character: An escape character for `%` and `_` in the pattern.
    /// - Returns: The condition.
    public func like(_ pattern: SQLExpression<String>, escape character: Character? = nil) -> SQLExpression<Bool> {
        SQLTemplate.like("LIKE", SQLTemplate.value(self), pattern, escape: character)
    }
}

extension SQLTemplate {
    static func like<T>(_ op: String, _ lhs: any Expressible, _ pattern: any Expressible, escape: Character?)
        -> SQLExpression<T>
    {
        guard let escape else { return infix(op, lhs, pattern) }
        let base: SQLExpression<Void> = infix(op, lhs, pattern, wrap: false)
        return SQLExpression(
            template: "(" + base.template + " ESCAPE ?)", values: base.values + [.text(String(escape))])
    }

    static func list(_ values: [SQLiteValue]) -> SQLExpression<Void> {
        SQLExpression(template: "(" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")", values: values)
    }
}

extension Sequence where Element: Value {
    /// `("column" IN (v1, v2, …))`.
    ///
    /// ```swift
    /// users.filter([1, 2, 3].contains(id))
    /// ```
    ///
    /// - Parameter expression: The column or expression to look for.
    /// - Returns: The condition.
    public func contains(_ expression: SQLExpression<Element>) -> SQLExpression<Bool> {
        SQLTemplate.infix("IN", expression, SQLTemplate.list(map { $0.storedValue.sqliteValue }))
    }

    /// `("column" IN (v1, v2, …))` for a column that may be `NULL`.
    ///
    /// - Parameter expression: The column or expression to look for.
    /// - Returns: The condition.
    public func contains(_ expression: SQLExpression<Element?>) -> SQLExpression<Bool?> {
        SQLTemplate.infix("IN", expression, SQLTemplate.list(map { $0.storedValue.sqliteValue }))
    }
}

// MARK: - Ranges

/// `"column" BETWEEN low AND high`.
///
/// ```swift
/// posts.filter(startDate...Date() ~= published_at)
/// ```
///
/// - Parameters:
///   - lhs: The closed range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: ClosedRange<V>, rhs: SQLExpression<V>) -> SQLExpression<Bool> {
    SQLTemplate.between(rhs, lhs.lowerBound, lhs.upperBound)
}

/// `"column" BETWEEN low AND high` for a column that may be `NULL`.
///
/// - Parameters:
///   - lhs: The closed range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: ClosedRange<V>, rhs: SQLExpression<V?>) -> SQLExpression<Bool?> {
    SQLTemplate.between(rhs, lhs.lowerBound, lhs.upperBound)
}

/// `("column" >= low AND "column" < high)`.
///
/// - Parameters:
///   - lhs: The half-open range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: Range<V>, rhs: SQLExpression<V>) -> SQLExpression<Bool> {
    SQLTemplate.halfOpen(rhs, lhs.lowerBound, lhs.upperBound)
}

/// `("column" >= low AND "column" < high)` for a column that may be `NULL`.
///
/// - Parameters:
///   - lhs: The half-open range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: Range<V>, rhs: SQLExpression<V?>) -> SQLExpression<Bool?> {
    SQLTemplate.halfOpen(rhs, lhs.lowerBound, lhs.upperBound)
}

/// `("column" >= low)`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeFrom<V>, rhs: SQLExpression<V>) -> SQLExpression<Bool> {
    SQLTemplate.infix(">=", rhs, SQLTemplate.value(lhs.lowerBound), wrap: false)
}

/// `("column" >= low)` for a column that may be `NULL`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeFrom<V>, rhs: SQLExpression<V?>) -> SQLExpression<Bool?> {
    SQLTemplate.infix(">=", rhs, SQLTemplate.value(lhs.lowerBound), wrap: false)
}

/// `("column" <= high)`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeThrough<V>, rhs: SQLExpression<V>) -> SQLExpression<Bool> {
    SQLTemplate.infix("<=", rhs, SQLTemplate.value(lhs.upperBound), wrap: false)
}

/// `("column" <= high)` for a column that may be `NULL`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeThrough<V>, rhs: SQLExpression<V?>) -> SQLExpression<Bool?> {
    SQLTemplate.infix("<=", rhs, SQLTemplate.value(lhs.upperBound), wrap: false)
}

/// `("column" < high)`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeUpTo<V>, rhs: SQLExpression<V>) -> SQLExpression<Bool> {
    SQLTemplate.infix("<", rhs, SQLTemplate.value(lhs.upperBound), wrap: false)
}

/// `("column" < high)` for a column that may be `NULL`.
///
/// - Parameters:
///   - lhs: The range.
///   - rhs: The column or expression.
/// - Returns: The condition.
public func ~= <V: Value & Comparable>(lhs: PartialRangeUpTo<V>, rhs: SQLExpression<V?>) -> SQLExpression<Bool?> {
    SQLTemplate.infix("<", rhs, SQLTemplate.value(lhs.upperBound), wrap: false)
}

extension SQLTemplate {
    static func between<T>(_ column: any Expressible, _ low: some Value, _ high: some Value) -> SQLExpression<T> {
        let expression = operand(column.expression)
        return SQLExpression(
            template: expression.template + " BETWEEN ? AND ?",
            values: expression.values + [low.storedValue.sqliteValue, high.storedValue.sqliteValue])
    }

    static func halfOpen<T>(_ column: any Expressible, _ low: some Value, _ high: some Value) -> SQLExpression<T> {
        // `column >= low AND column < high`, unparenthesized, as SQLite.swift writes it.
        let lower: SQLExpression<Void> = infix(">=", column, value(low), wrap: false)
        let upper: SQLExpression<Void> = infix("<", column, value(high), wrap: false)
        return infix("AND", lower, upper, wrap: false)
    }
}
