import Foundation

/// An SQL script: text holding any number of statements, and the collection of those statements.
///
/// Statements end where SQLite's own `sqlite3_complete` says they do, so triggers, `CASE … END`,
/// comments and quoted semicolons are handled as SQLite handles them; splitting takes time linear
/// in the text's length, however many `;` a literal or a trigger holds.
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
            throw SQLiteError(code: SQLITE_CANTOPEN, details: "cannot read SQL script at \(url.path): \(error.localizedDescription)")
        }
    }

    /// The position of the first statement.
    public var startIndex: Int { statements.startIndex }
    /// The position past the last statement.
    public var endIndex: Int { statements.endIndex }
    /// The statement at a position; past the ends, an empty string (reading never traps).
    public subscript(position: Int) -> String {
        statements.indices.contains(position) ? statements[position] : ""
    }

    /// The statements in a range of positions, clamped to the script (reading never traps).
    public subscript(bounds: Range<Int>) -> Slice<SQLScript> {
        let lower = Swift.min(Swift.max(bounds.lowerBound, 0), endIndex)
        let upper = Swift.min(Swift.max(bounds.upperBound, lower), endIndex)
        return Slice(base: self, bounds: lower..<upper)
    }

    /// Splits text into complete statements, where `sqlite3_complete` (SQLite's shell) would, in
    /// time linear in the text's length.
    static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var (statements, start) = completeStatements(in: bytes)
            let rest = StatementBoundaries.statementText(bytes, start..<bytes.count)
            if !rest.isEmpty { statements.append(rest) }
            return statements
        }
    }

    /// The complete statements of UTF-8 text, and the offset where the incomplete rest starts:
    /// for text read in pieces (the `slate` tool reads a script from standard input so), the
    /// rest goes before the next piece.
    package static func completeStatements(in bytes: UnsafeBufferPointer<UInt8>) -> (statements: [String], rest: Int) {
        var statements: [String] = []
        var boundaries = StatementBoundaries(bytes: bytes)
        var start = 0
        while let end = boundaries.nextEnd() {
            let statement = StatementBoundaries.statementText(bytes, start..<end)
            if !statement.isEmpty && statement != ";" { statements.append(statement) }
            start = end
        }
        return (statements, start)
    }
}
