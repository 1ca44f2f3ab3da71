/// How a ``DatabaseQueue`` or ``DatabasePool`` opens and uses its connections.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.maximumReaderCount = 8
/// configuration.prepareDatabase { db in
///     try db.execute(sql: "PRAGMA cache_size = -8000")
/// }
/// let pool = try DatabasePool(path: "app.sqlite", configuration: configuration)
/// ```
public struct Configuration: Sendable {
    /// Whether every connection opens the database for reading only. Writes then fail with
    /// `SQLITE_READONLY`.
    public var readonly = false

    /// How long a connection waits for a lock held by another connection or process, in
    /// seconds, before SQLite reports `SQLITE_BUSY`. It applies from the first read of the file,
    /// while the connection opens.
    ///
    /// With the default ``retry`` policy, 5 seconds let two processes that write the same file
    /// all day long see no `SQLITE_BUSY` (the two-process stress test checks it).
    public var busyTimeout: Double = 5

    /// How `DatabaseWriter.write(_:)` retries a whole transaction that still failed because the
    /// database was busy or locked. ``RetryPolicy/standard`` by default.
    public var retry: RetryPolicy = .standard

    /// The most reads a ``DatabasePool`` runs at once, each on a connection of its own (a
    /// ``DatabaseQueue`` ignores it). Reader connections open when first needed.
    public var maximumReaderCount = 5

    /// The journal mode a ``DatabaseQueue`` sets when it opens (`nil`: leave the database's
    /// own). A ``DatabasePool`` always uses ``Connection/JournalMode/wal``, and refuses any other.
    public var journalMode: Connection.JournalMode?

    /// How often, in seconds, a queue or pool whose commits are observed looks for commits that
    /// other processes (or other connections of this process) made to its file, so that every
    /// ``ValueObservation`` sees them too; `nil` turns it off. 0.05 s by default: such a commit
    /// reaches an observation within about 50 ms plus its fetch.
    ///
    /// It only runs while at least one observation runs, costs one `PRAGMA data_version` on the
    /// writer connection per interval, and never runs for an in-memory database. Each commit it
    /// notices refetches every observation (what another process changed is unknown).
    public var crossProcessPollInterval: Double? = 0.05

    /// Whether `PRAGMA foreign_keys` is on for every connection. On by default.
    public var foreignKeysEnabled = true

    /// The preparations, in the order they were added (``prepareDatabase(_:)``).
    var preparations: [@Sendable (Connection) throws -> Void] = []

    /// Creates the default configuration.
    public init() {}

    /// Adds work that runs on every new connection, once, before anything else uses it: a
    /// SQLCipher key, SQL functions, collations, pragmas. Preparations run in the order added.
    ///
    /// A failing preparation fails the access that opened the connection (or the queue's or
    /// pool's initializer), and the connection is closed.
    ///
    /// - Parameter body: The preparation.
    public mutating func prepareDatabase(_ body: @escaping @Sendable (Connection) throws -> Void) {
        preparations.append(body)
    }

    /// Opens one connection of a queue or pool, with the busy timeout in force from the start.
    func openConnection(_ location: Connection.Location, readonly: Bool) throws(SQLiteError) -> Connection {
        let milliseconds = try Connection.busyTimeoutMilliseconds(busyTimeout)
        let options: Connection.Options =
            readonly
            ? [.readonly, .defaultThreading, .uri]
            : [.readwrite, .create, .defaultThreading, .uri]
        return try Connection(location: location, options: options, busyTimeoutMilliseconds: milliseconds)
    }

    /// The settings every connection gets, then the user's preparations.
    func prepare(_ db: Connection) throws {
        try db.setForeignKeys(foreignKeysEnabled)
        for preparation in preparations { try preparation(db) }
    }
}
