extension Function {
    /// The base of a class-based aggregate function, such as a custom `sum` or `group_concat`.
    ///
    /// SQLite creates a new instance for each group of rows, calls `step(args:)-(Function.Arguments)` once per row
    /// and `finalize()` once at the end. An aggregate over no rows at all still gets a fresh
    /// instance and `finalize()`, so a counting aggregate returns 0 there, as `count()` does.
    ///
    /// ```swift
    /// final class MyCount: Function.Aggregate {
    ///     override class var name: String { "myCount" }
    ///     override class var argc: Int32 { 1 }
    ///     private var count = 0
    ///     override func step(args: Function.Arguments) throws {
    ///         if !args[0].isNull { count += 1 }
    ///     }
    ///     override func finalize() throws -> (any SQLiteRepresentable)? { count }
    /// }
    /// try db.add(function: MyCount.self)
    /// ```
    open class Aggregate: Function {
        /// Creates the state for one group of rows; subclasses set their initial values here.
        public required override init() {
            super.init()
        }

        /// Adds one row of the group.
        ///
        /// - Parameter args: The arguments for this row.
        /// - Throws: Any error, to fail the statement; its description becomes the
        ///   `SQLiteError`'s message. The default implementation throws, as a subclass must
        ///   override it.
        open func step(args: Arguments) throws {
            // Not overridden: call the protocol form, which a DataLiteCore-style subclass overrides.
            try step(args: args as any ArgumentsProtocol)
        }

        /// Adds one row of the group, from any argument list (DataLiteCore's form, which its
        /// articles override).
        ///
        /// Override either this or the concrete `step(args:)-(Function.Arguments)`, which SQLite's
        /// calls reach without boxing the arguments: each form's default calls the other.
        ///
        /// - Parameter args: The arguments for this row.
        /// - Throws: Any error, to fail the statement. The default implementation throws when
        ///   neither form is overridden.
        open func step(args: any ArgumentsProtocol) throws {
            // Reached from the concrete form's default: neither form is overridden.
            guard !(args is Arguments) else {
                throw SQLiteError.misuse("\(type(of: self)) must override step(args:)")
            }
            try step(args: Arguments(args, functionName: Self.name))
        }

        /// Computes the group's result after its last row.
        ///
        /// - Returns: The result, or `nil` for SQL `NULL`.
        /// - Throws: Any error, to fail the statement. The default implementation throws, as a
        ///   subclass must override it.
        open func finalize() throws -> (any SQLiteRepresentable)? {
            throw SQLiteError.misuse("\(type(of: self)) must override finalize()")
        }
    }
}
