// SQLite.swift's lowest-level aggregation: the caller allocates each group's state, `step`
// updates it through a pointer, and `final` reads it and frees it. Built on SlateCore's
// closure aggregation, so it shares its registration, error reporting and lifetime rules.

import Slate
import SlateCore

extension Connection {
    /// Creates (or replaces) an aggregate function whose per-group state lives behind an
    /// `UnsafeMutablePointer` that you allocate and free (SQLite.swift's spelling).
    ///
    /// ```swift
    /// db.createAggregation(
    ///     "mySum", argumentCount: 1,
    ///     step: { args, sum in sum.pointee += args[0] as? Int64 ?? 0 },
    ///     final: { sum in defer { sum.deallocate() }; return sum.pointee },
    ///     state: { let sum = UnsafeMutablePointer<Int64>.allocate(capacity: 1); sum.initialize(to: 0); return sum })
    /// ```
    ///
    /// `state` runs once per group, before the group's first row; a group of no rows (an
    /// aggregate over an empty table) calls `state` and then `final`, so `final` always receives
    /// a pointer `state` made. `final` owns that pointer and must free it. If a statement stops
    /// before a group finishes (an error, or a reset), `final` is not called for that group and
    /// its state is not freed, as in SQLite.swift; prefer
    /// `createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`,
    /// which manages its state.
    ///
    /// - Parameters:
    ///   - functionName: The SQL name.
    ///   - argumentCount: The number of arguments, or `nil` for any number.
    ///   - deterministic: Whether the result depends only on the rows (`SQLITE_DETERMINISTIC`).
    ///   - step: Adds one row's arguments (`Int64`, `Double`, `String`, `Blob` or
    ///     `nil`) to the group's state.
    ///   - final: Turns the group's state into the SQL result, and frees the state.
    ///   - state: Allocates and initializes a fresh state for a group.
    ///
    /// Like SQLite.swift's, it does not throw: a registration that fails (a closed connection, a
    /// name longer than 255 bytes) is recorded in `lastFunctionRegistrationError`, and a
    /// statement that calls the aggregate fails with `no such function` and that cause.
    public func createAggregation<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        step: @escaping ([(any Binding)?], UnsafeMutablePointer<T>) -> Void,
        final: @escaping (UnsafeMutablePointer<T>) -> (any Binding)?,
        state: @escaping () -> UnsafeMutablePointer<T>
    ) {
        createAggregation(
            functionName, argumentCount: argumentCount, deterministic: deterministic,
            initialValue: AggregationStatePointer(make: state),
            reduce: { group, arguments in
                step(arguments, group.pointer)
                return group
            },
            result: { group in final(group.pointer) })
    }
}

/// One group's state pointer, made by the user's `state` closure on first use: at the group's
/// first row, or at `final` for a group of no rows.
private final class AggregationStatePointer<T> {
    let make: () -> UnsafeMutablePointer<T>
    private var made: UnsafeMutablePointer<T>?

    init(make: @escaping () -> UnsafeMutablePointer<T>) {
        self.make = make
    }

    var pointer: UnsafeMutablePointer<T> {
        if let made { return made }
        let fresh = make()
        made = fresh
        return fresh
    }
}
