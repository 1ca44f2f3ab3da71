#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// SQLite.swiftly's intent-checked opening: say whether you expect the database to exist.

extension Connection {
    /// Creates a new, empty database file and opens it; fails if anything exists at the path.
    ///
    /// The file is created exclusively (`O_CREAT | O_EXCL`) before SQLite opens it, so there is
    /// no window between checking and creating in which another process could slip a file in.
    ///
    /// ```swift
    /// let db = try Connection(toNewDatabaseAt: "catalog.sqlite")
    /// ```
    ///
    /// - Parameter path: Where to create the database.
    /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN`) when a file already exists at `path` or the
    ///   file cannot be created.
    public convenience init(toNewDatabaseAt path: String) throws(SQLiteError) {
        let filename = Location.file(path: path).filename
        try SQLiteError.checkNoNUL(filename, "the database file name")
        let descriptor = open(filename, O_CREAT | O_EXCL | O_WRONLY, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST
                ? "a file already exists at \(filename); refusing to create a new database over it"
                : "cannot create \(filename): \(String(cString: strerror(errno)))"
            throw SQLiteError(code: SQLITE_CANTOPEN, details: reason)
        }
        closeFileDescriptor(descriptor)
        do {
            try self.init(location: .file(path: filename), options: [.readwrite, .defaultThreading])
        } catch {
            unlink(filename)
            throw error
        }
    }

    /// Creates a new, empty database at a file URL; fails if anything exists there.
    ///
    /// - Parameter url: A file URL.
    /// - Throws: ``SQLiteError`` when `url` is not a file URL, a file exists there, or it cannot
    ///   be created.
    public convenience init(toNewDatabaseAt url: URL) throws(SQLiteError) {
        guard url.isFileURL else {
            throw SQLiteError(code: SQLITE_CANTOPEN, details: "\(url) is not a file URL")
        }
        try self.init(toNewDatabaseAt: url.path)
    }

    /// Opens an existing database; fails if there is none at the path.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN`) when no file exists at `path`, or
    ///   (`SQLITE_NOTADB`) when the file is not a database.
    public convenience init(toExistingDatabaseAt path: String, readonly: Bool = false) throws(SQLiteError) {
        // Without SQLITE_OPEN_CREATE, SQLite itself refuses a missing file: no check-then-open race.
        try self.init(location: .file(path: path), options: readonly ? [.readonly, .defaultThreading] : [.readwrite, .defaultThreading])
    }

    /// Opens an existing database at a file URL; fails if there is none.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - readonly: Whether to open for reading only.
    /// - Throws: ``SQLiteError`` when `url` is not a file URL or no database exists there.
    public convenience init(toExistingDatabaseAt url: URL, readonly: Bool = false) throws(SQLiteError) {
        guard url.isFileURL else {
            throw SQLiteError(code: SQLITE_CANTOPEN, details: "\(url) is not a file URL")
        }
        try self.init(toExistingDatabaseAt: url.path, readonly: readonly)
    }
}

/// `close(2)`, named apart from ``Connection/close()``.
private func closeFileDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
