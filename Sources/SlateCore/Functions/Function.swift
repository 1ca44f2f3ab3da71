/// The base of class-based SQL functions (DataLiteCore style).
///
/// Do not subclass `Function` directly: subclass ``Function/Scalar`` for a function that maps its
/// arguments to one value, ``Function/Aggregate`` for one that folds a group of rows (like `sum`),
/// or ``Function/Window`` for an aggregate that can also be used as a window function. Register
/// the subclass with ``Connection/add(function:)``:
///
/// ```swift
/// final class Twice: Function.Scalar {
///     override class var name: String { "twice" }
///     override class var argc: Int32 { 1 }
///     override class var options: Function.Options { [.deterministic, .innocuous] }
///     override class func invoke(args: Function.Arguments) throws -> (any SQLiteRepresentable)? {
///         try args.get(0, as: Int64.self) * 2
///     }
/// }
/// try db.add(function: Twice.self)
/// let four = try db.scalar("SELECT twice(2)") as? Int64  // 4
/// ```
///
/// An error thrown by the function's code fails the statement that called it with an
/// ``SQLiteError`` whose message is the thrown error's description.
open class Function {
    /// The SQL name of the function; the class name by default. SQL function names are
    /// case-insensitive.
    open class var name: String { String(describing: self) }

    /// The number of arguments the function takes, from 0 to 127, or -1 for any number
    /// (the default). SQLite rejects a call with another number of arguments when it compiles it.
    open class var argc: Int32 { -1 }

    /// How SQLite may use the function; none by default.
    open class var options: Options { [] }

    /// Not for use: subclass ``Scalar``, ``Aggregate`` or ``Window`` instead.
    init() {}

    /// What SQLite is told about the function: overridden by each kind of function.
    ///
    /// - Throws: ``SQLiteError`` for `Function` itself, which is not a kind of function.
    class func makeDefinition() throws(SQLiteError) -> FunctionDefinition {
        throw SQLiteError.misuse(
            "\(String(describing: self)) is not a function: subclass Function.Scalar, Function.Aggregate or Function.Window")
    }
}
