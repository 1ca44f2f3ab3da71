// DataLiteCore's class-based functions: `add(function:)` registers a `Function.Scalar`,
// `Function.Aggregate` or `Function.Window` subclass through SlateCore's function registry.

extension Connection {
    /// Registers a class-based function: a `Function/Scalar`, `Function/Aggregate` or
    /// `Function/Window` subclass.
    ///
    /// ```swift
    /// try db.add(function: Function.Regexp.self)
    /// ```
    ///
    /// Registering a function with the same name and number of arguments replaces it. The
    /// function stays registered until removed or until the connection closes.
    ///
    /// - Parameter function: The subclass.
    /// A direct subclass of `Function` that overrides `Function.install(db:)` registers itself
    /// through SQLite's C API, as in DataLiteCore.
    ///
    /// - Throws: `SQLiteError` for `Function` itself, a bad name or argument count, a window
    ///   function on SQLite older than 3.25, a function replaced while a statement is running
    ///   (`SQLITE_BUSY`), or a closed connection.
    public func add(function: Function.Type) throws(SQLiteError) {
        guard Self.isSlateKind(function) else { return try function.install(db: checkedHandle()) }
        try register(Self.definition(of: function))
    }

    /// Removes a class-based function registered with `add(function:)`.
    ///
    /// - Parameter function: The subclass; its `name` and `argc` say which function to remove.
    /// - Throws: `SQLiteError` when a statement is running (`SQLITE_BUSY`) or the connection is
    ///   closed. Removing a function that is not registered does nothing.
    public func remove(function: Function.Type) throws(SQLiteError) {
        guard Self.isSlateKind(function) else { return try function.uninstall(db: checkedHandle()) }
        try removeFunction(function.name, argumentCount: function.argc)
    }

    /// Whether Slate registers the function itself: it subclasses one of the three kinds. A
    /// direct subclass of `Function` registers itself, through `Function.install(db:)`.
    private static func isSlateKind(_ function: Function.Type) -> Bool {
        function is Function.Scalar.Type || function is Function.Aggregate.Type || function is Function.Window.Type
    }

    /// What SQLite is told about a class-based function, by the kind of function it subclasses.
    static func definition(of function: Function.Type) throws(SQLiteError) -> FunctionDefinition {
        if let window = function as? Function.Window.Type {
            return FunctionDefinition(
                name: window.name, argumentCount: window.argc, options: window.options,
                kind: .window { ClassAggregateState(window.init()) })
        }
        if let aggregate = function as? Function.Aggregate.Type {
            return FunctionDefinition(
                name: aggregate.name, argumentCount: aggregate.argc, options: aggregate.options,
                kind: .aggregate { ClassAggregateState(aggregate.init()) })
        }
        if let scalar = function as? Function.Scalar.Type {
            return FunctionDefinition(
                name: scalar.name, argumentCount: scalar.argc, options: scalar.options,
                kind: .scalar { arguments in try scalar.invoke(args: arguments)?.checkedSQLiteValue() ?? .null })
        }
        throw SQLiteError.misuse(
            "\(String(describing: function)) is not a function: subclass Function.Scalar, Function.Aggregate or Function.Window")
    }
}
