import Slate
import SlateCore

/// Conversions between a typed function's SQL values and its Swift `Value`s.
enum TypedFunctionArgument {
    /// The argument at `index` as `A`; NULL or a value of the wrong type is an error.
    static func required<A: Value>(_ arguments: Function.Arguments, _ index: Int) throws -> A {
        let stored: A.StoredForm = try arguments.get(index)
        let value = try A.fromStoredForm(stored)
        // `ValueType` is `A` for every value but a non-final class's subclasses.
        guard let typed = value as? A else {
            throw SQLiteError(
                code: SQLITE_MISMATCH,
                message: "\(arguments.functionName)() argument \(index + 1): \(type(of: value)) is not \(A.self)")
        }
        return typed
    }

    /// The argument at `index` as `A`, or `nil` for NULL.
    static func optional<A: Value>(_ arguments: Function.Arguments, _ index: Int) throws -> A? {
        if arguments.values[index].isNull { return nil }
        return try required(arguments, index) as A
    }

    /// A result as the SQL value SQLite returns.
    static func result<Z: Value>(_ value: Z) throws(SQLiteError) -> SQLiteValue {
        try value.storedValue.checkedSQLiteValue()
    }

    /// An optional result as the SQL value SQLite returns (NULL for `nil`).
    static func result<Z: Value>(_ value: Z?) throws(SQLiteError) -> SQLiteValue {
        guard let value else { return .null }
        return try value.storedValue.checkedSQLiteValue()
    }
}
