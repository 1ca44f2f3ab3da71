import SlateCore
import Testing

/// Runs `body` and returns the `SQLiteError` it throws, or `nil` if it does not throw.
///
/// An error of another type comes back as an `SQLiteError` with code -1 and a message naming
/// it, so that a check of the code fails rather than passes.
public func sqliteError(_ body: () throws -> Void) -> SQLiteError? {
    do {
        try body()
        return nil
    } catch let error as SQLiteError {
        return error
    } catch {
        return SQLiteError(code: -1, message: "unexpected error type: \(error)")
    }
}

/// The error of a `Result`, as an `SQLiteError`; `nil` for a success, no result, or an error of
/// another type.
public func sqliteError<T>(_ result: Result<T, any Error>?) -> SQLiteError? {
    guard case .failure(let error)? = result else { return nil }
    return error as? SQLiteError
}

/// Runs `body`, expects it to throw an `SQLiteError` with `code`, and returns the error for
/// further checks of its message; records an issue when it throws nothing or something else.
@discardableResult
public func expectSQLiteError(
    _ code: Int32, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> SQLiteError? {
    do {
        try body()
        Issue.record("expected an SQLiteError with code \(code)", sourceLocation: sourceLocation)
        return nil
    } catch let error as SQLiteError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected an SQLiteError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Compares an optional error's code with a C constant: `error?.code == SQLITE_BUSY`.
public func == (lhs: SQLiteError.Code?, rhs: Int32) -> Bool { lhs.map { $0 == rhs } ?? false }

/// Whether `error` is the misuse error of a call on a closed connection.
public func isClosedError(_ error: SQLiteError?) -> Bool {
    guard let error else { return false }
    return error.code == SQLITE_MISUSE && error.explanation.contains("connection is closed")
}
