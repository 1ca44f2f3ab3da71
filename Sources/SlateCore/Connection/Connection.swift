import Foundation

/// A connection to an SQLite database.
///
/// A connection is used by one thread at a time and pays no locking on its hot paths; it is
/// deliberately not `Sendable`, so Swift 6 stops you from sharing it by mistake. To use a database
/// from several threads or tasks, give each its own connection.
///
/// ```swift
/// let db = try Connection()  // in memory
/// try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
/// try db.run("INSERT INTO users (name) VALUES (?)", "Alice")
/// let count = try db.scalar(Int64.self, "SELECT count(*) FROM users")  // 1
/// ```
///
/// The connection closes when it is deallocated, or earlier with ``close()``; any use after
/// closing throws an ``SQLiteError`` instead of crashing. Nothing the connection keeps for itself
/// (cached statements, hooks, functions) keeps it alive: it is freed when its user lets go of
/// it. A statement still held keeps the SQLite connection open, and working, until it is
/// released too. A closure you register (a function, a hook) that captures the connection does
/// keep it alive, until ``close()``: capture it `weak` or `unowned` instead.
public final class Connection {
    /// The `sqlite3` handle and what lives as long as it is open, shared with the statements.
    @usableFromInline let connectionHandle: ConnectionHandle

    /// The `sqlite3` handle, or `nil` once closed.
    @inlinable
    package var handle: OpaquePointer? { connectionHandle.db }

    /// Where the database lives.
    public let location: Location

    /// BEGIN, COMMIT and ROLLBACK, compiled once (``beginTransaction(_:)`` and the others).
    let transactionStatements = TransactionStatements()

    /// Values kept for the layers built on SlateCore, by ``ConnectionStorageSlot``
    /// (see ``ConnectionStorageKey``). Not checked for exclusivity at run time: a connection is
    /// used by one thread at a time, and Slate's query layer reads a slot on every insert.
    /// Unchecked: the check costs 76 instructions per typed insert, W5 `c0 <- v0` +76 per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    @usableFromInline @exclusivity(unchecked) var storage: [AnyObject?] = []

    /// The last error that a non-throwing property hit: the pragma properties of the
    /// compatibility modules (`userVersion`, `busyTimeout`, …).
    ///
    /// Property setters cannot throw; rather than crash, they record their failure here. Use the
    /// throwing forms (``setUserVersion(_:)``, …) to handle errors where they happen.
    public package(set) var lastPropertyError: SQLiteError?

    /// The last error that a non-throwing function registration hit: SlateSQLiteSwift's untyped
    /// `createFunction(_:argumentCount:deterministic:_:)` and its `createAggregation` forms.
    ///
    /// Those keep SQLite.swift's signatures, which do not throw (SQLite.swift traps instead).
    /// Slate records the failure here, and a statement that then calls the function fails with
    /// `no such function` and the registration's cause in its ``SQLiteError/details``. A later
    /// successful registration does not clear it. Slate's own ``createFunction(_:argumentCount:options:_:)``
    /// and ``createAggregate(_:argumentCount:options:initialValue:step:inverse:result:)`` throw instead.
    public package(set) var lastFunctionRegistrationError: SQLiteError?

    /// Failed non-throwing registrations by function name (ASCII case folded, as SQLite matches
    /// function names), until the name is registered or removed successfully.
    var failedFunctionRegistrations: [String: SQLiteError] = [:]

    /// What `usesExtendedErrorCodes` reads back: `false` until set, as in SQLite.swift;
    /// extended codes stay on in SQLite regardless.
    package var reportsExtendedErrorCodes = false

    /// Opens a connection: read-write, creating the database, unless `options` say otherwise.
    ///
    /// ```swift
    /// let db = try Connection()                                  // in memory
    /// let app = try Connection(.file(path: "app.sqlite"))        // opens or creates the file
    /// let existing = try Connection(.file(path: "app.sqlite"), options: .readwrite)  // must exist
    /// let new = try Connection(.file(path: "new.sqlite"), options: [.readwrite, .create, .exclusive])
    /// let ro = try Connection(.file(path: "app.sqlite"), options: .readonly)
    /// ```
    ///
    /// The options say what you expect, and SQLite checks it when it opens the file, with no
    /// window in which another process could change the answer: without ``Options/create`` the
    /// database must exist; with ``Options/exclusive`` it must not (the file is created with
    /// `O_CREAT | O_EXCL`). ``Options/uri`` is always added, so `file:` URIs work here and in
    /// ``attach(_:as:)``, and the threading mode is ``Options/defaultThreading`` unless `options`
    /// name one.
    ///
    /// - Parameters:
    ///   - location: Where the database lives; in memory by default.
    ///   - options: `SQLITE_OPEN_*` flags, and ``Options/exclusive``; read-write and create by
    ///     default.
    /// - Throws: ``SQLiteError`` when the database cannot be opened (`SQLITE_CANTOPEN`, also when
    ///   it is missing without ``Options/create`` or exists with ``Options/exclusive``), or when
    ///   the file is not a database (`SQLITE_NOTADB`).
    public convenience init(_ location: Location = .inMemory, options: Options = [.readwrite, .create]) throws(SQLiteError) {
        var flags = options
        flags.insert(.uri)
        if flags.isDisjoint(with: [.nomutex, .fullmutex]) { flags.formUnion(.defaultThreading) }
        try self.init(location: location, options: flags, busyTimeoutMilliseconds: 0)
    }

    /// Opens a database file: read-write, creating it, unless `options` say otherwise (see
    /// ``init(_:options:)-(Connection.Location,_)``).
    ///
    /// ```swift
    /// let db = try Connection("app.sqlite")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - options: `SQLITE_OPEN_*` flags, and ``Options/exclusive``; read-write and create by
    ///     default.
    /// - Throws: ``SQLiteError`` when the database cannot be opened.
    public convenience init(_ path: String, options: Options = [.readwrite, .create]) throws(SQLiteError) {
        try self.init(.file(path: path), options: options)
    }

    /// Opens a connection whose busy timeout applies from the first read of the file: the
    /// schema check below would otherwise fail at once (`SQLITE_BUSY`) while another connection
    /// holds an exclusive lock, before the caller had any chance to set a timeout.
    ///
    /// The options are used as given, except that ``Options/uri`` is added for a URI location
    /// and read-write when neither mode is given (DataLiteCore's initializer opens this way).
    ///
    /// - Parameter busyTimeoutMilliseconds: `sqlite3_busy_timeout`'s argument (0: fail at once).
    package init(location: Location, options: Options, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        self.location = location
        var flags = options
        if location.isURI { flags.insert(.uri) }
        if !flags.contains(.readonly) && !flags.contains(.readwrite) { flags.insert(.readwrite) }
        flags.insert(.exrescode)
        // Older libraries (SQLCipher 3.4 is SQLite 3.15) pass unknown flags on to the VFS: refuse
        // NOFOLLOW rather than silently follow links, and drop EXRESCODE (enabled again below).
        if flags.contains(.nofollow) { try SQLite.require(.openNoFollow) }
        if !SQLiteFeature.openExtendedResultCodes.isAvailable { flags.remove(.exrescode) }
        let filename = location.filename
        try SQLiteError.checkNoNUL(filename, "the database file name")
        let createdFile = flags.contains(.exclusive)
        if createdFile {
            try Self.createExclusively(location)
            flags.remove(.exclusive)
        }
        var db: OpaquePointer?
        let code = sqlite3_open_v2(filename, &db, flags.rawValue, nil)
        guard code == SQLITE_OK, let db else {
            let error = Self.openError(code: code, db: db, filename: filename, flags: flags)
            sqlite3_close_v2(db)
            if createdFile { Self.removeCreatedFile(location) }
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        if busyTimeoutMilliseconds > 0 { sqlite3_busy_timeout(db, busyTimeoutMilliseconds) }
        connectionHandle = ConnectionHandle(db: db)
        connectionHandle.connection = self
        #if !SQLCipher
        // Without encryption a file that is not a database can be recognized now, rather than at
        // the first query. (With SQLCipher it may be encrypted: the key comes first.)
        if !filename.isEmpty && filename != ":memory:" {
            do {
                try exec("PRAGMA schema_version")
            } catch {
                close()
                throw error.explained("cannot open \(filename)")
            }
        }
        #endif
    }

    deinit {
        // The cached statements go now. Statements the user still holds keep the SQLite handle
        // open (and working) until they are released; otherwise it closes with this object.
        statementCache.removeAll()
        transactionStatements.removeAll()
        storage.removeAll()
    }

    /// Closes the connection. Calling it again does nothing.
    ///
    /// Every further call through this connection or its statements throws; statements still
    /// alive keep the closed handle's memory until they are released. A connection that is
    /// simply released closes by itself once no statement of it is left.
    ///
    /// A connection lent by a ``DatabaseQueue`` or ``DatabasePool`` belongs to it: closing it
    /// from outside the access that lent it does nothing (close the queue or pool instead).
    public func close() {
        guard handle != nil else { return }
        guard connectionHandle.mayUse else { return }
        statementCache.removeAll()
        transactionStatements.removeAll()
        for value in storageValues { value.connectionWillClose() }
        storage.removeAll()
        connectionHandle.close()
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { handle == nil }

    /// The open `sqlite3` handle.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE`) when the connection is closed.
    @inlinable
    package func checkedHandle() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError.connectionClosed }
        try connectionHandle.checkAccess()
        return handle
    }

    /// The underlying `sqlite3` handle, for calling the C API directly, or `nil` once closed.
    public var sqliteHandle: OpaquePointer? { handle }

    static func openError(code: Int32, db: OpaquePointer?, filename: String, flags: Options) -> SQLiteError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        var details = message
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: filename, isDirectory: &isDirectory)
        if isDirectory.boolValue {
            details += " (\(filename) is a directory)"
        } else if !exists && !flags.contains(.create) && !filename.hasPrefix("file:") {
            details += " (no file at \(filename), and the connection was not allowed to create one)"
        } else {
            details += " (\(filename))"
        }
        return SQLiteError(code: code, message: message, details: details)
    }
}

// MARK: - State

extension Connection {
    /// Whether the connection is in autocommit mode (no transaction is open).
    public var isAutocommit: Bool {
        guard let handle else { return true }
        return sqlite3_get_autocommit(handle) != 0
    }

    /// Whether the main database is read-only (opened read-only, or a read-only file), as
    /// ``Statement/isReadOnly`` is for a statement.
    public var isReadOnly: Bool {
        guard let handle else { return true }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int64 {
        guard let handle else { return 0 }
        return slate_changes64(handle)
    }

    /// The number of rows changed since the connection opened.
    public var totalChanges: Int64 {
        guard let handle else { return 0 }
        return slate_total_changes64(handle)
    }

    /// The rowid of the most recent successful INSERT.
    public var lastInsertRowID: Int64 {
        guard let handle else { return 0 }
        return sqlite3_last_insert_rowid(handle)
    }

    /// Interrupts any query running on this connection; it fails with `SQLITE_INTERRUPT`.
    ///
    /// Like every other call, this one belongs to the thread using the connection (for example
    /// from a callback that runs during a query): `Connection` is not `Sendable`, and from
    /// another thread it would race with ``close()``, which frees the handle it reads. To cancel
    /// a query from another thread or task, take the connection's ``interruptHandle`` first: it is
    /// `Sendable`, and does nothing once the connection has closed.
    public func interrupt() {
        guard let handle else { return }
        sqlite3_interrupt(handle)
    }
}
