extension Function {
    /// The base of a class-based aggregate that can also be used as a window function
    /// (`myAvg(x) OVER (ORDER BY t ROWS 2 PRECEDING)`); it needs SQLite 3.25 or newer.
    ///
    /// As a window function, SQLite adds rows entering the frame with `Function/Aggregate/step(args:)-(Function.Arguments)`,
    /// removes rows leaving it with `inverse(args:)-(Function.Arguments)` and reads the frame's result with
    /// `value()`. As a plain aggregate, it finalizes with `Function/Aggregate/finalize()`,
    /// which returns `value()` unless overridden.
    ///
    /// ```swift
    /// final class MovingSum: Function.Window {
    ///     override class var name: String { "movingSum" }
    ///     override class var argc: Int32 { 1 }
    ///     private var sum: Int64 = 0
    ///     override func step(args: Function.Arguments) throws { sum += args[0] ?? 0 }
    ///     override func inverse(args: Function.Arguments) throws { sum -= args[0] ?? 0 }
    ///     override func value() throws -> (any SQLiteRepresentable)? { sum }
    /// }
    /// ```
    open class Window: Aggregate {
        /// Removes the oldest row from the window frame; it was added earlier with
        /// `Function/Aggregate/step(args:)-(Function.Arguments)` and gets the same arguments.
        ///
        /// - Parameter args: The arguments of the row leaving the frame.
        /// - Throws: Any error, to fail the statement. The default implementation throws, as a
        ///   subclass must override it.
        open func inverse(args: Arguments) throws {
            // Not overridden: call the protocol form, which a DataLiteCore-style subclass overrides.
            try inverse(args: args as any ArgumentsProtocol)
        }

        /// Removes the oldest row from the window frame, from any argument list (DataLiteCore's
        /// form). Override either this or the concrete form: each one's default calls the other.
        ///
        /// - Parameter args: The arguments of the row leaving the frame.
        /// - Throws: Any error, to fail the statement. The default implementation throws when
        ///   neither form is overridden.
        open func inverse(args: any ArgumentsProtocol) throws {
            // Reached from the concrete form's default: neither form is overridden.
            guard !(args is Arguments) else {
                throw SQLiteError.misuse("\(type(of: self)) must override inverse(args:)")
            }
            try inverse(args: Arguments(args, functionName: Self.name))
        }

        /// The result for the rows currently in the frame; the state stays as it is.
        ///
        /// - Returns: The result, or `nil` for SQL `NULL`.
        /// - Throws: Any error, to fail the statement. The default implementation throws, as a
        ///   subclass must override it.
        open func value() throws -> (any SQLiteRepresentable)? {
            throw SQLiteError.misuse("\(type(of: self)) must override value()")
        }

        /// The result of the group or of the last frame: `value()` unless overridden.
        ///
        /// - Returns: The result, or `nil` for SQL `NULL`.
        /// - Throws: What `value()` throws.
        open override func finalize() throws -> (any SQLiteRepresentable)? {
            try value()
        }
    }
}
