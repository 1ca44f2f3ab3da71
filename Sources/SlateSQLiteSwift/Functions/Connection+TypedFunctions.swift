// What SQLite.swift's typed `createFunction` overloads (Generated/CustomFunctions.generated.swift)
// share: each converts its arguments and result with TypedFunctionArgument, and registers its
// body here, through SlateCore's untyped `createFunction`.

import Slate
import SlateCore

extension Connection {
    /// Registers a typed function's body, which converts the arguments and the result itself.
    ///
    /// - Parameters:
    ///   - function: The SQL name.
    ///   - argumentCount: How many arguments SQL calls pass.
    ///   - deterministic: Whether the result depends only on the arguments (`SQLITE_DETERMINISTIC`).
    ///   - body: The function's code, from SQL arguments to an SQL result.
    /// - Throws: `SQLiteError` for a bad name, a function replaced while a statement is running,
    ///   or a closed connection.
    func defineTypedFunction(
        _ function: String, argumentCount: Int32, deterministic: Bool,
        _ body: @escaping (Function.Arguments) throws -> SQLiteValue
    ) throws(SQLiteError) {
        try createFunction(
            function, argumentCount: argumentCount, options: deterministic ? .deterministic : [],
            { args in try body(args) })
    }
}
