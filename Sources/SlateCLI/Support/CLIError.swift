import SlateCore
import SlateSchema

/// A failure the tool reports as one line on standard error, with its exit code.
///
/// Data and database failures exit with 1; usage errors are ArgumentParser's and exit with 64.
/// The message names the file, the position in it when there is one, and the cause.
struct CLIError: Error, CustomStringConvertible {
    /// The one-line message, without the `slate:` prefix.
    var message: String
    /// The process exit code.
    var exitCode: Int32 = 1

    /// A failure with a message.
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A failure at a position in a file: `file, line 3, column 5: cause`.
    init(file: String, position: String?, _ cause: String) {
        self.init([file, position].compactMap { $0 }.joined(separator: ", ") + ": " + cause)
    }

    var description: String { message }

    /// A database error from `file`, as one line (SQLite's message, never the SQL text).
    static func database(_ file: String, _ error: SQLiteError, at position: String? = nil) -> CLIError {
        var cause = error.explanation
        if error.code == SQLITE_READONLY, !cause.contains("read") { cause += " (the database is read-only)" }
        if error.isTransient { cause += " (another connection holds a lock; raise --busy-timeout to wait longer)" }
        return CLIError(file: file, position: position, cause)
    }
}

extension String {
    /// The text on one line: line breaks and tabs become spaces, so an error never spans lines.
    var singleLine: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
    }
}
