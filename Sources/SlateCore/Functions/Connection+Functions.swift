// Registering user-defined SQL functions from closures: `createFunction` for scalar functions
// (aggregates and window functions are `createAggregate`, in Connection+Aggregations.swift).
// SQLite.swift's untyped forms are in SlateSQLiteSwift, DataLiteCore's class-based `add(function:)`
// in SlateDataLiteCore; all go through `register(_:)`.

extension Connection {
    /// Creates (or replaces) a SQL function from a closure over its arguments.
    ///
    /// ```swift
    /// try db.createFunction("initials", argumentCount: 1, options: .deterministic) { args in
    ///     let name: String? = args[0]
    ///     return name.map { String($0.prefix(1)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - options: How SQLite may use the function.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - block: The function's code. An error it throws fails the statement with the
    ///     error's description.
    /// - Throws: ``SQLiteError`` for a bad name or argument count, a function replaced while a
    ///   statement is running, or a closed connection.
    public func createFunction(
        _ function: String, argumentCount: Int32? = nil, options: Function.Options,
        _ block: @escaping (Function.Arguments) throws -> (any SQLiteBindable)?
    ) throws(SQLiteError) {
        let count = argumentCount ?? -1
        guard count >= -1 else { throw Self.badArgumentCount(Int(count)) }
        try register(
            FunctionDefinition(
                name: function, argumentCount: count, options: options,
                kind: .scalar { arguments in try block(arguments)?.checkedSQLiteValue() ?? .null }))
    }

    /// Creates (or replaces) a SQL function without arguments.
    ///
    /// ```swift
    /// try db.createFunction("answer", deterministic: true) { 42 }
    /// ```
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - deterministic: Whether the result is always the same (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement.
    /// - Throws: ``SQLiteError`` when the function cannot be registered.
    // Disfavored: with `import Slate`, the overload over `Value` types that returns a call builder
    // (SQLite.swift's signature) wins, so a discarded result is not ambiguous.
    @_disfavoredOverload
    public func createFunction<Z: SQLiteBindable>(
        _ function: String, deterministic: Bool = false, _ block: @escaping () throws -> Z
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: function, argumentCount: 0, options: deterministic ? .deterministic : [],
                kind: .scalar { _ in try block().checkedSQLiteValue() }))
    }

    /// Creates (or replaces) a SQL function of one typed argument.
    ///
    /// ```swift
    /// try db.createFunction("twice", deterministic: true) { (x: Int64) in x * 2 }
    /// ```
    ///
    /// An argument that does not convert to `A` (NULL for a non-optional type, text for a
    /// number) fails the statement with a message naming it; use an optional type to accept NULL.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - deterministic: Whether the result depends only on the argument (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement.
    /// - Throws: ``SQLiteError`` when the function cannot be registered.
    // Disfavored: with `import Slate`, the overload over `Value` types that returns a call builder
    // (SQLite.swift's signature) wins, so a discarded result is not ambiguous.
    @_disfavoredOverload
    public func createFunction<Z: SQLiteBindable, A: SQLiteRepresentable>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A) throws -> Z
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: function, argumentCount: 1, options: deterministic ? .deterministic : [],
                kind: .scalar { arguments in try block(arguments.get(0)).checkedSQLiteValue() }))
    }

    /// Creates (or replaces) a SQL function of two typed arguments.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement.
    /// - Throws: ``SQLiteError`` when the function cannot be registered.
    // Disfavored: with `import Slate`, the overload over `Value` types that returns a call builder
    // (SQLite.swift's signature) wins, so a discarded result is not ambiguous.
    @_disfavoredOverload
    public func createFunction<Z: SQLiteBindable, A: SQLiteRepresentable, B: SQLiteRepresentable>(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B) throws -> Z
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: function, argumentCount: 2, options: deterministic ? .deterministic : [],
                kind: .scalar { arguments in try block(arguments.get(0), arguments.get(1)).checkedSQLiteValue() }))
    }

    /// Creates (or replaces) a SQL function of three typed arguments.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - block: The function's code; an error it throws fails the statement.
    /// - Throws: ``SQLiteError`` when the function cannot be registered.
    public func createFunction<
        Z: SQLiteBindable, A: SQLiteRepresentable, B: SQLiteRepresentable, C: SQLiteRepresentable
    >(
        _ function: String, deterministic: Bool = false, _ block: @escaping (A, B, C) throws -> Z
    ) throws(SQLiteError) {
        try register(
            FunctionDefinition(
                name: function, argumentCount: 3, options: deterministic ? .deterministic : [],
                kind: .scalar { arguments in
                    try block(arguments.get(0), arguments.get(1), arguments.get(2)).checkedSQLiteValue()
                }))
    }

    /// Removes a SQL function created with ``createFunction(_:argumentCount:options:_:)`` or
    /// ``createAggregate(_:argumentCount:options:initialValue:step:inverse:result:)`` (or a
    /// compatibility module's spelling of them); its closure is released at once.
    ///
    /// Afterwards SQL calling it fails to compile with "no such function" (unless SQLite has a
    /// built-in function of that name, which becomes visible again).
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - argumentCount: The number of arguments it was created with; `nil` for any number.
    /// - Throws: ``SQLiteError`` when a statement is running (`SQLITE_BUSY`) or the connection is
    ///   closed. Removing a function that is not registered does nothing.
    public func removeFunction(_ function: String, argumentCount: UInt? = nil) throws(SQLiteError) {
        try removeFunction(function, argumentCount: try Self.argumentCount(argumentCount))
    }

    /// Removes the function of a name and argument count (-1 for any).
    package func removeFunction(_ name: String, argumentCount: Int32) throws(SQLiteError) {
        let db = try checkedHandle()
        try SQLiteError.checkNoNUL(name, "the function name")
        let code = sqlite3_create_function_v2(db, name, argumentCount, SQLITE_UTF8, nil, nil, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw Self.functionError(code: code, db: db, verb: "remove", name: name, argumentCount: argumentCount)
        }
        forgetFailedRegistration(of: name)
    }

    /// Hands a function definition to SQLite, which then owns one retain of it.
    package func register(_ definition: FunctionDefinition) throws(SQLiteError) {
        let db = try checkedHandle()
        try SQLiteError.checkNoNUL(definition.name, "the function name")
        guard definition.argumentCount >= -1 else { throw Self.badArgumentCount(Int(definition.argumentCount)) }
        if case .window = definition.kind {
            try SQLite.require(.windowFunctions)
        }
        if definition.options.contains(.directonly) {
            // An older SQLite ignores the flag, which would silently lift a safety restriction.
            try SQLite.require(.directOnly)
        }
        let flags = SQLITE_UTF8 | definition.options.rawValue
        // Released by functionDestroyCallback: when the function is replaced or removed, when the
        // connection closes, or at once if SQLite rejects the registration.
        let data = Unmanaged.passRetained(definition).toOpaque()
        let code: Int32
        switch definition.kind {
        case .scalar:
            code = sqlite3_create_function_v2(
                db, definition.name, definition.argumentCount, flags, data,
                functionScalarCallback, nil, nil, functionDestroyCallback)
        case .aggregate:
            code = sqlite3_create_function_v2(
                db, definition.name, definition.argumentCount, flags, data,
                nil, functionStepCallback, functionFinalCallback, functionDestroyCallback)
        case .window:
            code = slate_create_window_function(
                db, definition.name, definition.argumentCount, flags, data,
                functionStepCallback, functionFinalCallback, functionValueCallback, functionInverseCallback,
                functionDestroyCallback)
        }
        guard code == SQLITE_OK else {
            throw Self.functionError(
                code: code, db: db, verb: "create", name: definition.name, argumentCount: definition.argumentCount)
        }
        forgetFailedRegistration(of: definition.name)
    }

    /// An optional unsigned argument count as SQLite's (-1 for any).
    package static func argumentCount(_ count: UInt?) throws(SQLiteError) -> Int32 {
        guard let count else { return -1 }
        guard let narrow = Int32(exactly: count) else { throw badArgumentCount(Int(clamping: count)) }
        return narrow
    }

    static func badArgumentCount(_ count: Int) -> SQLiteError {
        .misuse("a function's argument count must be -1 (any number) or 0 up to SQLite's limit (127 by default), not \(count)")
    }

    /// An error for a failed `sqlite3_create_function_v2`, naming the function.
    static func functionError(code: Int32, db: OpaquePointer, verb: String, name: String, argumentCount: Int32) -> SQLiteError {
        let reason = SQLiteError(code: code, db: db)
        let arity = argumentCount < 0 ? "any number of arguments" : "\(argumentCount) argument(s)"
        var details = "cannot \(verb) function \(name)() with \(arity): \(reason.message)"
        if code == SQLITE_MISUSE {
            details += " (the name must be 1 to 255 bytes, and the argument count -1 or within SQLite's limit, 127 by default)"
        }
        return SQLiteError(code: code, message: reason.message, details: details)
    }
}
