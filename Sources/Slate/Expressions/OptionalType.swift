/// `Optional`, as a protocol, so that extensions can target expressions of optional values
/// (`SQLExpression<String?>`) generically.
public protocol OptionalType {
    /// The wrapped type.
    associatedtype Wrapped
}

extension Optional: OptionalType {}
