import Foundation

// Moving values across the boundary of a user-defined function: reading the `sqlite3_value`
// arguments SQLite passes in, and setting the result (or the error) of the `sqlite3_context`.

extension SQLiteValue {
    /// Copies an argument of a function call.
    ///
    /// - Parameter value: The `sqlite3_value` SQLite passed.
    init(functionArgument value: OpaquePointer) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .int(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            if let text = sqlite3_value_text(value) {
                let count = Int(sqlite3_value_bytes(value))
                // By length, so embedded NULs are kept; invalid UTF-8 is repaired with U+FFFD.
                self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            } else {
                self = .text("")
            }
        case SQLITE_BLOB:
            if let bytes = sqlite3_value_blob(value) {
                self = .blob(Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))))
            } else {
                self = .blob(Data())
            }
        default: self = .null
        }
    }

    /// Sets the value as the result of a function call.
    ///
    /// - Parameter context: The `sqlite3_context` of the call.
    func setResult(of context: OpaquePointer) {
        switch self {
        case .int(let value): sqlite3_result_int64(context, value)
        case .real(let value): sqlite3_result_double(context, value)
        case .text(let value):
            var text = value
            text.withUTF8 { buffer in
                guard let base = buffer.baseAddress else {
                    // An empty string is '' — a NULL pointer would make the result NULL.
                    sqlite3_result_text(context, "", 0, slate_transient())
                    return
                }
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    sqlite3_result_text64(context, chars, UInt64(buffer.count), slate_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            guard !data.isEmpty else {
                sqlite3_result_zeroblob(context, 0)
                return
            }
            data.withUnsafeBytes { buffer in
                sqlite3_result_blob64(context, buffer.baseAddress, UInt64(buffer.count), slate_transient())
            }
        case .null: sqlite3_result_null(context)
        }
    }
}

extension Function.Arguments {
    /// Copies the arguments of a function call out of SQLite.
    ///
    /// - Parameters:
    ///   - count: The `argc` SQLite passed.
    ///   - values: The `argv` SQLite passed.
    ///   - functionName: The function's name, for error messages.
    init(count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?, functionName: String) {
        guard let values, count > 0 else {
            self.init([], functionName: functionName)
            return
        }
        var copied: [SQLiteValue] = []
        copied.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            copied.append(values[index].map { SQLiteValue(functionArgument: $0) } ?? .null)
        }
        self.init(copied, functionName: functionName)
    }
}

/// Fails a function call with an error thrown by user code.
///
/// The statement that made the call then fails with this message: an ``SQLiteError`` keeps its
/// message and result code; any other error becomes `SQLITE_ERROR` with its description.
///
/// - Parameters:
///   - error: What the user code threw.
///   - context: The `sqlite3_context` of the call.
func setError(_ error: any Error, of context: OpaquePointer) {
    if let error = error as? SQLiteError {
        sqlite3_result_error(context, error.explanation, -1)
        // OK, ROW and DONE are not failures: such an error is reported as SQLITE_ERROR.
        if ![SQLITE_OK, SQLITE_ROW, SQLITE_DONE].contains(error.code.primary) {
            sqlite3_result_error_code(context, error.code.rawValue)
        }
    } else {
        sqlite3_result_error(context, String(describing: error), -1)
    }
}
