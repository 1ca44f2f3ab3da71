import Foundation
import SlateCore

/// A temporary folder removed when the value is deinitialized.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("slate-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder (nothing is created).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Runs `body` and returns the `SQLiteError` it throws, or `nil` if it does not throw.
func sqliteError(_ body: () throws -> Void) -> SQLiteError? {
    do {
        try body()
        return nil
    } catch let error as SQLiteError {
        return error
    } catch {
        return SQLiteError(code: -1, message: "unexpected error type: \(error)")
    }
}

/// Lets tests compare an optional error's code with a C constant: `error?.code == SQLITE_BUSY`.
func == (lhs: SQLiteError.Code?, rhs: Int32) -> Bool { lhs.map { $0 == rhs } ?? false }
