/// SQLite.swift's name for a value that can be bound to a statement.
///
/// It is the same protocol as ``SQLiteBindable``, the primary spelling: Slate has one conversion
/// mechanism with two spellings, so every type that binds in DataLiteCore-style code binds in
/// SQLite.swift-style code too (`db.run("INSERT INTO t VALUES (?, ?)", 1, "a")`).
public typealias Binding = SQLiteBindable

extension SQLiteValue {
    /// The value as SQLite.swift's raw row element: `Int64`, `Double`, `String`, ``Blob`` or `nil`.
    public var binding: (any Binding)? {
        switch self {
        case .int(let value): value
        case .real(let value): value
        case .text(let value): value
        case .blob(let value): Blob(data: value)
        case .null: nil
        }
    }

    /// Wraps a SQLite.swift-style binding (`nil` becomes `.null`).
    ///
    /// - Parameter binding: Any bindable value, or `nil`.
    public init(binding: (any Binding)?) {
        self = binding?.sqliteValue ?? .null
    }
}
