extension Function {
    /// The base of a class-based scalar function: arguments in, one value out.
    ///
    /// Override `Function/name`, `Function/argc`, `Function/options` and
    /// `invoke(args:)-(Function.Arguments)`, then register the type with `Connection/add(function:)`:
    ///
    /// ```swift
    /// final class Reverse: Function.Scalar {
    ///     override class var name: String { "reverse" }
    ///     override class var argc: Int32 { 1 }
    ///     override class var options: Function.Options { [.deterministic] }
    ///     override class func invoke(args: Function.Arguments) throws -> (any SQLiteRepresentable)? {
    ///         let text: String? = args[0]
    ///         return text.map { String($0.reversed()) }
    ///     }
    /// }
    /// ```
    open class Scalar: Function {
        /// Computes the function's result for one call.
        ///
        /// - Parameter args: The arguments of the call.
        /// - Returns: The result, or `nil` for SQL `NULL`.
        /// - Throws: Any error, to fail the statement that made the call; its description becomes
        ///   the `SQLiteError`'s message. The default implementation throws, as a subclass must
        ///   override it.
        open class func invoke(args: Arguments) throws -> (any SQLiteRepresentable)? {
            // Not overridden: call the protocol form, which a DataLiteCore-style subclass overrides.
            try invoke(args: args as any ArgumentsProtocol)
        }

        /// Computes the function's result for one call, from any argument list (DataLiteCore's
        /// form, which its articles override).
        ///
        /// Override either this or the concrete `invoke(args:)-(Function.Arguments)`, which
        /// SQLite's calls reach without boxing the arguments: each form's default calls the other.
        ///
        /// - Parameter args: The arguments of the call.
        /// - Returns: The result, or `nil` for SQL `NULL`.
        /// - Throws: Any error, to fail the statement that made the call. The default
        ///   implementation throws when neither form is overridden.
        open class func invoke(args: any ArgumentsProtocol) throws -> (any SQLiteRepresentable)? {
            // Reached from the concrete form's default: neither form is overridden.
            guard !(args is Arguments) else {
                throw SQLiteError.misuse("\(String(describing: self)) must override invoke(args:)")
            }
            return try invoke(args: Arguments(args, functionName: name))
        }
    }
}
