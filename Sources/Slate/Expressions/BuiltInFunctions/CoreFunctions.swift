// SQLite's core scalar functions, typed: abs, round, random, length, lower/upper, trim, replace,
// substr, hex, ifnull (??), coalesce, nullif, typeof, instr and cast.

extension SQLExpression where Datatype: Value, Datatype.Datatype: Number {
    /// `abs(expression)`.
    public var absoluteValue: SQLExpression<Datatype> { SQLTemplate.call("abs", [self]) }
}

extension SQLExpression where Datatype: OptionalType, Datatype.Wrapped: Value, Datatype.Wrapped.Datatype: Number {
    /// `abs(expression)`.
    public var absoluteValue: SQLExpression<Datatype> { SQLTemplate.call("abs", [self]) }
}

extension SQLExpression where Datatype == Double {
    /// `round(expression)` or `round(expression, precision)`.
    ///
    /// - Parameter precision: The number of decimal digits, or `nil` for an integral value.
    /// - Returns: The rounded number.
    public func round(_ precision: Int? = nil) -> SQLExpression<Double> {
        SQLTemplate.call("round", [self] + (precision.map { [$0] } ?? []))
    }
}

extension SQLExpression where Datatype == Double? {
    /// `round(expression)` or `round(expression, precision)`.
    ///
    /// - Parameter precision: The number of decimal digits, or `nil` for an integral value.
    /// - Returns: The rounded number, or `NULL`.
    public func round(_ precision: Int? = nil) -> SQLExpression<Double?> {
        SQLTemplate.call("round", [self] + (precision.map { [$0] } ?? []))
    }
}

extension SQLExpression where Datatype: Value, Datatype.Datatype == Int64 {
    /// `random()`: a pseudo-random 64-bit integer, typed as the column's integer type (as in
    /// SQLite.swift, for every value stored as `Int64`).
    ///
    /// - Returns: The expression.
    public static func random() -> SQLExpression<Datatype> { SQLExpression(literal: "random()") }
}

extension SQLExpression where Datatype == Blob {
    /// `randomblob(length)`: random bytes.
    ///
    /// - Parameter length: The number of bytes.
    /// - Returns: The expression.
    public static func random(_ length: Int) -> SQLExpression<Blob> { SQLTemplate.call("randomblob", [length]) }

    /// `zeroblob(length)`: zero bytes.
    ///
    /// - Parameter length: The number of bytes.
    /// - Returns: The expression.
    public static func allZeros(length: Int) -> SQLExpression<Blob> { SQLTemplate.call("zeroblob", [length]) }

    /// `length(blob)`: the number of bytes.
    public var length: SQLExpression<Int> { SQLTemplate.call("length", [self]) }
}

extension SQLExpression where Datatype: TextExpressionDatatype {
    /// `length(text)`: the number of characters (`NULL` for a `NULL` text).
    public var length: SQLExpression<Datatype.TextLength> { SQLTemplate.call("length", [self]) }
    /// `lower(text)`.
    public var lowercaseString: SQLExpression<Datatype> { SQLTemplate.call("lower", [self]) }
    /// `upper(text)`.
    public var uppercaseString: SQLExpression<Datatype> { SQLTemplate.call("upper", [self]) }

    /// `ltrim(text)` or `ltrim(text, characters)`.
    ///
    /// - Parameter characters: The characters to remove; spaces by default.
    /// - Returns: The trimmed text.
    public func ltrim(_ characters: Set<Character>? = nil) -> SQLExpression<Datatype> {
        SQLTemplate.call("ltrim", [self] + SQLTemplate.characters(characters))
    }

    /// `rtrim(text)` or `rtrim(text, characters)`.
    ///
    /// - Parameter characters: The characters to remove; spaces by default.
    /// - Returns: The trimmed text.
    public func rtrim(_ characters: Set<Character>? = nil) -> SQLExpression<Datatype> {
        SQLTemplate.call("rtrim", [self] + SQLTemplate.characters(characters))
    }

    /// `trim(text)` or `trim(text, characters)`.
    ///
    /// - Parameter characters: The characters to remove; spaces by default.
    /// - Returns: The trimmed text.
    public func trim(_ characters: Set<Character>? = nil) -> SQLExpression<Datatype> {
        SQLTemplate.call("trim", [self] + SQLTemplate.characters(characters))
    }

    /// `replace(text, pattern, replacement)`.
    ///
    /// - Parameters:
    ///   - pattern: The text to find.
    ///   - replacement: The text to put instead.
    /// - Returns: The changed text.
    public func replace(_ pattern: String, with replacement: String) -> SQLExpression<Datatype> {
        SQLTemplate.call("replace", [self, pattern, replacement])
    }

    /// `substr(text, location)` or `substr(text, location, length)` (1-based).
    ///
    /// - Parameters:
    ///   - location: The 1-based start.
    ///   - length: The number of characters, or `nil` for the rest.
    /// - Returns: The substring.
    public func substring(_ location: Int, length: Int? = nil) -> SQLExpression<Datatype> {
        SQLTemplate.call("substr", [self, location] + (length.map { [$0] } ?? []))
    }

    /// `substr(text, start, count)` for a 0-based range, as Swift ranges are.
    ///
    /// - Parameter range: The 0-based character range.
    /// - Returns: The substring.
    public func substring(_ range: Range<Int>) -> SQLExpression<Datatype> {
        substring(range.lowerBound + 1, length: range.count)
    }

    /// `substr(text, lowerBound, count)`, SQLite.swift's subscript: `name[1..<3]` is
    /// `substr("name", 1, 2)`. Its lower bound is SQLite's 1-based position as is, unlike
    /// ``substring(_:)-(Range<Int>)``, which reads a 0-based Swift range.
    ///
    /// - Parameter range: The 1-based start and the end (exclusive).
    /// - Returns: The substring.
    public subscript(range: Range<Int>) -> SQLExpression<Datatype> {
        substring(range.lowerBound, length: range.count)
    }
}

extension SQLExpression where Datatype == String {
    /// `instr(text, needle)`: the 1-based position of `needle`, or 0.
    ///
    /// - Parameter needle: The text to find.
    /// - Returns: The position.
    public func position(of needle: String) -> SQLExpression<Int> {
        SQLTemplate.call("instr", [self, needle])
    }
}

extension ExpressionType {
    /// `hex(expression)`: the value's bytes as uppercase hexadecimal text.
    public var hex: SQLExpression<String> { SQLTemplate.call("hex", [self]) }

    /// `typeof(expression)`: `integer`, `real`, `text`, `blob` or `null`.
    public var typeof: SQLExpression<String> { SQLTemplate.call("typeof", [self]) }
}

extension SQLTemplate {
    static func characters(_ characters: Set<Character>?) -> [any Expressible] {
        guard let characters else { return [] }
        return [String(characters.sorted())]
    }
}

// MARK: - ifnull, coalesce, nullif

/// `ifnull(optional, default)`: the optional value, or the default when it is `NULL`.
///
/// - Parameters:
///   - optional: The expression that may be `NULL`.
///   - defaultValue: The value to use instead.
/// - Returns: `ifnull(optional, default)`.
public func ?? <V: Value>(optional: SQLExpression<V?>, defaultValue: V) -> SQLExpression<V> {
    SQLTemplate.call("ifnull", [optional, SQLTemplate.value(defaultValue)])
}

/// `ifnull(optional, expression)`.
///
/// - Parameters:
///   - optional: The expression that may be `NULL`.
///   - defaultValue: The expression to use instead.
/// - Returns: `ifnull(optional, expression)`.
public func ?? <V: Value>(optional: SQLExpression<V?>, defaultValue: SQLExpression<V>) -> SQLExpression<V> {
    SQLTemplate.call("ifnull", [optional, defaultValue])
}

/// `ifnull(optional, other)` where both may be `NULL`.
///
/// - Parameters:
///   - optional: The expression that may be `NULL`.
///   - defaultValue: The expression to use instead, which may be `NULL` too.
/// - Returns: `ifnull(optional, other)`.
public func ?? <V: Value>(optional: SQLExpression<V?>, defaultValue: SQLExpression<V?>) -> SQLExpression<V?> {
    SQLTemplate.call("ifnull", [optional, defaultValue])
}

/// `coalesce(a, b, …)`: the first argument that is not `NULL`.
///
/// - Parameters:
///   - first: The first candidate.
///   - second: The second candidate.
///   - more: Further candidates.
/// - Returns: The expression.
public func coalesce<V: Value>(
    _ first: SQLExpression<V?>, _ second: SQLExpression<V?>, _ more: SQLExpression<V?>...
) -> SQLExpression<V?> {
    SQLTemplate.call("coalesce", [first, second] + more)
}

/// `nullif(value, other)`: `NULL` when the two are equal, else `value`.
///
/// - Parameters:
///   - value: The value.
///   - other: The value that turns into `NULL`.
/// - Returns: The expression.
public func nullif<V: Value>(_ value: SQLExpression<V>, _ other: V) -> SQLExpression<V?> {
    SQLTemplate.call("nullif", [value, SQLTemplate.value(other)])
}

// MARK: - CAST

/// `CAST (expression AS type)`, converting to another value type's declared datatype.
///
/// ```swift
/// let text = cast(age) as SQLExpression<String?>   // CAST ("age" AS TEXT)
/// ```
///
/// - Parameter expression: The expression to convert.
/// - Returns: The converted expression.
public func cast<T: Value, U: Value>(_ expression: SQLExpression<T>) -> SQLExpression<U> {
    SQLTemplate.cast(expression, to: U.declaredDatatype)
}

/// `CAST (expression AS type)` for an expression that may be `NULL`.
///
/// - Parameter expression: The expression to convert.
/// - Returns: The converted expression.
public func cast<T: Value, U: Value>(_ expression: SQLExpression<T?>) -> SQLExpression<U?> {
    SQLTemplate.cast(expression, to: U.declaredDatatype)
}

extension SQLTemplate {
    static func cast<T>(_ expression: any Expressible, to type: String) -> SQLExpression<T> {
        let inner = expression.expression
        return SQLExpression(template: "CAST (" + inner.template + " AS " + type + ")", values: inner.values)
    }
}
