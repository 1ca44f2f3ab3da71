import Foundation

extension Connection {
    /// Where a database lives.
    public enum Location: Hashable, Sendable {
        /// A database file at a path (a leading `~/` is expanded to the home folder).
        case file(path: String)
        /// A private, in-memory database (`":memory:"`), deleted when the connection closes.
        case inMemory
        /// A private, temporary on-disk database (`""`), deleted when the connection closes.
        case temporary
        /// A URI filename with typed query parameters, such as
        /// `.uri("file.sqlite", parameters: [.mode(.readOnly), .cache(.private)])`.
        case uri(String, parameters: [URIQueryParameter] = [])

        /// The filename passed to `sqlite3_open_v2`.
        public var filename: String {
            switch self {
            case .file(let path):
                return path.hasPrefix("~/") ? NSString(string: path).expandingTildeInPath : path
            case .inMemory: return ":memory:"
            case .temporary: return ""
            case .uri(let uri, let parameters):
                guard !parameters.isEmpty else { return uri }
                let base = uri.hasPrefix("file:") ? uri : "file:" + uri
                let query = parameters.map(\.queryItem).joined(separator: "&")
                return base + (base.contains("?") ? "&" : "?") + query
            }
        }

        /// Whether the filename must be opened with `SQLITE_OPEN_URI`.
        var isURI: Bool {
            if case .uri = self { return true }
            return false
        }
    }

    /// A URI query parameter recognized by SQLite (see https://sqlite.org/uri.html).
    public enum URIQueryParameter: Hashable, Sendable, CustomStringConvertible {
        /// How a file is opened (`mode=`).
        public enum FileMode: String, Hashable, Sendable {
            /// `mode=ro`: read-only.
            case readOnly = "ro"
            /// `mode=rw`: read-write, the file must exist.
            case readWrite = "rw"
            /// `mode=rwc`: read-write, created if missing.
            case readWriteCreate = "rwc"
            /// `mode=memory`: a pure in-memory database that never touches the disk.
            case memory
        }

        /// Whether the page cache is shared between connections (`cache=`).
        public enum CacheMode: String, Hashable, Sendable {
            /// `cache=shared`.
            case shared
            /// `cache=private`.
            case `private`
        }

        /// `cache=shared|private`.
        case cache(CacheMode)
        /// `immutable=1`: the file cannot change, so SQLite takes no locks.
        case immutable(Bool)
        /// `modeof=path`: new files get the permissions of `path`.
        case modeOf(String)
        /// `mode=ro|rw|rwc|memory`.
        case mode(FileMode)
        /// `nolock=1`: no file locking (as SQLite.swift's documentation spells it; its source's
        /// `.nolock(_:)` compiles too).
        case noLock(Bool)
        /// `psow=1|0`: powersafe overwrite.
        case powersafeOverwrite(Bool)
        /// `vfs=name`: the VFS to use.
        case vfs(String)

        /// The `name=value` text, with the value percent-encoded where needed.
        public var queryItem: String {
            switch self {
            case .cache(let mode): "cache=\(mode.rawValue)"
            case .immutable(let flag): "immutable=\(flag ? 1 : 0)"
            case .modeOf(let path): "modeof=\(Self.encode(path))"
            case .mode(let mode): "mode=\(mode.rawValue)"
            case .noLock(let flag): "nolock=\(flag ? 1 : 0)"
            case .powersafeOverwrite(let flag): "psow=\(flag ? 1 : 0)"
            case .vfs(let name): "vfs=\(Self.encode(name))"
            }
        }

        /// The `name=value` text.
        public var description: String { queryItem }

        private static func encode(_ value: String) -> String {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=#?%")
            return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
        }
    }

    /// Flags for `sqlite3_open_v2` (`SQLITE_OPEN_*`).
    public struct Options: OptionSet, Hashable, Sendable {
        /// The flag bits.
        public let rawValue: Int32
        /// Creates options from `SQLITE_OPEN_*` bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `SQLITE_OPEN_READONLY`: open for reading only.
        public static let readonly = Options(rawValue: SQLITE_OPEN_READONLY)
        /// `SQLITE_OPEN_READWRITE`: open for reading and writing.
        public static let readwrite = Options(rawValue: SQLITE_OPEN_READWRITE)
        /// `SQLITE_OPEN_CREATE`: create the database if it does not exist.
        public static let create = Options(rawValue: SQLITE_OPEN_CREATE)
        /// `SQLITE_OPEN_URI`: interpret the filename as a URI.
        public static let uri = Options(rawValue: SQLITE_OPEN_URI)
        /// `SQLITE_OPEN_MEMORY`: an in-memory database named by the filename.
        public static let memory = Options(rawValue: SQLITE_OPEN_MEMORY)
        /// `SQLITE_OPEN_NOMUTEX`: multi-thread mode (the connection is used by one thread at a time).
        public static let nomutex = Options(rawValue: SQLITE_OPEN_NOMUTEX)
        /// `SQLITE_OPEN_FULLMUTEX`: serialized mode.
        public static let fullmutex = Options(rawValue: SQLITE_OPEN_FULLMUTEX)
        /// `SQLITE_OPEN_SHAREDCACHE`: use the shared cache.
        public static let sharedcache = Options(rawValue: SQLITE_OPEN_SHAREDCACHE)
        /// `SQLITE_OPEN_PRIVATECACHE`: use a private cache.
        public static let privatecache = Options(rawValue: SQLITE_OPEN_PRIVATECACHE)
        /// `SQLITE_OPEN_EXRESCODE`: extended result codes (Slate always enables them).
        public static let exrescode = Options(rawValue: SQLITE_OPEN_EXRESCODE)
        /// The threading mode Slate's convenience initializers use: multi-thread (`.nomutex`), since
        /// a connection is used by one thread at a time; serialized (`.fullmutex`) with SQLCipher,
        /// whose 3.4 builds hung in our parallel tests without SQLite's own mutexes.
        public static var defaultThreading: Options {
            #if SQLCipher
            .fullmutex
            #else
            .nomutex
            #endif
        }
        /// `SQLITE_OPEN_NOFOLLOW`: refuse to open a path that is a symbolic link.
        public static let nofollow = Options(rawValue: SQLITE_OPEN_NOFOLLOW)
    }
}
