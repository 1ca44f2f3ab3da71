/// The datatype of a text expression: `String` or `String?`.
///
/// SQLite's text functions (`lower`, `trim`, `LIKE`, `json_extract`, …) take text that may be
/// `NULL`, and return `NULL` for it. Constraining on this protocol writes each function once for
/// both ``SQLExpression``s of text, while its result keeps the input's nullability:
///
/// ```swift
/// let email = SQLExpression<String>("email")
/// let name = SQLExpression<String?>("name")
/// email.like("%@mac.com")   // SQLExpression<Bool>
/// name.like("A%")           // SQLExpression<Bool?>
/// name.lowercaseString      // SQLExpression<String?>
/// ```
///
/// Only `String` and `Optional<String>` conform; other types should not.
public protocol TextExpressionDatatype {
    /// The type of a condition on the text: `Bool` for `String`, `Bool?` for `String?`.
    associatedtype TextCondition
    /// The type of a length or count of the text: `Int` for `String`, `Int?` for `String?`.
    associatedtype TextLength
}

extension String: TextExpressionDatatype {
    /// A condition on a `String` is never `NULL`.
    public typealias TextCondition = Bool
    /// The length of a `String` is never `NULL`.
    public typealias TextLength = Int
}

extension Optional: TextExpressionDatatype where Wrapped == String {
    /// A condition on a `String?` is `NULL` when the text is.
    public typealias TextCondition = Bool?
    /// The length of a `String?` is `NULL` when the text is.
    public typealias TextLength = Int?
}
