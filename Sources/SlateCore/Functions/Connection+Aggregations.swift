// Aggregates and window functions from closures: a state per group of rows, folded row by row.

extension Connection {
    /// Creates (or replaces) an aggregate function, or a window function when `inverse` is given.
    ///
    /// ```swift
    /// try db.createAggregate(
    ///     "product", argumentCount: 1, initialValue: 1.0,
    ///     step: { product, args in product * (try args.get(0, as: Double.self)) },
    ///     result: { $0 })
    /// // SELECT product(x) FROM t
    ///
    /// try db.createAggregate(
    ///     "sumInt", argumentCount: 1, initialValue: Int64(0),
    ///     step: { sum, args in sum + (args[0] ?? 0) },
    ///     inverse: { sum, args in sum - (args[0] ?? 0) },
    ///     result: { $0 })
    /// // SELECT sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t
    /// ```
    ///
    /// Each group (or window partition) starts from a new `initialValue`: the expression is
    /// evaluated per group, so a class instance is not shared between groups. A group of no rows
    /// yields `result(initialValue)`.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - options: How SQLite may use the function.
    ///   - initialValue: The state before the first row.
    ///   - step: Adds one row's arguments to the state.
    ///   - inverse: Removes the oldest row, leaving a window frame, from the state; with it the
    ///     function is also a window function (`sqlite3_create_window_function`, SQLite 3.25 or
    ///     newer).
    ///   - result: The SQL result for the state: the group's, or the current frame's.
    /// - Throws: ``SQLiteError`` for a bad name or argument count, a window function on SQLite
    ///   older than 3.25, a function replaced while a statement is running, or a closed
    ///   connection. Errors thrown by the closures fail the statement running the aggregate, with
    ///   their description as the message.
    public func createAggregate<State>(
        _ function: String, argumentCount: Int32? = nil, options: Function.Options = [],
        initialValue: @autoclosure @escaping () -> State,
        step: @escaping (State, Function.Arguments) throws -> State,
        inverse: ((State, Function.Arguments) throws -> State)? = nil,
        result: @escaping (State) throws -> (any SQLiteBindable)?
    ) throws(SQLiteError) {
        let count = argumentCount ?? -1
        guard count >= -1 else { throw Self.badArgumentCount(Int(count)) }
        let makeState: () -> any AggregateState = {
            ReducingAggregateState(
                initial: initialValue(), reduce: step, remove: inverse,
                result: { state in try result(state)?.checkedSQLiteValue() ?? .null })
        }
        try register(
            FunctionDefinition(
                name: function, argumentCount: count, options: options,
                kind: inverse == nil ? .aggregate(makeState) : .window(makeState)))
    }
}
