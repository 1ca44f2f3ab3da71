/// The namespace of SQL function types (``Options``, ``Arguments``), and the base of
/// DataLiteCore's class-based functions, which `SlateDataLiteCore` provides.
///
/// Slate's own way to define a function is a closure: ``Connection/createFunction(_:argumentCount:options:_:)``
/// and ``Connection/createAggregate(_:argumentCount:options:initialValue:step:inverse:result:)``.
open class Function {
    /// The SQL name of the function; the class name by default. SQL function names are
    /// case-insensitive.
    open class var name: String { String(describing: self) }

    /// The number of arguments the function takes, from 0 to 127, or -1 for any number
    /// (the default). SQLite rejects a call with another number of arguments when it compiles it.
    open class var argc: Int32 { -1 }

    /// How SQLite may use the function; none by default.
    open class var options: Options { [] }

    /// Registers the function on a connection through SQLite's C API. `SlateDataLiteCore`'s
    /// `add(function:)` calls it for a direct subclass of `Function` (DataLiteCore's hook for a
    /// function that registers itself, for example with `sqlite3_create_function_v2`); the
    /// scalar, aggregate and window kinds are registered by Slate and never reach it.
    ///
    /// - Parameter connection: The connection's `sqlite3` handle, open for the whole call.
    /// - Throws: `SQLiteError`; this base implementation throws `SQLITE_MISUSE`, since a plain
    ///   `Function` is not a function.
    open class func install(db connection: OpaquePointer) throws(SQLiteError) {
        throw SQLiteError.misuse(
            "\(String(describing: self)) is not a function: subclass Function.Scalar, Function.Aggregate or Function.Window, or override install(db:)")
    }

    /// Removes what ``install(db:)`` registered; `SlateDataLiteCore`'s `remove(function:)` calls
    /// it for a direct subclass of `Function`.
    ///
    /// - Parameter connection: The connection's `sqlite3` handle, open for the whole call.
    /// - Throws: `SQLiteError`; this base implementation removes the function named ``name``
    ///   taking ``argc`` arguments, and throws what SQLite reports.
    open class func uninstall(db connection: OpaquePointer) throws(SQLiteError) {
        let code = sqlite3_create_function_v2(connection, name, argc, SQLITE_UTF8, nil, nil, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: connection) }
    }

    /// Not for use: subclass the kinds of function `SlateDataLiteCore` declares.
    package init() {}
}
