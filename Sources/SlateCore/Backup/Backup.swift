/// An online backup: copies a database, page by page, into another connection's database while
/// the source stays usable (SQLite's Online Backup API, SQLite.swift's `Backup`).
///
/// ```swift
/// let db = try Connection("db.sqlite")
/// let target = try Connection(.inMemory)
/// let backup = try db.backup(usingConnection: target)
/// while try !backup.step(pagesToCopy: .limited(number: 100)) {
///     print("\(backup.remainingPages) of \(backup.pageCount) pages left")
/// }
/// ```
///
/// A backup keeps both connections alive until it is finished or released. It is used by one
/// thread at a time, like its connections.
public final class Backup {
    /// How many pages one ``step(pagesToCopy:)`` copies.
    public enum Pages: Hashable, Sendable {
        /// Every remaining page.
        case all
        /// At most `number` pages (at least 1).
        case limited(number: Int32)

        var count: Int32 {
            switch self {
            case .all: -1
            case .limited(let number): max(number, 1)
            }
        }
    }

    /// Which database of a connection takes part in a backup (SQLite.swift's `DatabaseName`).
    public enum DatabaseName: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The main database.
        case main
        /// The temporary database.
        case temp
        /// An attached database, by its schema name.
        case attached(name: String)

        /// Creates a name from a schema name: `"main"`, `"temp"` or an attached name.
        ///
        /// - Parameter value: The schema name.
        public init(stringLiteral value: String) {
            switch value {
            case "main": self = .main
            case "temp": self = .temp
            default: self = .attached(name: value)
            }
        }

        /// The schema name passed to SQLite.
        public var name: String {
            switch self {
            case .main: "main"
            case .temp: "temp"
            case .attached(let name): name
            }
        }
    }

    /// The state of a backup, for progress reports.
    public struct Progress: Hashable, Sendable {
        /// Pages still to copy.
        public let remainingPages: Int
        /// Pages in the source database.
        public let pageCount: Int

        /// The part copied so far, from 0 to 1.
        public var fractionCompleted: Double {
            pageCount == 0 ? 1 : Double(pageCount - remainingPages) / Double(pageCount)
        }
    }

    /// The connection whose database is copied.
    public let sourceConnection: Connection
    /// The connection whose database is overwritten.
    public let targetConnection: Connection
    /// The source database's schema name.
    public let sourceName: DatabaseName
    /// The target database's schema name.
    public let targetName: DatabaseName

    /// The `sqlite3_backup` handle, or `nil` once finished.
    private var handle: OpaquePointer?
    /// Whether a step has reported that every page was copied.
    public private(set) var isDone = false

    /// Starts a backup (`sqlite3_backup_init`).
    ///
    /// - Parameters:
    ///   - source: The connection to copy from.
    ///   - sourceName: The database of `source` to copy.
    ///   - target: The connection to copy into; it must not be `source`.
    ///   - targetName: The database of `target` to overwrite.
    /// - Throws: ``SQLiteError`` when a connection is closed, the two are the same connection,
    ///   a schema name does not exist, or the target has a read transaction open.
    public init(
        source: Connection, sourceName: DatabaseName = .main,
        target: Connection, targetName: DatabaseName = .main
    ) throws(SQLiteError) {
        let sourceDB = try source.checkedHandle()
        let targetDB = try target.checkedHandle()
        guard source !== target else {
            throw SQLiteError.misuse("a backup needs two different connections: the source cannot be its own target")
        }
        try SQLiteError.checkNoNUL(sourceName.name, "the source schema name")
        try SQLiteError.checkNoNUL(targetName.name, "the target schema name")
        guard let handle = sqlite3_backup_init(targetDB, targetName.name, sourceDB, sourceName.name) else {
            // sqlite3_backup_init reports its failure on the target connection.
            let code = sqlite3_extended_errcode(targetDB)
            let error = SQLiteError(code: code == SQLITE_OK ? SQLITE_ERROR : code, db: targetDB)
            throw error.explained("cannot start the backup")
        }
        self.handle = handle
        self.sourceConnection = source
        self.targetConnection = target
        self.sourceName = sourceName
        self.targetName = targetName
    }

    deinit {
        if let handle { sqlite3_backup_finish(handle) }
    }

    /// Copies up to `pages` pages (`sqlite3_backup_step`).
    ///
    /// A busy or locked database (``SQLiteError/isTransient``) leaves the backup usable: step
    /// again later. Other failures end it; call ``finish()``.
    ///
    /// - Parameter pages: How many pages to copy; all of them by default.
    /// - Returns: `true` when every page has been copied, `false` when pages remain.
    /// - Throws: ``SQLiteError`` when the target is read-only (`SQLITE_READONLY`), a database is
    ///   busy or locked, an I/O error occurs, a connection is closed, or the backup is finished.
    @discardableResult
    public func step(pagesToCopy pages: Pages = .all) throws(SQLiteError) -> Bool {
        guard let handle else {
            if isDone { return true }
            throw SQLiteError.misuse("the backup is finished")
        }
        guard !sourceConnection.isClosed, !targetConnection.isClosed else { throw SQLiteError.connectionClosed }
        let code = sqlite3_backup_step(handle, pages.count)
        switch code {
        case SQLITE_OK:
            return false
        case SQLITE_DONE:
            isDone = true
            return true
        default:
            throw SQLiteError(
                code: code,
                details: "backup of \(sourceName.name) into \(targetName.name) failed: \(String(cString: sqlite3_errstr(code)))")
        }
    }

    /// Pages still to copy, as of the last ``step(pagesToCopy:)`` (0 before the first one).
    public var remainingPages: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_backup_remaining(handle))
    }

    /// Pages in the source database, as of the last ``step(pagesToCopy:)`` (0 before the first one).
    public var pageCount: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_backup_pagecount(handle))
    }

    /// The backup's progress, as of the last step.
    public var progress: Progress { Progress(remainingPages: remainingPages, pageCount: pageCount) }

    /// Releases the backup (`sqlite3_backup_finish`). Calling it again does nothing.
    ///
    /// Finishing before the last step leaves the target as it was; SQLite rolls back the pages
    /// already copied.
    ///
    /// - Throws: ``SQLiteError`` when the backup had failed with an error other than busy or
    ///   locked (the error ``step(pagesToCopy:)`` reported).
    public func finish() throws(SQLiteError) {
        guard let handle else { return }
        self.handle = nil
        let code = sqlite3_backup_finish(handle)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, db: targetConnection.handle)
        }
    }
}
