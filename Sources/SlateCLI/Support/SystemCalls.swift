import Foundation

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

/// The whole contents of a file, for inputs read at once (a changeset).
///
/// - Throws: ``CLIError`` naming the file when it cannot be opened or read (missing, a folder,
///   no permission).
func readWholeFile(_ path: String) throws -> Data {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CLIError("\(path): cannot open the file: \(systemErrorDescription())") }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        throw CLIError("\(path): cannot read the file: it is a folder")
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return data }
        if count < 0 {
            if errno == EINTR { continue }
            throw CLIError("\(path): cannot read the file: \(systemErrorDescription())")
        }
        data.append(contentsOf: chunk[0..<count])
    }
}
