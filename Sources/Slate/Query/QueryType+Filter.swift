// Choosing and arranging rows: WHERE, GROUP BY … HAVING, ORDER BY and LIMIT.

extension QueryType {
    // MARK: WHERE

    /// Keeps the rows matching a condition; several filters are joined with `AND`.
    ///
    /// ```swift
    /// users.filter(id == 1)   // SELECT * FROM "users" WHERE ("id" = 1)
    /// ```
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func filter(_ predicate: SQLExpression<Bool>) -> Self {
        filter(SQLExpression<Bool?>(predicate))
    }

    /// Keeps the rows matching a condition that may be `NULL` (a `NULL` result drops the row).
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func filter(_ predicate: SQLExpression<Bool?>) -> Self {
        changing { clauses in
            clauses.filters = clauses.filters.map { SQLTemplate.infix("AND", $0, predicate) } ?? predicate
        }
    }

    // MARK: GROUP BY

    /// Groups rows by expressions.
    ///
    /// - Parameter by: The grouping terms.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible...) -> Self {
        group(by, having: nil)
    }

    /// Groups rows by a list of expressions.
    ///
    /// - Parameter by: The grouping terms.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible]) -> Self {
        group(by, having: nil)
    }

    /// Groups rows by an expression and keeps the groups matching a condition.
    ///
    /// - Parameters:
    ///   - by: The grouping term.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible, having: SQLExpression<Bool>) -> Self {
        group([by], having: SQLExpression<Bool?>(having))
    }

    /// Groups rows by an expression and keeps the groups matching a condition that may be `NULL`.
    ///
    /// - Parameters:
    ///   - by: The grouping term.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: any Expressible, having: SQLExpression<Bool?>) -> Self {
        group([by], having: having)
    }

    /// Groups rows by expressions and keeps the groups matching a condition.
    ///
    /// - Parameters:
    ///   - by: The grouping terms.
    ///   - having: The group condition.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible], having: SQLExpression<Bool>) -> Self {
        group(by, having: SQLExpression<Bool?>(having))
    }

    /// Groups rows by expressions and keeps the groups matching a condition that may be `NULL`.
    ///
    /// - Parameters:
    ///   - by: The grouping terms.
    ///   - having: The group condition, or `nil`.
    /// - Returns: The grouped query.
    public func group(_ by: [any Expressible], having: SQLExpression<Bool?>?) -> Self {
        changing { $0.group = QueryClauses.Group(by: by.map(\.expression), having: having) }
    }

    // MARK: ORDER BY

    /// Sorts the rows; use `.asc` and `.desc` on a column for the direction.
    ///
    /// ```swift
    /// users.order(email.desc, name.asc)
    /// ```
    ///
    /// - Parameter by: The ordering terms.
    /// - Returns: The sorted query.
    public func order(_ by: any Expressible...) -> Self {
        order(by)
    }

    /// Sorts the rows by a list of ordering terms.
    ///
    /// - Parameter by: The ordering terms.
    /// - Returns: The sorted query.
    public func order(_ by: [any Expressible]) -> Self {
        changing { $0.order = by.map(\.expression) }
    }

    // MARK: LIMIT

    /// Limits the number of rows, optionally skipping some first; `nil` removes the limit.
    ///
    /// - Parameters:
    ///   - length: The maximum number of rows, or `nil`.
    ///   - offset: The number of rows to skip.
    /// - Returns: The limited query.
    public func limit(_ length: Int?, offset: Int? = nil) -> Self {
        changing { $0.limit = length.map { QueryClauses.Limit(length: $0, offset: offset) } }
    }
}
