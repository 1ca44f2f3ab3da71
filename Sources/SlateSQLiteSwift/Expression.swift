import Slate
import SlateCore

/// SQLite.swift's name for `SQLExpression`, the primary spelling.
///
/// Foundation declares an `Expression` type too (macOS 15, and swift-corelibs-foundation), so in
/// type positions `Expression<String>` can be ambiguous where Foundation is imported: write
/// `SQLExpression<String>`, which is the same type.
public typealias Expression<Datatype> = SQLExpression<Datatype>

extension SQLExpression where Datatype: Value {
    /// A bound value as an expression, `?` with the value bound (SQLite.swift's initializer), for
    /// places that take an expression, such as `lag(offset:default:_:)`.
    ///
    /// - Parameter value: The value.
    public init(value: Datatype) {
        self.init(template: "?", values: [value.storedValue.sqliteValue])
    }
}
