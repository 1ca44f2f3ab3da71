import Foundation
import SlateCore

/// A temporary folder, created empty and removed with everything in it when the value is
/// deinitialized: the one way tests get a place for database files.
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates a new, empty folder named `prefix-UUID` in the system's temporary folder.
    public init(prefix: String = "slate-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder (nothing is created).
    public func path(_ name: String) -> String { fileURL(name).path }

    /// A connection to the database file `name` in this folder (created if missing), after
    /// running `sql` in it.
    public func database(_ name: String, _ sql: String) throws -> Connection {
        let db = try Connection(path(name))
        try db.execute(sql: sql)
        return db
    }

    /// The URL of `name` inside the folder (nothing is created).
    public func fileURL(_ name: String) -> URL { url.appendingPathComponent(name) }
}
