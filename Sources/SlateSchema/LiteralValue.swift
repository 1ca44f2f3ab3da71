import SlateCore

/// A column's default value as SQLite reports it (`PRAGMA table_info`'s `dflt_value`), or as a
/// ``ColumnDefinition`` gives it to ``SchemaChanger``.
public enum LiteralValue: Equatable, Sendable, CustomStringConvertible {
    /// A number, or any other SQL text used as is (a parenthesized expression, for instance).
    case numericLiteral(String)
    /// Text, rendered as a quoted SQL string.
    case stringLiteral(String)
    /// A blob given as hexadecimal digits, rendered as `X'…'`.
    case blobLiteral(String)
    /// `NULL`: no default value.
    case NULL
    /// `TRUE` (1).
    case TRUE
    /// `FALSE` (0).
    case FALSE
    /// `CURRENT_TIME`.
    case CURRENT_TIME
    /// `CURRENT_DATE`.
    case CURRENT_DATE
    /// `CURRENT_TIMESTAMP`.
    case CURRENT_TIMESTAMP

    /// Parses SQLite's text for a default value; `nil` means no default (`NULL`).
    ///
    /// - Parameter sql: The default value's SQL, such as `'foo'`, `42`, `X'00FF'` or `CURRENT_TIME`.
    public init(_ sql: String?) {
        guard let sql else {
            self = .NULL
            return
        }
        switch sql.uppercased() {
        case "NULL": self = .NULL
        case "TRUE": self = .TRUE
        case "FALSE": self = .FALSE
        case "CURRENT_TIME": self = .CURRENT_TIME
        case "CURRENT_DATE": self = .CURRENT_DATE
        case "CURRENT_TIMESTAMP": self = .CURRENT_TIMESTAMP
        default: self = Self.parse(sql)
        }
    }

    private static func parse(_ sql: String) -> LiteralValue {
        if let body = unquoted(sql, "'") { return .stringLiteral(body.replacingOccurrences(of: "''", with: "'")) }
        if let body = unquoted(sql, "\"") { return .stringLiteral(body.replacingOccurrences(of: "\"\"", with: "\"")) }
        if sql.first == "x" || sql.first == "X", let body = unquoted(String(sql.dropFirst()), "'") {
            return .blobLiteral(body)
        }
        return .numericLiteral(sql)
    }

    /// The text between matching quotes, or `nil` when `sql` is not one quoted token.
    private static func unquoted(_ sql: String, _ quote: Character) -> String? {
        guard sql.count >= 2, sql.first == quote, sql.last == quote else { return nil }
        let body = String(sql.dropFirst().dropLast())
        let doubled = String([quote, quote])
        // A lone quote inside means two tokens, such as 'a' || 'b'.
        guard !body.replacingOccurrences(of: doubled, with: "").contains(quote) else { return nil }
        return body
    }

    /// The value as SQL, for a `DEFAULT` clause.
    public var description: String {
        switch self {
        case .NULL: "NULL"
        case .TRUE: "TRUE"
        case .FALSE: "FALSE"
        case .CURRENT_TIME: "CURRENT_TIME"
        case .CURRENT_DATE: "CURRENT_DATE"
        case .CURRENT_TIMESTAMP: "CURRENT_TIMESTAMP"
        case .stringLiteral(let text): SQLiteValue.quote(text)
        case .blobLiteral(let hex): "X'" + hex + "'"
        case .numericLiteral(let text): text
        }
    }
}
