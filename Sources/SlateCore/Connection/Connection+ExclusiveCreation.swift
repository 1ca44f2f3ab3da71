#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Opening with `Options.exclusive`: the database file is created with `O_CREAT | O_EXCL` before
// SQLite opens it, so "create a new database, and fail if one exists" has no window between
// checking and creating in which another process could slip a file in.

extension Connection {
    /// Creates the empty file of a new database; fails if anything exists at its path.
    ///
    /// - Parameter location: A ``Location/file(path:)``.
    /// - Throws: ``SQLiteError``: `SQLITE_CANTOPEN` when a file exists there or cannot be
    ///   created, `SQLITE_MISUSE` for a location that is not a file.
    static func createExclusively(_ location: Location) throws(SQLiteError) {
        guard case .file = location, !location.filename.isEmpty, location.filename != ":memory:" else {
            throw SQLiteError.misuse("Options.exclusive creates a database file: it needs a .file(path:) location")
        }
        let filename = location.filename
        let descriptor = open(filename, O_CREAT | O_EXCL | O_WRONLY, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST
                ? "a file already exists at \(filename); refusing to create a new database over it"
                : "cannot create \(filename): \(String(cString: strerror(errno)))"
            throw SQLiteError(code: SQLITE_CANTOPEN, details: reason)
        }
        closeFileDescriptor(descriptor)
    }

    /// Removes the file ``createExclusively(_:)`` made, when opening it failed.
    static func removeCreatedFile(_ location: Location) {
        unlink(location.filename)
    }
}

/// `close(2)`, named apart from ``Connection/close()``.
private func closeFileDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

extension Connection.Options {
    /// Create a new database, and fail with `SQLITE_CANTOPEN` if anything exists at the path
    /// (`O_EXCL`); use it with ``readwrite`` and ``create``, for a ``Connection/Location/file(path:)``.
    ///
    /// SQLite's own `SQLITE_OPEN_EXCLUSIVE` flag is for VFS implementations only; Slate creates
    /// the file itself and opens it without the flag.
    public static let exclusive = Connection.Options(rawValue: SQLITE_OPEN_EXCLUSIVE)
}
