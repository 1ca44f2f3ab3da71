import Foundation

// SQLite.swiftly's intent-checked opening, as thin spellings of SlateCore's primary initializer
// `Connection(_:options:)`: `[.readwrite, .create, .exclusive]` creates a new database and fails
// if one exists; options without `.create` open an existing one and fail if it is missing.

extension Connection {
    /// Creates a new, empty database file and opens it; fails if anything exists at the path
    /// (SQLite.swiftly's spelling of `Connection(path, options: [.readwrite, .create, .exclusive])`).
    ///
    /// The file is created exclusively (`O_CREAT | O_EXCL`) before SQLite opens it, so there is
    /// no window between checking and creating in which another process could slip a file in.
    ///
    /// ```swift
    /// let db = try Connection(toNewDatabaseAt: "catalog.sqlite")
    /// ```
    ///
    /// - Parameter path: Where to create the database.
    /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN`) when a file already exists at `path` or the
    ///   file cannot be created.
    public convenience init(toNewDatabaseAt path: String) throws(SQLiteError) {
        try self.init(
            location: .file(path: path), options: [.readwrite, .create, .exclusive, .defaultThreading],
            busyTimeoutMilliseconds: 0)
    }

    /// Creates a new, empty database at a file URL; fails if anything exists there.
    ///
    /// - Parameter url: A file URL.
    /// - Throws: `SQLiteError` when `url` is not a file URL, a file exists there, or it cannot
    ///   be created.
    public convenience init(toNewDatabaseAt url: URL) throws(SQLiteError) {
        try self.init(toNewDatabaseAt: try Self.filePath(of: url))
    }

    /// Opens an existing database; fails if there is none at the path (SQLite.swiftly's spelling
    /// of `Connection(path, options: .readwrite)` or `.readonly`).
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN`) when no file exists at `path`, or
    ///   (`SQLITE_NOTADB`) when the file is not a database.
    public convenience init(toExistingDatabaseAt path: String, readonly: Bool = false) throws(SQLiteError) {
        // Without SQLITE_OPEN_CREATE, SQLite itself refuses a missing file: no check-then-open race.
        try self.init(
            location: .file(path: path), options: [readonly ? .readonly : .readwrite, .defaultThreading],
            busyTimeoutMilliseconds: 0)
    }

    /// Opens an existing database at a file URL; fails if there is none.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: `SQLiteError` when `url` is not a file URL or no database exists there.
    public convenience init(toExistingDatabaseAt url: URL, readonly: Bool = false) throws(SQLiteError) {
        try self.init(toExistingDatabaseAt: try Self.filePath(of: url), readonly: readonly)
    }

    /// The path of a file URL.
    ///
    /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN`) when `url` is not a file URL.
    private static func filePath(of url: URL) throws(SQLiteError) -> String {
        guard url.isFileURL else {
            throw SQLiteError(code: SQLITE_CANTOPEN, details: "\(url) is not a file URL")
        }
        return url.path
    }
}
