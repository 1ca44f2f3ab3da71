/// Everything SQLite calls back into for one user-defined function: the box that is handed to
/// `sqlite3_create_function_v2` as its application data.
///
/// The box is retained (`Unmanaged.passRetained`) when it is registered and released by SQLite's
/// destroy callback, which SQLite calls when the function is replaced or removed, when the
/// connection finally closes, or when registration fails. So it lives exactly as long as SQLite
/// can call it, however many statements run in between.
package final class FunctionDefinition {
    /// How the function computes its result.
    package enum Kind {
        /// A scalar function: arguments in, one value out.
        case scalar((Function.Arguments) throws -> SQLiteValue)
        /// An aggregate: a fresh state per group, stepped once per row, then finalized.
        case aggregate(() -> any AggregateState)
        /// An aggregate that can also run over a sliding window frame.
        case window(() -> any AggregateState)
    }

    /// The SQL name.
    let name: String
    /// The number of arguments, or -1 for any number.
    let argumentCount: Int32
    /// The `SQLITE_DETERMINISTIC`/`DIRECTONLY`/`INNOCUOUS` flags.
    let options: Function.Options
    /// How the function computes its result.
    let kind: Kind

    package init(name: String, argumentCount: Int32, options: Function.Options, kind: Kind) {
        self.name = name
        self.argumentCount = argumentCount
        self.options = options
        self.kind = kind
    }

    /// A new state for a group of rows (aggregates and window functions).
    func makeState() -> (any AggregateState)? {
        switch kind {
        case .scalar: nil
        case .aggregate(let make), .window(let make): make()
        }
    }

    /// The definition SQLite passes back to a callback through `sqlite3_user_data`.
    static func from(_ context: OpaquePointer) -> FunctionDefinition? {
        guard let data = sqlite3_user_data(context) else { return nil }
        return Unmanaged<FunctionDefinition>.fromOpaque(data).takeUnretainedValue()
    }
}

// MARK: - C callbacks
//
// Each callback recovers the definition from the call's context, copies the arguments, runs the
// Swift code and reports a thrown error with `sqlite3_result_error`, so nothing ever unwinds
// through SQLite's C frames.

/// `xFunc` of a scalar function.
func functionScalarCallback(_ context: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let context, let definition = FunctionDefinition.from(context),
        case .scalar(let body) = definition.kind
    else { return }
    do {
        try body(Function.Arguments(count: argc, values: argv, functionName: definition.name)).setResult(of: context)
    } catch {
        setError(error, of: context)
    }
}

/// `xStep` of an aggregate or window function: folds one row into the group's state.
func functionStepCallback(_ context: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let context, let definition = FunctionDefinition.from(context),
        let group = AggregateGroup.current(in: context, definition: definition, create: true)
    else { return }
    guard !group.failed else { return }
    do {
        try group.state.step(Function.Arguments(count: argc, values: argv, functionName: definition.name))
    } catch {
        group.failed = true
        setError(error, of: context)
    }
}

/// `xInverse` of a window function: removes the oldest row of the frame from the state.
func functionInverseCallback(_ context: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let context, let definition = FunctionDefinition.from(context),
        let group = AggregateGroup.current(in: context, definition: definition, create: true)
    else { return }
    guard !group.failed else { return }
    do {
        try group.state.inverse(Function.Arguments(count: argc, values: argv, functionName: definition.name))
    } catch {
        group.failed = true
        setError(error, of: context)
    }
}

/// `xValue` of a window function: the result for the current frame, keeping the state.
func functionValueCallback(_ context: OpaquePointer?) {
    guard let context, let definition = FunctionDefinition.from(context),
        let group = AggregateGroup.current(in: context, definition: definition, create: true)
    else { return }
    guard !group.failed else { return }
    do {
        try group.state.value().setResult(of: context)
    } catch {
        group.failed = true
        setError(error, of: context)
    }
}

/// `xFinal` of an aggregate or window function: the group's result, then the state is released.
///
/// SQLite calls it for every group that was stepped, also when the statement stops early, and
/// once for an aggregate over no rows at all. For that empty group a fresh state is finalized,
/// so `myCount()` of nothing is 0 rather than NULL.
func functionFinalCallback(_ context: OpaquePointer?) {
    guard let context, let definition = FunctionDefinition.from(context) else { return }
    let group: AggregateGroup
    if let existing = AggregateGroup.take(from: context) {
        group = existing
    } else if let state = definition.makeState() {
        group = AggregateGroup(state: state)
    } else {
        return
    }
    guard !group.failed else { return }
    do {
        try group.state.finalize().setResult(of: context)
    } catch {
        setError(error, of: context)
    }
}

/// `xDestroy`: releases the definition when SQLite no longer needs it.
func functionDestroyCallback(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<FunctionDefinition>.fromOpaque(data).release()
}
