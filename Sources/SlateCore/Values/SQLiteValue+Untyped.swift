// A value as an untyped Swift value and back: SQLite.swift's row elements and arguments
// (`[Binding?]`) are these, and the typed layer's expressions keep their bound values this way.

extension SQLiteValue {
    /// The value as an untyped Swift value: `Int64`, `Double`, `String`, ``Blob`` or `nil`.
    package var binding: (any SQLiteBindable)? {
        switch self {
        case .int(let value): value
        case .real(let value): value
        case .text(let value): value
        case .blob(let value): Blob(data: value)
        case .null: nil
        }
    }

    /// Wraps an untyped Swift value (`nil` becomes `.null`).
    ///
    /// - Parameter binding: Any bindable value, or `nil`.
    package init(binding: (any SQLiteBindable)?) {
        self = binding?.sqliteValue ?? .null
    }
}
