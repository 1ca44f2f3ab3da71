// SQLite.swift's typed custom functions: `createFunction` registers a closure over typed
// arguments and RETURNS a builder that writes the call into typed queries,
//
//     let reverse: (SQLExpression<String>) -> SQLExpression<String> =
//         try db.createFunction("reverse", deterministic: true) { (s: String) in String(s.reversed()) }
//     users.select(reverse(name))   // SELECT "reverse"("name") FROM "users"
//
// One overload per optionality of each argument and of the result, for 0 to 2 arguments, as
// SQLite.swift 0.16 declares them. They take `Value` types (custom types included), so they are
// preferred over SlateCore's Void-returning `createFunction` overloads (which are disfavored
// and keep serving `import SlateCore` code); existing callers that ignore the result still compile.

extension Connection {
    /// Creates (or replaces) an SQL function of no arguments returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping () throws -> Z
    ) throws(SQLiteError) -> () -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 0, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block())
        }
        return { SQLExpression<Z>(function: function, []) }
    }

    /// Creates (or replaces) an SQL function of no arguments returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping () throws -> Z?
    ) throws(SQLiteError) -> () -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 0, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block())
        }
        return { SQLExpression<Z?>(function: function, []) }
    }

    /// Creates (or replaces) an SQL function of one typed argument returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 1, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0)))
        }
        return { a in SQLExpression<Z>(function: function, [a]) }
    }

    /// Creates (or replaces) an SQL function of one typed argument returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 1, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0)))
        }
        return { a in SQLExpression<Z?>(function: function, [a]) }
    }

    /// Creates (or replaces) an SQL function of one typed argument returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A?>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 1, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0)))
        }
        return { a in SQLExpression<Z>(function: function, [a]) }
    }

    /// Creates (or replaces) an SQL function of one typed argument returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A?>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 1, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0)))
        }
        return { a in SQLExpression<Z?>(function: function, [a]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement), `B` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A>, SQLExpression<B>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0), try TypedFunctionArgument.required(args, 1)))
        }
        return { a, b in SQLExpression<Z>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement), `B` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A>, SQLExpression<B>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0), try TypedFunctionArgument.required(args, 1)))
        }
        return { a, b in SQLExpression<Z?>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement), `B` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B?) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A>, SQLExpression<B?>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0), try TypedFunctionArgument.optional(args, 1)))
        }
        return { a, b in SQLExpression<Z>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (a NULL argument fails the statement), `B` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B?) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A>, SQLExpression<B?>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.required(args, 0), try TypedFunctionArgument.optional(args, 1)))
        }
        return { a, b in SQLExpression<Z?>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`), `B` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?, B) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A?>, SQLExpression<B>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0), try TypedFunctionArgument.required(args, 1)))
        }
        return { a, b in SQLExpression<Z>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`), `B` (a NULL argument fails the statement). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?, B) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A?>, SQLExpression<B>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0), try TypedFunctionArgument.required(args, 1)))
        }
        return { a, b in SQLExpression<Z?>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`), `B` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// The result is stored as `Z.datatypeValue`.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?, B?) throws -> Z
    ) throws(SQLiteError) -> (SQLExpression<A?>, SQLExpression<B?>) -> SQLExpression<Z> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0), try TypedFunctionArgument.optional(args, 1)))
        }
        return { a, b in SQLExpression<Z>(function: function, [a, b]) }
    }

    /// Creates (or replaces) an SQL function of two typed arguments returning an optional `Z`, and returns
    /// a closure that writes a call of it as a typed expression (SQLite.swift's spelling).
    ///
    /// Arguments: `A` (NULL arrives as `nil`), `B` (NULL arrives as `nil`). An argument of the wrong type (text for
    /// a number) fails the statement with a message naming the function and the argument.
    /// Returning `nil` gives SQL NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name; calls quote it.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement with its description.
    /// - Returns: A closure building the call, `"function"(arguments…)`, for typed queries.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    @discardableResult
    public func createFunction<Z: Value, A: Value, B: Value>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A?, B?) throws -> Z?
    ) throws(SQLiteError) -> (SQLExpression<A?>, SQLExpression<B?>) -> SQLExpression<Z?> {
        try defineTypedFunction(function, argumentCount: 2, deterministic: deterministic) { args in
            try TypedFunctionArgument.result(try block(try TypedFunctionArgument.optional(args, 0), try TypedFunctionArgument.optional(args, 1)))
        }
        return { a, b in SQLExpression<Z?>(function: function, [a, b]) }
    }

    /// Registers a typed function's body, which converts the arguments and the result itself.
    private func defineTypedFunction(
        _ function: String, argumentCount: Int32, deterministic: Bool,
        _ body: @escaping (Function.Arguments) throws -> SQLiteValue
    ) throws(SQLiteError) {
        try createFunction(
            function, argumentCount: argumentCount, options: deterministic ? .deterministic : [],
            { args in try body(args) })
    }
}

/// Conversions between a typed function's SQL values and its Swift `Value`s.
enum TypedFunctionArgument {
    /// The argument at `index` as `A`; NULL or a value of the wrong type is an error.
    static func required<A: Value>(_ arguments: Function.Arguments, _ index: Int) throws -> A {
        let stored: A.StoredForm = try arguments.get(index)
        let value = try A.fromStoredForm(stored)
        // `ValueType` is `A` for every value but a non-final class's subclasses.
        guard let typed = value as? A else {
            throw SQLiteError(
                code: SQLITE_MISMATCH,
                message: "\(arguments.functionName)() argument \(index + 1): \(type(of: value)) is not \(A.self)")
        }
        return typed
    }

    /// The argument at `index` as `A`, or `nil` for NULL.
    static func optional<A: Value>(_ arguments: Function.Arguments, _ index: Int) throws -> A? {
        if arguments.values[index].isNull { return nil }
        return try required(arguments, index) as A
    }

    /// A result as the SQL value SQLite returns.
    static func result<Z: Value>(_ value: Z) throws(SQLiteError) -> SQLiteValue {
        try value.storedValue.checkedSQLiteValue()
    }

    /// An optional result as the SQL value SQLite returns (NULL for `nil`).
    static func result<Z: Value>(_ value: Z?) throws(SQLiteError) -> SQLiteValue {
        guard let value else { return .null }
        return try value.storedValue.checkedSQLiteValue()
    }
}
