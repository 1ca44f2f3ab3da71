/// A typed SQL expression: a column, a value, a function call or an operator applied to other
/// expressions. (SlateSQLiteSwift's `Expression` is the same type under SQLite.swift's name.)
///
/// ```swift
/// let id = SQLExpression<Int64>("id")          // "id"
/// let name = Expression<String?>("name")       // "name", may be NULL
/// let now = SQLExpression<String>(literal: "CURRENT_TIMESTAMP")
/// users.filter(id == 1 && name != nil)
/// ```
///
/// With Foundation imported, `Expression` is ambiguous in type positions (Foundation has its
/// own); write `SQLExpression` there.
public struct SQLExpression<Datatype>: ExpressionType, Sendable {
    /// The Swift type the expression evaluates to.
    public typealias UnderlyingType = Datatype

    /// The SQL text, with a `?` for each bound value.
    public var template: String

    /// The values bound to the template's placeholders, in order.
    public var values: [SQLiteValue]

    /// Creates an expression from SQL text and the values for its placeholders.
    ///
    /// - Parameters:
    ///   - template: SQL with one `?` per value.
    ///   - values: The values, in order.
    public init(template: String, values: [SQLiteValue]) {
        self.template = template
        self.values = values
    }

    /// Retypes another expression (same SQL, new Swift type).
    ///
    /// - Parameter expression: The expression.
    public init<Other: ExpressionType>(_ expression: Other) {
        self.init(template: expression.template, values: expression.values)
    }

    /// A call of an SQL function by name, such as one registered with `createFunction`:
    /// `"typeConformsTo"("UTI", 'public.image')`.
    ///
    /// - Parameters:
    ///   - name: The function's name.
    ///   - arguments: The arguments (columns, values, expressions).
    ///   - quoted: Whether to quote the name as an identifier (as custom functions are), or write
    ///     it bare (as built-in functions usually are).
    public init(function name: String, _ arguments: [any Expressible], quoted: Bool = true) {
        self = SQLTemplate.call(quoted ? SQLiteValue.quoteIdentifier(name) : name, arguments)
    }
}
