infix operator <- : AssignmentPrecedence
postfix operator ++
postfix operator --

/// A column and the value to store in it, for `insert`, `update` and `upsert`: `email <- "a@b.c"`.
public struct Setter: Sendable {
    /// The column (an unqualified, quoted identifier expression).
    public let column: SQLExpression<Void>
    /// What the column is set to: a plain value (the common `column <- value`) is kept as the
    /// value to bind, without an expression and its one-element array, so that an insert can
    /// bind it straight into a cached statement.
    @usableFromInline let payload: Payload

    /// A setter's right-hand side.
    @usableFromInline
    enum Payload: Sendable {
        /// One value, bound as the parameter `?`.
        case bound(SQLiteValue)
        /// Any other expression (`"count" + 1`, a subquery, …).
        case expression(SQLExpression<Void>)
        /// A value that has no stored form (a `Date` outside the years 0000–9999): running the
        /// statement throws this error, and nothing is written.
        case unstorable(SQLiteError)
    }

    /// The value or expression to store (`?` with the value bound, for a plain value; `NULL`
    /// for a value that cannot be stored, which makes running the statement throw).
    public var value: SQLExpression<Void> {
        switch payload {
        case .bound(let value): SQLExpression(template: "?", values: [value])
        case .expression(let expression): expression
        case .unstorable: SQLExpression(template: "?", values: [.null])
        }
    }

    /// Why the setter cannot be run, if its value has no stored form.
    var failure: SQLiteError? {
        if case .unstorable(let error) = payload { return error }
        return nil
    }

    /// Creates a setter.
    ///
    /// - Parameters:
    ///   - column: The column.
    ///   - value: The value or expression.
    public init(column: some Expressible, value: some Expressible) {
        self.column = column.expression
        self.payload = .expression(value.expression)
    }

    /// A setter binding one value.
    @usableFromInline
    init(column: SQLExpression<Void>, bound value: SQLiteValue) {
        self.column = column
        self.payload = .bound(value)
    }

    /// A setter binding a value's checked storage, or recording why it has none (reported when
    /// the statement runs: `<-` itself cannot throw).
    @inlinable
    init(column: SQLExpression<Void>, storing value: some SQLiteBindable) {
        self.column = column
        do {
            self.payload = .bound(try value.checkedSQLiteValue())
        } catch {
            self.payload = .unstorable(error)
        }
    }

    /// The first failure among setters.
    static func failure(in setters: [Setter]) -> SQLiteError? {
        for setter in setters {
            if let failure = setter.failure { return failure }
        }
        return nil
    }
}

extension Setter: Expressible {
    /// `"column" = value`, as in an `UPDATE`'s `SET` clause.
    public var expression: SQLExpression<Void> {
        switch payload {
        case .bound(let value): SQLExpression(template: column.template + " = ?", values: column.values + [value])
        case .expression(let value):
            SQLExpression(template: column.template + " = " + value.template, values: column.values + value.values)
        case .unstorable: SQLExpression(template: column.template + " = ?", values: column.values + [.null])
        }
    }
}

/// Sets a column to an expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V>, value: SQLExpression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets a column to a value.
///
/// - Parameters:
///   - column: The column.
///   - value: The value.
/// - Returns: The setter.
@inlinable  // specialized for the value's type where it is used: no generic calls per setter
public func <- <V: Value>(column: SQLExpression<V>, value: V) -> Setter {
    Setter(column: SQLExpression(template: column.template, values: column.values), storing: value.storedValue)
}

/// Sets an optional column to an expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V?>, value: SQLExpression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to an optional expression.
///
/// - Parameters:
///   - column: The column.
///   - value: The expression.
/// - Returns: The setter.
public func <- <V: Value>(column: SQLExpression<V?>, value: SQLExpression<V?>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to a value or `NULL`.
///
/// - Parameters:
///   - column: The column.
///   - value: The value, or `nil` for `NULL`.
/// - Returns: The setter.
@inlinable  // specialized for the value's type where it is used: no generic calls per setter
public func <- <V: Value>(column: SQLExpression<V?>, value: V?) -> Setter {
    Setter(column: SQLExpression(template: column.template, values: column.values), storing: value?.storedValue)
}

/// Increments an integer column: `"count" = ("count" + 1)`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func ++ <V: Value>(column: SQLExpression<V>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "+"))
}

/// Increments an optional integer column: `"count" = ("count" + 1)`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func ++ <V: Value>(column: SQLExpression<V?>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "+"))
}

/// Decrements an integer column: `"count" = ("count" - 1)`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func -- <V: Value>(column: SQLExpression<V>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "-"))
}

/// Decrements an optional integer column: `"count" = ("count" - 1)`.
///
/// - Parameter column: The column.
/// - Returns: The setter.
public postfix func -- <V: Value>(column: SQLExpression<V?>) -> Setter where V.Datatype: BinaryInteger {
    Setter(column: column, value: SQLTemplate.step(column, "-"))
}

extension SQLTemplate {
    /// `column op 1`, unparenthesized, for `++` and `--`.
    static func step(_ column: any Expressible, _ op: String) -> SQLExpression<Void> {
        // `"count" = ("count" + 1)`, parenthesized as SQLite.swift writes it.
        infix(op, column, SQLExpression<Void>(template: "?", values: [.int(1)]))
    }
}

extension Setter: CustomStringConvertible {
    /// The assignment as SQL with its value inlined, such as `"name" = 'Alice'` (as SQLite.swift
    /// prints a setter).
    public var description: String { asSQL() }
}
