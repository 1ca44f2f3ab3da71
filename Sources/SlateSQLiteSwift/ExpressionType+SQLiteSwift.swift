// SQLite.swift's way to make an expression from SQL text and its bindings, and to read the
// bindings back. The primary spellings are `init(template:values:)` and `values`, in
// `SQLiteValue`s.

import Slate
import SlateCore

extension ExpressionType {
    /// Creates an expression from SQL text and SQLite.swift-style bindings (SQLite.swift's
    /// spelling; the primary is `ExpressionType/init(template:values:)`).
    ///
    /// - Parameters:
    ///   - template: SQL with one `?` per binding.
    ///   - bindings: The values (`nil` binds NULL).
    public init(_ template: String, _ bindings: [(any Binding)?]) {
        self.init(template: template, values: bindings.map { $0?.sqliteValue ?? .null })
    }

    /// The bound values as SQLite.swift's bindings (`Int64`, `Double`, `String`, `Blob` or `nil`;
    /// SQLite.swift's spelling of `ExpressionType/values`).
    public var bindings: [(any Binding)?] { values.map(\.binding) }
}
