// Text that SQLite reads as a C string ends at its first NUL byte: names holding one are refused.

extension SQLiteError {
    /// Throws when text that SQLite reads as a C string (a file name, a schema, table, column,
    /// function, collation or parameter name) holds a NUL byte: SQLite would see only the part
    /// before it, and open, name or bind something else without a word.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - what: What the text is, for the message ("the file name").
    static func checkNoNUL(_ text: String, _ what: @autoclosure () -> String) throws(SQLiteError) {
        guard text.utf8.contains(0) else { return }
        throw .misuse(
            "\(what()) \(SQLiteValue.quote(text.replacingNULs())) holds a NUL byte: SQLite would read only the "
                + "part before it")
    }
}

extension String {
    /// The text with each NUL shown as `\0`, for messages.
    func replacingNULs() -> String {
        var shown = ""
        for scalar in unicodeScalars {
            if scalar == "\u{0}" { shown += "\\0" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }
}
