import Foundation
extension Date: SQLiteRepresentable {
    /// The date as UTC text with milliseconds, `yyyy-MM-dd'T'HH:mm:ss.SSS` (SQLite.swift's
    /// format, which SQLite's date functions read and which sorts chronologically).
    public var sqliteValue: SQLiteValue { .text(SQLiteDateFormat.string(from: self)) }

    /// Reads ISO-8601 or SQLite date text (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.SSS…]]`, with
    /// `T` or a space, an optional `Z` or `±HH:MM` offset), or a Unix time number in seconds.
    public init?(_ value: SQLiteValue) {
        switch value {
        case .text(let text):
            guard let date = SQLiteDateFormat.date(from: text) else { return nil }
            self = date
        case .int(let seconds): self.init(timeIntervalSince1970: Double(seconds))
        case .real(let seconds): self.init(timeIntervalSince1970: seconds)
        default: return nil
        }
    }

    /// Reads a date straight from the statement: date text is parsed where SQLite keeps it,
    /// without copying it into a `String` and then into an array first; numbers are Unix times
    /// as in ``init(_:)``.
    ///
    /// - Parameters:
    ///   - statement: The statement, on a row.
    ///   - index: The 0-based column index.
    public init?(sqliteStatement statement: OpaquePointer, column index: Int32) {
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT else {
            self.init(SQLiteValue(sqliteStatement: statement, column: index))
            return
        }
        // sqlite3_column_text before sqlite3_column_bytes, so the count is the text's.
        guard let text = sqlite3_column_text(statement, index) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index)))
        guard let date = SQLiteDateFormat.date(utf8: bytes) else { return nil }
        self = date
    }
}
