/// What an aggregate or window function does with one group of rows; one instance per group.
protocol AggregateState: AnyObject {
    /// Adds a row to the group (or to the window frame).
    func step(_ arguments: Function.Arguments) throws
    /// Removes the oldest row from the window frame (window functions only).
    func inverse(_ arguments: Function.Arguments) throws
    /// The result for the current window frame, keeping the state (window functions only).
    func value() throws -> SQLiteValue
    /// The group's result; the state is released afterwards.
    func finalize() throws -> SQLiteValue
}

/// The state of a class-based aggregate: an instance of the user's ``Function/Aggregate``
/// (or ``Function/Window``) subclass.
final class ClassAggregateState: AggregateState {
    let instance: Function.Aggregate

    init(_ instance: Function.Aggregate) {
        self.instance = instance
    }

    func step(_ arguments: Function.Arguments) throws {
        try instance.step(args: arguments)
    }

    func inverse(_ arguments: Function.Arguments) throws {
        guard let window = instance as? Function.Window else {
            throw SQLiteError.misuse("\(type(of: instance)) is not a Function.Window and cannot remove rows")
        }
        try window.inverse(args: arguments)
    }

    func value() throws -> SQLiteValue {
        guard let window = instance as? Function.Window else {
            throw SQLiteError.misuse("\(type(of: instance)) is not a Function.Window and has no running value")
        }
        return try window.value()?.checkedSQLiteValue() ?? .null
    }

    func finalize() throws -> SQLiteValue {
        try instance.finalize()?.checkedSQLiteValue() ?? .null
    }
}

/// The state of a closure-based aggregation (SQLite.swift's `createAggregation`) or window
/// function: an accumulated value and the closures that update and read it.
final class ReducingAggregateState<Accumulator>: AggregateState {
    typealias Update = (Accumulator, [(any Binding)?]) throws -> Accumulator

    var accumulator: Accumulator
    let reduce: Update
    let remove: Update?
    let result: (Accumulator) throws -> (any Binding)?

    init(initial: Accumulator, reduce: @escaping Update, remove: Update?, result: @escaping (Accumulator) throws -> (any Binding)?) {
        self.accumulator = initial
        self.reduce = reduce
        self.remove = remove
        self.result = result
    }

    func step(_ arguments: Function.Arguments) throws {
        accumulator = try reduce(accumulator, arguments.bindings)
    }

    func inverse(_ arguments: Function.Arguments) throws {
        guard let remove else {
            throw SQLiteError.misuse("\(arguments.functionName)() is an aggregate, not a window function")
        }
        accumulator = try remove(accumulator, arguments.bindings)
    }

    func value() throws -> SQLiteValue {
        SQLiteValue(binding: try result(accumulator))
    }

    func finalize() throws -> SQLiteValue {
        SQLiteValue(binding: try result(accumulator))
    }
}
