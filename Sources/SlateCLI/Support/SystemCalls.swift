#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `strerror(errno)` as a Swift string: the system's reason for a failed call, in one line.
func systemErrorDescription(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

/// Whether a file descriptor is a terminal.
func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
}

/// Whether anything (file, directory, link) exists at a path.
func pathExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// Removes a database file and the journal files SQLite may have made beside it.
func removeDatabaseFiles(_ path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
}
