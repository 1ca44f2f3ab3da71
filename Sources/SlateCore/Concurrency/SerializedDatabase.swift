import Dispatch
import Foundation

/// One connection of a ``DatabaseQueue`` or ``DatabasePool``, opened when first used, with the
/// serial dispatch queue on which its async accesses run (sync ones run on the caller's thread,
/// through `dispatchQueue.sync`, or with a reader's lease).
final class SerializedDatabase: @unchecked Sendable {
    // Safety: `connection` and `isClosed` are only touched by the one thread that has the right
    // to use this object: the one running a block on `dispatchQueue` (the writer; readers too,
    // while they hold a lease from their pool, which lends each reader to one access at a time).
    private var connection: Connection?
    private var isClosed = false
    private let open: @Sendable () throws(SQLiteError) -> Connection
    private let setUp: @Sendable (Connection) throws -> Void
    private let closedError: SQLiteError

    /// Runs this connection's accesses, one at a time.
    let dispatchQueue: DispatchQueue

    /// - Parameters:
    ///   - label: The dispatch queue's label (seen in debuggers and crash logs).
    ///   - closedError: What an access throws once ``close()`` ran.
    ///   - open: Opens the connection.
    ///   - setUp: Prepares a new connection; when it throws, the connection is closed.
    init(
        label: String, closedError: SQLiteError,
        open: @escaping @Sendable () throws(SQLiteError) -> Connection,
        setUp: @escaping @Sendable (Connection) throws -> Void
    ) {
        dispatchQueue = DispatchQueue(label: label)
        self.closedError = closedError
        self.open = open
        self.setUp = setUp
    }

    /// Runs `body` with the connection (opening it first if needed), lent to the calling thread:
    /// anything of it used from elsewhere, or after `body` returns, throws instead of racing.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        if isClosed { throw closedError }
        let db: Connection
        if let connection {
            db = connection
            db.connectionHandle.accessOwner = ConnectionHandle.currentThread
        } else {
            db = try open()
            db.connectionHandle.accessOwner = ConnectionHandle.currentThread
            do {
                try setUp(db)
            } catch {
                db.connectionHandle.accessOwner = ConnectionHandle.unrestricted
                db.close()
                throw error
            }
            connection = db
        }
        defer {
            // A statement left running (a cursor read part of the way, a cached statement
            // stepped once) would keep its read snapshot, and the WAL could not be checkpointed
            // past it, until its next use: the access is over, so it is over too.
            db.connectionHandle.resetRunningStatements()
            db.connectionHandle.accessOwner = ConnectionHandle.notLent
        }
        return try body(db)
    }

    /// The connection, for a read nested in a write that the calling thread is running.
    func lentConnection() -> Connection? {
        guard let connection, connection.connectionHandle.mayUse else { return nil }
        return connection
    }

    /// Closes the connection; later accesses throw the closed error.
    func close() {
        isClosed = true
        guard let connection else { return }
        connection.connectionHandle.accessOwner = ConnectionHandle.unrestricted
        connection.close()
        self.connection = nil
    }
}
