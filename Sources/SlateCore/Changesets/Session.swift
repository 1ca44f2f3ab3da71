import Foundation

/// Records the changes made through a connection to some or all of its tables, as a
/// ``Changeset`` that another database can apply (SQLite's session extension).
///
/// ```swift
/// let session = try Session(db)                       // every table of the main database
/// try db.execute(sql: "INSERT INTO notes(id, body) VALUES (1, 'hello')")
/// let changes = try session.changeset()               // or patchset(): smaller, one-way
/// try replica.apply(changes)
/// ```
///
/// A session records the net effect on each row, by primary key, from its creation (or from when
/// a table is attached) until it is asked for a changeset: a row inserted and then updated is one
/// insert, a row inserted and then deleted is nothing. Tables without a primary key are ignored.
///
/// A session is tied to its connection and used where the connection is: it is not `Sendable`,
/// and with a ``DatabaseQueue`` or ``DatabasePool`` it records on the writer's connection and is
/// used only inside a write access. Closing the connection deletes the session; every call after
/// ``delete()`` or a close throws a ``SQLiteError`` (`SQLITE_MISUSE`).
///
/// On a SQLite built without the session extension (``SQLite/hasSessionExtension`` is `false`,
/// as with the SQLCipher build), creating a session throws a ``SQLiteError`` that names
/// `SQLITE_ENABLE_SESSION`.
public final class Session {
    /// Which tables a session records.
    public enum Tables: Hashable, Sendable {
        /// Every table of the database, including those created after the session started.
        case all
        /// Only these tables; more can be added with ``Session/attach(_:)``.
        case named([String])
    }

    /// The connection whose changes are recorded.
    public let connection: Connection
    /// The schema name of the recorded database (`"main"`, or an attached database's name).
    public let databaseName: String

    /// The `sqlite3_session` handle, or `nil` once deleted.
    private var handle: OpaquePointer?
    /// Why the handle is gone, for the error of a later call.
    private var deletedReason: String?
    private let api: SessionExtension

    /// Starts recording changes made through a connection (`sqlite3session_create`, then
    /// `sqlite3session_attach`).
    ///
    /// - Parameters:
    ///   - connection: The connection whose changes to record; it stays open while the session is
    ///     in use.
    ///   - tables: The tables to record: all of them by default.
    ///   - databaseName: The schema name of the database to record: `"main"` by default.
    /// - Throws: ``SQLiteError`` when the linked SQLite has no session extension (naming
    ///   `SQLITE_ENABLE_SESSION`), the connection is closed or used from the wrong thread, a
    ///   name contains a NUL character, or no database of that name is attached
    ///   (`SQLITE_ERROR`: SQLite itself would record nothing, without a word).
    public init(_ connection: Connection, tables: Tables = .all, databaseName: String = "main") throws(SQLiteError) {
        let api = try SessionExtension.require()
        let db = try connection.checkedHandle()
        try SQLiteError.checkNoNUL(databaseName, "the session's schema name")
        let schemas = try connection.databaseList().map { $0.name.lowercased() } + ["temp"]
        guard schemas.contains(databaseName.lowercased()) else {
            throw SQLiteError.error("cannot start a session on \(databaseName): no such database (attach it first)")
        }
        var created: OpaquePointer?
        let code = api.sessionCreate(db, databaseName, &created)
        guard code == SQLITE_OK, let created else {
            throw SQLiteError(code: code, db: db).explained("cannot start a session on \(databaseName)")
        }
        self.api = api
        self.handle = created
        self.connection = connection
        self.databaseName = databaseName
        SessionRegistry.of(connection).add(self)
        switch tables {
        case .all:
            try attachTable(nil)
        case .named(let names):
            for name in names { try attach(name) }
        }
    }

    deinit {
        if let handle {
            api.sessionDelete(handle)
            if !connection.isClosed { SessionRegistry.of(connection).remove(ObjectIdentifier(self)) }
        }
    }

    /// Adds a table to the recorded ones (`sqlite3session_attach`). Attaching a table twice, or
    /// to a session that records every table, does nothing.
    ///
    /// - Parameter table: The table's name; it need not exist yet.
    /// - Throws: ``SQLiteError`` when the session is deleted, the connection closed, or the name
    ///   contains a NUL character.
    public func attach(_ table: String) throws(SQLiteError) {
        try SQLiteError.checkNoNUL(table, "the table name")
        try attachTable(table)
    }

    private func attachTable(_ table: String?) throws(SQLiteError) {
        let (session, db) = try checkedHandles()
        let code = api.sessionAttach(session, table)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, db: db).explained("cannot record the table \(table ?? "*")")
        }
    }

    /// Whether changes are being recorded (`sqlite3session_enable`); `true` for a new session.
    /// A disabled session keeps what it recorded and ignores changes until enabled again.
    ///
    /// - Throws: ``SQLiteError`` when the session is deleted or the connection closed.
    public var isEnabled: Bool {
        get throws(SQLiteError) {
            let (session, _) = try checkedHandles()
            return api.sessionEnable(session, -1) != 0
        }
    }

    /// Starts or stops recording changes (`sqlite3session_enable`).
    ///
    /// - Parameter enabled: `true` to record, `false` to ignore changes until enabled again.
    /// - Throws: ``SQLiteError`` when the session is deleted or the connection closed.
    public func setEnabled(_ enabled: Bool) throws(SQLiteError) {
        let (session, _) = try checkedHandles()
        _ = api.sessionEnable(session, enabled ? 1 : 0)
    }

    /// Whether the changes recorded from now on are marked indirect (`sqlite3session_indirect`):
    /// made as a consequence of others, such as by a trigger or a foreign key action, as a
    /// conflict handler can see in ``Changeset/Change/isIndirect``. `false` for a new session.
    ///
    /// - Throws: ``SQLiteError`` when the session is deleted or the connection closed.
    public var isIndirect: Bool {
        get throws(SQLiteError) {
            let (session, _) = try checkedHandles()
            return api.sessionIndirect(session, -1) != 0
        }
    }

    /// Marks the changes recorded from now on as indirect, or direct (`sqlite3session_indirect`).
    ///
    /// - Parameter indirect: `true` to mark them indirect.
    /// - Throws: ``SQLiteError`` when the session is deleted or the connection closed.
    public func setIndirect(_ indirect: Bool) throws(SQLiteError) {
        let (session, _) = try checkedHandles()
        _ = api.sessionIndirect(session, indirect ? 1 : 0)
    }

    /// Whether nothing has been recorded (`sqlite3session_isempty`). A change undone before the
    /// changeset is made (an insert then a delete of the same row) may still count.
    ///
    /// - Throws: ``SQLiteError`` when the session is deleted or the connection closed.
    public var isEmpty: Bool {
        get throws(SQLiteError) {
            let (session, _) = try checkedHandles()
            return api.sessionIsEmpty(session) != 0
        }
    }

    /// The changes recorded so far, as a changeset (`sqlite3session_changeset`): each change
    /// carries the row's old and new values, so it can be inverted and its conflicts detected.
    /// Recording goes on.
    ///
    /// - Returns: The changeset; its ``Changeset/data`` is the bytes to store or send.
    /// - Throws: ``SQLiteError`` when the session is deleted, the connection closed, or SQLite
    ///   fails (out of memory, a table's schema changed while recording).
    public func changeset() throws(SQLiteError) -> Changeset {
        try output(api.sessionChangeset, what: "changeset")
    }

    /// The changes recorded so far, as a patchset (`sqlite3session_patchset`): smaller than a
    /// changeset, because a delete carries only the primary key and an update only the new values
    /// of the changed columns. It cannot be inverted, and applying it detects fewer conflicts.
    /// Recording goes on.
    ///
    /// - Returns: The patchset; its ``Changeset/data`` is the bytes to store or send.
    /// - Throws: ``SQLiteError`` when the session is deleted, the connection closed, or SQLite fails.
    public func patchset() throws(SQLiteError) -> Changeset {
        try output(api.sessionPatchset, what: "patchset")
    }

    private func output(_ call: SessionExtension.Output, what: String) throws(SQLiteError) -> Changeset {
        let (session, db) = try checkedHandles()
        var count: Int32 = 0
        var bytes: UnsafeMutableRawPointer?
        let code = call(session, &count, &bytes)
        let data = SessionExtension.take(bytes, count: count)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, db: db).explained("cannot make the session's \(what)")
        }
        return Changeset(data)
    }

    /// Stops recording and releases the session (`sqlite3session_delete`). Calling it again does
    /// nothing; any other call afterwards throws. Releasing the session deletes it too.
    public func delete() {
        deleteHandle(connectionClosing: false)
    }

    /// Deletes the handle, on ``delete()`` or before the connection closes.
    ///
    /// - Parameter connectionClosing: Whether the connection is closing, for later errors.
    func deleteHandle(connectionClosing: Bool) {
        guard let handle else { return }
        api.sessionDelete(handle)
        self.handle = nil
        deletedReason = connectionClosing ? "the session's connection was closed" : "the session was deleted"
        if !connectionClosing, !connection.isClosed {
            SessionRegistry.of(connection).remove(ObjectIdentifier(self))
        }
    }

    /// The session and connection handles, checked.
    private func checkedHandles() throws(SQLiteError) -> (OpaquePointer, OpaquePointer) {
        guard let handle else {
            throw SQLiteError.misuse(deletedReason ?? "the session was deleted")
        }
        let db = try connection.checkedHandle()
        return (handle, db)
    }
}
