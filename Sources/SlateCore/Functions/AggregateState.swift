/// What an aggregate or window function does with one group of rows; one instance per group.
package protocol AggregateState: AnyObject {
    /// Adds a row to the group (or to the window frame).
    func step(_ arguments: Function.Arguments) throws
    /// Removes the oldest row from the window frame (window functions only).
    func inverse(_ arguments: Function.Arguments) throws
    /// The result for the current window frame, keeping the state (window functions only).
    func value() throws -> SQLiteValue
    /// The group's result; the state is released afterwards.
    func finalize() throws -> SQLiteValue
}

/// The state of a closure-based aggregate or window function: an accumulated value and the
/// closures that update and read it.
package final class ReducingAggregateState<Accumulator>: AggregateState {
    package typealias Update = (Accumulator, Function.Arguments) throws -> Accumulator

    var accumulator: Accumulator
    let reduce: Update
    let remove: Update?
    let result: (Accumulator) throws -> SQLiteValue

    package init(
        initial: Accumulator, reduce: @escaping Update, remove: Update?, result: @escaping (Accumulator) throws -> SQLiteValue
    ) {
        self.accumulator = initial
        self.reduce = reduce
        self.remove = remove
        self.result = result
    }

    package func step(_ arguments: Function.Arguments) throws {
        accumulator = try reduce(accumulator, arguments)
    }

    package func inverse(_ arguments: Function.Arguments) throws {
        guard let remove else {
            throw SQLiteError.misuse("\(arguments.functionName)() is an aggregate, not a window function")
        }
        accumulator = try remove(accumulator, arguments)
    }

    package func value() throws -> SQLiteValue {
        try result(accumulator)
    }

    package func finalize() throws -> SQLiteValue {
        try result(accumulator)
    }
}
