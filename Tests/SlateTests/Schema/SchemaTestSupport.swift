import Slate
import Testing

/// Runs `body`, expects it to throw an ``SQLiteError`` with a code, and returns the error for
/// further checks of its message.
@discardableResult
func expectSQLiteError(
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
