/// The state of a class-based aggregate: an instance of the user's `Function/Aggregate`
/// (or `Function/Window`) subclass.
final class ClassAggregateState: AggregateState {
    let instance: Function.Aggregate

    init(_ instance: Function.Aggregate) {
        self.instance = instance
    }

    package func step(_ arguments: Function.Arguments) throws {
        try instance.step(args: arguments)
    }

    package func inverse(_ arguments: Function.Arguments) throws {
        guard let window = instance as? Function.Window else {
            throw SQLiteError.misuse("\(type(of: instance)) is not a Function.Window and cannot remove rows")
        }
        try window.inverse(args: arguments)
    }

    package func value() throws -> SQLiteValue {
        guard let window = instance as? Function.Window else {
            throw SQLiteError.misuse("\(type(of: instance)) is not a Function.Window and has no running value")
        }
        return try window.value()?.checkedSQLiteValue() ?? .null
    }

    package func finalize() throws -> SQLiteValue {
        try instance.finalize()?.checkedSQLiteValue() ?? .null
    }
}
