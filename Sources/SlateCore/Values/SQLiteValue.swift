import Foundation

/// A value as SQLite stores it: one of its five storage classes.
public enum SQLiteValue: Hashable, Sendable, CustomStringConvertible {
    /// A 64-bit signed integer (`INTEGER`).
    case int(Int64)
    /// A 64-bit floating-point number (`REAL`).
    case real(Double)
    /// UTF-8 text (`TEXT`); embedded NUL characters are kept.
    case text(String)
    /// Raw bytes (`BLOB`).
    case blob(Data)
    /// The SQL `NULL`.
    case null

    /// The value as an SQL literal that SQLite parses back to the same value.
    ///
    /// Text has its quotes doubled (`'O''Reilly'`) and embedded NULs spliced in with `char(0)`, blobs use hex (`X'00AB'`), and non-finite
    /// reals, which have no SQL literal, use expressions SQLite evaluates to them
    /// (`9e999` for infinity, `-9e999`, and `NULL` for NaN, which SQLite stores as NULL anyway).
    public var sqliteLiteral: String {
        switch self {
        case .int(let value): return String(value)
        case .real(let value): return Self.literal(for: value)
        case .text(let value):
            // SQLite stops reading SQL text at a NUL byte, so embedded NULs are spliced in with char(0).
            guard value.utf8.contains(0) else { return Self.quote(value) }
            let parts = value.unicodeScalars.split(separator: "\u{0}", omittingEmptySubsequences: false)
            var terms: [String] = []
            for (index, part) in parts.enumerated() {
                if index > 0 { terms.append("char(0)") }
                if !part.isEmpty || parts.count == 1 { terms.append(Self.quote(String(String.UnicodeScalarView(part)))) }
            }
            if terms.first == "char(0)" { terms.insert("''", at: 0) }  // keep the result text, not a number
            return Self.concatenation(terms)
        case .blob(let data): return "X'" + Self.hex(data) + "'"
        case .null: return "NULL"
        }
    }

    /// Terms joined with `||`, in parentheses: a flat chain for up to 64 terms, and chains of
    /// chains beyond, so that text with many NULs stays within SQLite's expression depth limit
    /// (1000 by default; a flat chain of thousands of terms is "Expression tree is too large").
    static func concatenation(_ terms: [String]) -> String {
        let width = 64
        guard terms.count > width else { return "(" + terms.joined(separator: " || ") + ")" }
        let chunks = stride(from: 0, to: terms.count, by: width).map {
            concatenation(Array(terms[$0..<min($0 + width, terms.count)]))
        }
        return concatenation(chunks)
    }

    /// The value as the literal, for logging.
    public var description: String { sqliteLiteral }

    /// Whether the value is `NULL`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The SQL literal for a `Double` that the linked SQLite reads back as the same value, valid
    /// for every value including infinities and NaN (see ``RealLiteral``).
    static func literal(for value: Double) -> String {
        RealLiteral.literal(for: value)
    }

    /// Quotes text as an SQL string literal, doubling embedded single quotes.
    ///
    /// - Parameter text: The text to quote.
    /// - Returns: The literal, such as `'O''Reilly'`.
    public static func quote(_ text: String) -> String {
        // Most texts have no quote to double.
        guard text.utf8.contains(UInt8(ascii: "'")) else { return "'" + text + "'" }
        return enclosing(text, in: UInt8(ascii: "'"))
    }

    /// Quotes an identifier (a table, column or schema name) with double quotes, doubling
    /// embedded double quotes.
    ///
    /// - Parameter identifier: The identifier.
    /// - Returns: The quoted identifier, such as `"my ""table"""`.
    public static func quoteIdentifier(_ identifier: String) -> String {
        // Typed queries quote their table and column names on every render: skip Foundation's
        // search when there is no quote to double.
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return enclosing(identifier, in: UInt8(ascii: "\""))
    }

    /// Text enclosed in an ASCII quote character, with every occurrence of it doubled.
    ///
    /// Done on UTF-8 bytes, not with Foundation's `replacingOccurrences`: that compares
    /// `Character`s, and a quote followed by a combining mark or an emoji modifier (`'\u{301}`)
    /// is one `Character` that is not `'`, so it would stay single and end the literal early.
    /// Inserting an ASCII byte next to an ASCII byte keeps the UTF-8 valid.
    private static func enclosing(_ text: String, in quote: UInt8) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        bytes.append(quote)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ data: Data) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(data.count * 2)
        for byte in data {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral
{
    /// Creates an `.int` value from an integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// Creates a `.real` value from a float literal.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// Creates a `.text` value from a string literal.
    public init(stringLiteral value: String) { self = .text(value) }
    /// Creates `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates `.int(1)` or `.int(0)`.
    public init(booleanLiteral value: Bool) { self = .int(value ? 1 : 0) }
}
