import Foundation
extension Date: SQLiteRepresentable {
    /// The date as UTC text with milliseconds, `yyyy-MM-dd'T'HH:mm:ss.SSS` (SQLite.swift's
    /// format, which SQLite's date functions read and which sorts chronologically).
    ///
    /// That text holds the years 0000 through 9999 (SQLite's own date range). A date outside
    /// them, or an infinite or NaN time, has no date text: this property then falls back to the
    /// Unix time as a REAL, which ``init(_:)`` reads back, while every write (``bind(to:at:)``,
    /// ``checkedSQLiteValue()``, typed setters, Codable) throws instead of storing it.
    public var sqliteValue: SQLiteValue {
        if let text = SQLiteDateFormat.text(from: self) { return .text(text) }
        return .real(timeIntervalSince1970)
    }

    /// The date text (see ``sqliteValue``), or `SQLITE_MISMATCH` for a date outside the years
    /// 0000–9999 or an infinite or NaN time.
    public func checkedSQLiteValue() throws(SQLiteError) -> SQLiteValue {
        .text(try SQLiteDateFormat.string(from: self))
    }

    /// Binds the date text, or throws `SQLITE_MISMATCH` for a date it cannot hold (see
    /// ``checkedSQLiteValue()``).
    public func bind(to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        try checkedSQLiteValue().bind(to: statement, at: index)
    }

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
        // One column lookup for the type and the text (see `sqliteColumnValue`).
        let column = sqlite3_column_value(statement, index)
        guard sqlite3_value_type(column) == SQLITE_TEXT else {
            self.init(SQLiteValue(sqliteStatement: statement, column: index))
            return
        }
        // sqlite3_value_text before sqlite3_value_bytes, so the count is the text's.
        guard let text = sqlite3_value_text(column) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(column)))
        guard let date = SQLiteDateFormat.date(utf8: bytes) else { return nil }
        self = date
    }
}
