import Foundation

/// An SQL script: text holding any number of statements, and the collection of those statements.
///
/// Statement boundaries come from SQLite's own tokenizer (`sqlite3_complete`), so triggers,
/// `CASE … END`, comments and quoted semicolons are handled as SQLite handles them.
///
/// ```swift
/// let script: SQLScript = """
///     CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
///     INSERT INTO users (name) VALUES ('Alice; the first');
///     """
/// script.count   // 2
/// try db.execute(sql: script)
/// ```
public struct SQLScript: RandomAccessCollection, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The script's text.
    public let source: String
    /// The statements, each with its trailing `;`, without the whitespace and comments before it.
    public let statements: [String]

    /// Creates a script from text.
    ///
    /// - Parameter string: Zero or more SQL statements.
    public init(string: String) {
        source = string
        statements = Self.split(string)
    }

    /// Creates a script from a string literal.
    public init(stringLiteral value: String) { self.init(string: value) }

    /// Loads a script from a file.
    ///
    /// - Parameter url: A file URL of UTF-8 text.
    /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN`) when the file cannot be read.
    public init(contentsOf url: URL) throws(SQLiteError) {
        do {
            self.init(string: try String(contentsOf: url, encoding: .utf8))
        } catch {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot read SQL script at \(url.path): \(error.localizedDescription)")
        }
    }

    /// The position of the first statement.
    public var startIndex: Int { statements.startIndex }
    /// The position past the last statement.
    public var endIndex: Int { statements.endIndex }
    /// The statement at a position.
    public subscript(position: Int) -> String { statements[position] }

    /// Splits text into complete statements, the way SQLite's shell does.
    static func split(_ text: String) -> [String] {
        var statements: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            guard byte == UInt8(ascii: ";") else { continue }
            let isComplete = (current + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
            }
            if isComplete {
                let statement = withoutLeadingComments(current)
                if !statement.isEmpty && statement != ";" { statements.append(statement) }
                current.removeAll(keepingCapacity: true)
            }
        }
        let rest = withoutLeadingComments(current)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }

    /// The text without leading whitespace and comments, and without trailing whitespace.
    private static func withoutLeadingComments(_ bytes: [UInt8]) -> String {
        var start = 0
        while start < bytes.count {
            if bytes[start] == UInt8(ascii: " ") || (9...13).contains(bytes[start]) {
                start += 1
            } else if bytes[start...].starts(with: Array("--".utf8)) {
                while start < bytes.count && bytes[start] != UInt8(ascii: "\n") { start += 1 }
            } else if bytes[start...].starts(with: Array("/*".utf8)) {
                start += 2
                while start < bytes.count && !bytes[start...].starts(with: Array("*/".utf8)) { start += 1 }
                start = Swift.min(bytes.count, start + 2)
            } else {
                break
            }
        }
        return String(String(decoding: bytes[start...], as: UTF8.self).trimmingWhitespace())
    }
}
