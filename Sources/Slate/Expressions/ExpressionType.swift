/// An SQL expression with a Swift type: a template with `?` placeholders and the values bound
/// to them.
///
/// ``SQLExpression`` is the one concrete expression type; the protocol lets generic code build
/// expressions of any underlying type.
public protocol ExpressionType: Expressible, CustomStringConvertible {
    /// The Swift type the expression evaluates to (`Void` when untyped).
    associatedtype UnderlyingType = Void

    /// The SQL text, with a `?` for each bound value.
    var template: String { get }

    /// The values bound to the template's placeholders, in order.
    var values: [SQLiteValue] { get }

    /// Creates an expression from SQL text and the values for its placeholders.
    ///
    /// - Parameters:
    ///   - template: SQL with one `?` per value.
    ///   - values: The values, in order.
    init(template: String, values: [SQLiteValue])
}

extension ExpressionType {
    /// Creates an expression from SQL text and SQLite.swift-style bindings.
    ///
    /// - Parameters:
    ///   - template: SQL with one `?` per binding.
    ///   - bindings: The values (`nil` binds NULL).
    public init(_ template: String, _ bindings: [(any SQLiteBindable)?]) {
        self.init(template: template, values: bindings.map { $0?.sqliteValue ?? .null })
    }

    /// Creates an expression for a column or other identifier, quoted (`"email"`).
    ///
    /// - Parameter identifier: The unquoted name.
    public init(_ identifier: String) {
        self.init(template: SQLiteValue.quoteIdentifier(identifier), values: [])
    }

    /// Creates an expression from literal SQL, used as is.
    ///
    /// ```swift
    /// let now = SQLExpression<String>(literal: "CURRENT_TIMESTAMP")
    /// ```
    ///
    /// - Parameter literal: The SQL text (no placeholders).
    public init(literal: String) {
        self.init(template: literal, values: [])
    }

    /// The bound values as SQLite.swift's bindings (`Int64`, `Double`, `String`, ``SlateCore/Blob`` or `nil`).
    public var bindings: [(any SQLiteBindable)?] { values.map(\.binding) }

    /// The expression without its Swift type.
    public var expression: SQLExpression<Void> { SQLExpression(template: template, values: values) }

    /// The SQL with its values inlined (see ``Expressible/asSQL()``).
    public var description: String { asSQL() }

    /// An `ASC` ordering term for `order(_:)`.
    public var asc: SQLExpression<Void> { SQLExpression(template: template + " ASC", values: values) }

    /// A `DESC` ordering term for `order(_:)`.
    public var desc: SQLExpression<Void> { SQLExpression(template: template + " DESC", values: values) }

    /// The expression named in the result with an `AS` clause; read it back with the alias.
    ///
    /// ```swift
    /// let initial = name.substring(1, length: 1).alias("initial")
    /// for row in try db.prepare(users.select(initial)) { print(row[initial]) }
    /// ```
    ///
    /// - Parameter name: The column alias (unquoted).
    /// - Returns: `<expression> AS "name"`.
    public func alias(_ name: String) -> Self {
        Self(template: template + " AS " + SQLiteValue.quoteIdentifier(name), values: values)
    }
}

extension ExpressionType where UnderlyingType: Value {
    /// Creates an expression that binds a value.
    ///
    /// - Parameter value: The value.
    public init(value: UnderlyingType) {
        self.init(template: "?", values: [value.storedValue.sqliteValue])
    }
}

extension ExpressionType {
    /// Creates an expression that binds an optional value (`nil` binds NULL).
    ///
    /// - Parameter value: The value, or `nil`.
    public init<V: Value>(value: V?) where UnderlyingType == V? {
        self.init(template: "?", values: [value?.storedValue.sqliteValue ?? .null])
    }
}
