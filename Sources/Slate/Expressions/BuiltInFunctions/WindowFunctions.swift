// SQLite's window functions (SQLite 3.25+), with an `OVER (ORDER BY …)` window.

extension SQLTemplate {
    package static func window<T>(_ function: String, _ arguments: [any Expressible], _ orderBy: [any Expressible])
        -> SQLExpression<T>
    {
        let call: SQLExpression<Void> = self.call(function, arguments)
        let order = join(", ", orderBy)
        return SQLExpression(
            template: call.template + " OVER (ORDER BY " + order.template + ")", values: call.values + order.values)
    }
}

/// `row_number() OVER (ORDER BY …)`: the row's 1-based number in the window.
///
/// The ranking functions are typed `Int`, as SQLite.swift types them, so results compare with
/// Swift's integers without conversion.
///
/// - Parameter orderBy: The ordering terms.
/// - Returns: The expression.
public func rowNumber(_ orderBy: any Expressible...) -> SQLExpression<Int> {
    SQLTemplate.window("row_number", [], orderBy)
}

/// `rank() OVER (ORDER BY …)`: the row's rank, with gaps after ties.
///
/// - Parameter orderBy: The ordering terms.
/// - Returns: The expression.
public func rank(_ orderBy: any Expressible...) -> SQLExpression<Int> {
    SQLTemplate.window("rank", [], orderBy)
}

/// `dense_rank() OVER (ORDER BY …)`: the row's rank, without gaps.
///
/// - Parameter orderBy: The ordering terms.
/// - Returns: The expression.
public func denseRank(_ orderBy: any Expressible...) -> SQLExpression<Int> {
    SQLTemplate.window("dense_rank", [], orderBy)
}

/// `percent_rank() OVER (ORDER BY …)`: `(rank - 1) / (rows - 1)`.
///
/// - Parameter orderBy: The ordering terms.
/// - Returns: The expression.
public func percentRank(_ orderBy: any Expressible...) -> SQLExpression<Double> {
    SQLTemplate.window("percent_rank", [], orderBy)
}

/// `cume_dist() OVER (ORDER BY …)`: the cumulative distribution.
///
/// - Parameter orderBy: The ordering terms.
/// - Returns: The expression.
public func cumeDist(_ orderBy: any Expressible...) -> SQLExpression<Double> {
    SQLTemplate.window("cume_dist", [], orderBy)
}

/// `ntile(groups) OVER (ORDER BY …)`: the row's group number when split into `groups` groups.
///
/// - Parameters:
///   - groups: The number of groups.
///   - orderBy: The ordering terms.
/// - Returns: The expression.
public func ntile(_ groups: Int, _ orderBy: any Expressible...) -> SQLExpression<Int> {
    SQLTemplate.window("ntile", [groups], orderBy)
}

extension SQLExpression where Datatype: Value {
    /// `lag(expression, offset, default) OVER (ORDER BY …)`: the value `offset` rows before.
    ///
    /// The offset is always written, and it is 0 unless given, as in SQLite.swift: `x.lag(id)`
    /// is `lag("x", 0) OVER (ORDER BY "id")`, the current row's value. Pass `offset: 1` for the
    /// previous row (SQLite's own default when the argument is left out).
    ///
    /// - Parameters:
    ///   - offset: How many rows back (0 by default, as in SQLite.swift).
    ///   - defaultValue: The value when there is no such row (`NULL` by default).
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression.
    public func lag(offset: Int = 0, default defaultValue: Datatype? = nil, _ orderBy: any Expressible...)
        -> SQLExpression<Datatype?>
    {
        SQLTemplate.window("lag", SQLTemplate.offsetArguments(self, offset, defaultValue), orderBy)
    }

    /// `lead(expression, offset, default) OVER (ORDER BY …)`: the value `offset` rows after.
    ///
    /// The offset is always written, and it is 0 unless given, as in SQLite.swift: `x.lead(id)`
    /// is `lead("x", 0) OVER (ORDER BY "id")`, the current row's value. Pass `offset: 1` for the
    /// next row (SQLite's own default when the argument is left out).
    ///
    /// - Parameters:
    ///   - offset: How many rows ahead (0 by default, as in SQLite.swift).
    ///   - defaultValue: The value when there is no such row (`NULL` by default).
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression.
    public func lead(offset: Int = 0, default defaultValue: Datatype? = nil, _ orderBy: any Expressible...)
        -> SQLExpression<Datatype?>
    {
        SQLTemplate.window("lead", SQLTemplate.offsetArguments(self, offset, defaultValue), orderBy)
    }

    /// `lag(expression, offset, default) OVER (ORDER BY …)` with an expression as the default,
    /// such as another column (SQLite.swift's form; the default is written inline).
    ///
    /// - Parameters:
    ///   - offset: How many rows back (0 by default, as in SQLite.swift).
    ///   - defaultValue: The expression used when there is no such row.
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression.
    public func lag(offset: Int = 0, default defaultValue: some Expressible, _ orderBy: any Expressible...)
        -> SQLExpression<Datatype?>
    {
        SQLTemplate.window("lag", [self, offset, SQLTemplate.literal(defaultValue.asSQL())], orderBy)
    }

    /// `lead(expression, offset, default) OVER (ORDER BY …)` with an expression as the default
    /// (SQLite.swift's form; the default is written inline).
    ///
    /// - Parameters:
    ///   - offset: How many rows ahead (0 by default, as in SQLite.swift).
    ///   - defaultValue: The expression used when there is no such row.
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression.
    public func lead(offset: Int = 0, default defaultValue: some Expressible, _ orderBy: any Expressible...)
        -> SQLExpression<Datatype?>
    {
        SQLTemplate.window("lead", [self, offset, SQLTemplate.literal(defaultValue.asSQL())], orderBy)
    }

    /// `first_value(expression) OVER (ORDER BY …)`.
    ///
    /// - Parameter orderBy: The ordering terms.
    /// - Returns: The expression.
    public func firstValue(_ orderBy: any Expressible...) -> SQLExpression<Datatype> {
        SQLTemplate.window("first_value", [self], orderBy)
    }

    /// `last_value(expression) OVER (ORDER BY …)`.
    ///
    /// - Parameter orderBy: The ordering terms.
    /// - Returns: The expression.
    public func lastValue(_ orderBy: any Expressible...) -> SQLExpression<Datatype> {
        SQLTemplate.window("last_value", [self], orderBy)
    }

    /// `nth_value(expression, n) OVER (ORDER BY …)`: the value of the window's `n`th row.
    ///
    /// - Parameters:
    ///   - index: The 1-based row number in the window.
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression (`NULL` when the window is shorter).
    public func nthValue(_ index: Int, _ orderBy: any Expressible...) -> SQLExpression<Datatype?> {
        SQLTemplate.window("nth_value", [self, index], orderBy)
    }
}

extension SQLTemplate {
    /// `expression, offset[, default]`: SQLite.swift always writes the offset, so the SQL (and
    /// the result: an offset left out means 1 to SQLite) is the same as there.
    static func offsetArguments<V: Value>(_ expression: any Expressible, _ offset: Int, _ defaultValue: V?)
        -> [any Expressible]
    {
        var arguments: [any Expressible] = [expression, offset]
        if let defaultValue { arguments.append(value(defaultValue)) }
        return arguments
    }
}
