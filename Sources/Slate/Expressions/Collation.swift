/// A collating sequence, for `COLLATE` in queries and column definitions.
///
/// The built-in collations are written bare (`COLLATE NOCASE`) and a custom name is quoted
/// (`COLLATE "NODIACRITIC"`), which is the text SQLite.swift generates.
public enum Collation: Sendable, Hashable, CustomStringConvertible {
    /// `BINARY`: compares bytes (the default).
    case binary
    /// `NOCASE`: ignores the case of ASCII letters.
    case nocase
    /// `RTRIM`: ignores trailing spaces.
    case rtrim
    /// A collation registered on the connection (`createCollation`).
    case custom(String)

    /// The collation's name.
    public var description: String {
        switch self {
        case .binary: "BINARY"
        case .nocase: "NOCASE"
        case .rtrim: "RTRIM"
        case .custom(let name): name
        }
    }
}

extension Collation: Expressible {
    /// The name as SQL: `NOCASE` for a built-in collation, `"name"` (quoted) for a custom one.
    public var expression: SQLExpression<Void> {
        switch self {
        case .binary, .nocase, .rtrim: SQLTemplate.literal(description)
        case .custom(let name): SQLTemplate.identifier(name)
        }
    }
}

/// Applies a collation to an expression: `"name" COLLATE "NODIACRITIC"`.
///
/// ```swift
/// restaurants.order(collate(.custom("NODIACRITIC"), name))
/// ```
///
/// - Parameters:
///   - collation: The collation.
///   - expression: The text expression.
/// - Returns: The collated expression.
public func collate<V>(_ collation: Collation, _ expression: SQLExpression<V>) -> SQLExpression<V> {
    expression.collate(collation)
}

extension SQLExpression {
    /// Applies a collation: `("name" COLLATE NOCASE)`.
    ///
    /// - Parameter collation: The collation.
    /// - Returns: The collated expression.
    public func collate(_ collation: Collation) -> SQLExpression<Datatype> {
        SQLTemplate.infix("COLLATE", self, collation)
    }
}
