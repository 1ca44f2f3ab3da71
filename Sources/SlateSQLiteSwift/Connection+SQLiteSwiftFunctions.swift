// SQLite.swift's closure-based functions over its untyped values (`[Binding?]`): `createFunction`
// and `createAggregation`, which do not throw, their throwing forms `defineFunction` and
// `defineAggregation`, and `createWindowFunction`. Slate's own spellings are
// `createFunction(_:argumentCount:options:_:)` and `createAggregate`, over `Function.Arguments`.

extension Connection {
    /// Creates (or replaces) a SQL function from a closure over SQLite.swift's untyped values.
    ///
    /// ```swift
    /// db.createFunction("typeConformsTo", argumentCount: 2, deterministic: true) { args in
    ///     guard let uti = args[0] as? String, let other = args[1] as? String else { return nil }
    ///     return uti.hasPrefix(other)
    /// }
    /// ```
    ///
    /// SQLite.swift's signature, which does not throw. Where SQLite.swift traps (a closed
    /// connection, a name longer than 255 bytes, an argument count SQLite refuses), Slate records
    /// the error in `lastFunctionRegistrationError`; a statement that then calls the function
    /// fails with `no such function`, and the registration's cause in its details. New code that
    /// wants the error at once calls `defineFunction(_:argumentCount:deterministic:_:)`.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code. Arguments are `Int64`, `Double`, `String`, `Blob` or
    ///     `nil`; return any bindable value or `nil`. An error it throws fails the statement with
    ///     the error's description.
    public func createFunction(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        _ block: @escaping (_ args: [(any Binding)?]) throws -> (any Binding)?
    ) {
        recordingRegistrationFailure(of: function) { () throws(SQLiteError) in
            try defineFunction(function, argumentCount: argumentCount, deterministic: deterministic, block)
        }
    }

    /// Creates (or replaces) a SQL function from a closure over SQLite.swift's untyped values,
    /// throwing when it cannot be registered (the throwing form of
    /// `createFunction(_:argumentCount:deterministic:_:)`).
    ///
    /// ```swift
    /// try db.defineFunction("typeConformsTo", argumentCount: 2, deterministic: true) { args in
    ///     guard let uti = args[0] as? String, let other = args[1] as? String else { return nil }
    ///     return uti.hasPrefix(other)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code. Arguments are `Int64`, `Double`, `String`, `Blob` or
    ///     `nil`; return any bindable value or `nil`. An error it throws fails the statement with
    ///     the error's description.
    /// - Throws: `SQLiteError` for a bad name (longer than 255 bytes, or holding a NUL) or
    ///   argument count, a function replaced while a statement is running, or a closed connection.
    public func defineFunction(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        _ block: @escaping (_ args: [(any Binding)?]) throws -> (any Binding)?
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: function, argumentCount: try Self.argumentCount(argumentCount),
                options: deterministic ? .deterministic : [],
                kind: .scalar { arguments in SQLiteValue(binding: try block(arguments.bindings)) }))
    }

    /// Creates (or replaces) an aggregate function that folds each group's rows into a value.
    ///
    /// ```swift
    /// db.createAggregation(
    ///     "customConcat", argumentCount: 1, initialValue: "",
    ///     reduce: { last, args in last + " " + (args[0] as? String ?? "") },
    ///     result: { $0 })
    /// let all = try db.scalar("SELECT customConcat(email) FROM users") as? String
    /// ```
    ///
    /// Each group starts from a new `initialValue` (the expression is evaluated per group, so a
    /// class instance is not shared between groups). A group of no rows yields
    /// `result(initialValue)`.
    ///
    /// SQLite.swift's signature, which does not throw. Where SQLite.swift traps (a closed
    /// connection, a name longer than 255 bytes, an argument count SQLite refuses), Slate records
    /// the error in `lastFunctionRegistrationError`; a statement that then calls the aggregate
    /// fails with `no such function`, and the registration's cause in its details. New code that
    /// wants the error at once calls
    /// `defineAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`.
    ///
    /// - Parameters:
    ///   - functionName: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the rows (`SQLITE_DETERMINISTIC`).
    ///   - initialValue: The accumulator before the first row.
    ///   - reduce: Combines the accumulator with one row's arguments (`Int64`, `Double`,
    ///     `String`, `Blob` or `nil`).
    ///   - result: Turns the final accumulator into the SQL result. Errors thrown by the
    ///     closures fail the statement running the aggregate, with their description as the
    ///     message.
    public func createAggregation<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @autoclosure @escaping () -> T,
        reduce: @escaping (T, [(any Binding)?]) throws -> T,
        result: @escaping (T) throws -> (any Binding)?
    ) {
        recordingRegistrationFailure(of: functionName) { () throws(SQLiteError) in
            try defineAggregation(
                functionName, argumentCount: argumentCount, deterministic: deterministic,
                initialValue: initialValue(), reduce: reduce, result: result)
        }
    }

    /// Creates (or replaces) an aggregate function that folds each group's rows into a value,
    /// throwing when it cannot be registered (the throwing form of
    /// `createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`).
    ///
    /// ```swift
    /// try db.defineAggregation(
    ///     "customConcat", argumentCount: 1, initialValue: "",
    ///     reduce: { last, args in last + " " + (args[0] as? String ?? "") },
    ///     result: { $0 })
    /// ```
    ///
    /// Each group starts from a new `initialValue` (the expression is evaluated per group). A
    /// group of no rows yields `result(initialValue)`.
    ///
    /// - Parameters:
    ///   - functionName: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the rows (`SQLITE_DETERMINISTIC`).
    ///   - initialValue: The accumulator before the first row.
    ///   - reduce: Combines the accumulator with one row's arguments (`Int64`, `Double`,
    ///     `String`, `Blob` or `nil`).
    ///   - result: Turns the final accumulator into the SQL result.
    /// - Throws: `SQLiteError` for a bad name or argument count, a function replaced while a
    ///   statement is running, or a closed connection. Errors thrown by the closures fail the
    ///   statement running the aggregate, with their description as the message.
    public func defineAggregation<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @autoclosure @escaping () -> T,
        reduce: @escaping (T, [(any Binding)?]) throws -> T,
        result: @escaping (T) throws -> (any Binding)?
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: functionName, argumentCount: try Self.argumentCount(argumentCount),
                options: deterministic ? .deterministic : [],
                kind: .aggregate {
                    ReducingAggregateState(
                        initial: initialValue(), reduce: { try reduce($0, $1.bindings) }, remove: nil,
                        result: { SQLiteValue(binding: try result($0)) })
                }))
    }

    /// Creates (or replaces) an aggregate that can also be used as a window function
    /// (`sqlite3_create_window_function`, SQLite 3.25 or newer).
    ///
    /// ```swift
    /// try db.createWindowFunction(
    ///     "sumInt", argumentCount: 1, initialValue: Int64(0),
    ///     step: { sum, args in sum + (args[0] as? Int64 ?? 0) },
    ///     inverse: { sum, args in sum - (args[0] as? Int64 ?? 0) },
    ///     value: { $0 })
    /// // SELECT x, sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t
    /// ```
    ///
    /// - Parameters:
    ///   - functionName: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the rows (`SQLITE_DETERMINISTIC`).
    ///   - initialValue: The accumulator of an empty frame, evaluated per partition.
    ///   - step: Adds a row entering the frame to the accumulator.
    ///   - inverse: Removes the oldest row, leaving the frame, from the accumulator.
    ///   - value: Turns the accumulator into the SQL result for the current frame (also the
    ///     result when the function is used as a plain aggregate).
    /// - Throws: `SQLiteError` when SQLite is older than 3.25, for a bad name or argument
    ///   count, a function replaced while a statement is running, or a closed connection.
    public func createWindowFunction<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @autoclosure @escaping () -> T,
        step: @escaping (T, [(any Binding)?]) throws -> T,
        inverse: @escaping (T, [(any Binding)?]) throws -> T,
        value: @escaping (T) throws -> (any Binding)?
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: functionName, argumentCount: try Self.argumentCount(argumentCount),
                options: deterministic ? .deterministic : [],
                kind: .window {
                    ReducingAggregateState(
                        initial: initialValue(), reduce: { try step($0, $1.bindings) },
                        remove: { try inverse($0, $1.bindings) }, result: { SQLiteValue(binding: try value($0)) })
                }))
    }
}

extension Function.Arguments {
    /// The arguments as SQLite.swift's untyped values (`Int64`, `Double`, `String`, `Blob`, `nil`).
    public var bindings: [(any Binding)?] { values.map(\.binding) }
}
