import Foundation

/// Incremental I/O on one BLOB (or TEXT) value, without loading it whole (`sqlite3_blob_*`).
///
/// Open one with ``Connection/openBlob(table:column:row:database:readOnly:)``. Reads and writes
/// work in place and cannot change the value's size: reserve space first with `zeroblob(n)`.
///
/// ```swift
/// try db.run("INSERT INTO files (id, content) VALUES (1, zeroblob(1_000_000))")
/// let blob = try db.openBlob(table: "files", column: "content", row: 1)
/// try blob.write(chunk, at: 0)
/// let header = try blob.read(count: 16, at: 0)
/// try blob.close()
/// ```
///
/// A handle keeps its connection alive and is used by one thread at a time. If the row is
/// changed or deleted by another statement, or ``reopen(row:)`` fails, the handle expires: its
/// calls fail with `SQLITE_ABORT`, and a new handle must be opened.
public final class BlobHandle {
    /// The connection the handle reads and writes through.
    public let connection: Connection
    /// Whether the handle was opened for reading only.
    public let isReadOnly: Bool
    /// The rowid of the row the handle points at.
    public private(set) var row: Int64

    /// The `sqlite3_blob` handle, or `nil` once closed.
    private var handle: OpaquePointer?
    /// Whether SQLite has aborted the handle; every later call would fail with `SQLITE_ABORT`.
    public private(set) var isExpired = false

    /// The schema and table of the value, to tell observations what a write changed.
    private let database: String
    private let table: String

    init(connection: Connection, handle: OpaquePointer, database: String, table: String, row: Int64, readOnly: Bool) {
        self.connection = connection
        self.database = database
        self.table = table
        self.handle = handle
        self.row = row
        self.isReadOnly = readOnly
    }

    deinit {
        if let handle {
            sqlite3_blob_close(handle)
            connection.existingConnectionHooks?.didCloseBlob()
        }
    }

    /// The open handle, or an error once the handle or its connection is closed.
    private func checkedHandle() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError.misuse("the blob handle is closed") }
        guard connection.handle != nil else { throw SQLiteError.connectionClosed }
        guard !isExpired else {
            throw SQLiteError(
                code: SQLITE_ABORT,
                details: "the blob handle has expired (its row changed, or reopen(row:) failed); open a new one")
        }
        return handle
    }

    /// The value's size in bytes (`sqlite3_blob_bytes`); 0 once closed.
    public var count: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_blob_bytes(handle))
    }

    /// Checks that `count` bytes at `offset` lie within the value.
    private func checkRange(count: Int, offset: Int, size: Int, verb: String) throws(SQLiteError) {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw SQLiteError.range(
                "cannot \(verb) \(count) bytes at offset \(offset): the blob holds \(size) bytes, and incremental "
                    + "I/O cannot change its size (reserve space with zeroblob(n) when inserting)")
        }
    }

    /// Reads bytes from the value (`sqlite3_blob_read`).
    ///
    /// - Parameters:
    ///   - count: How many bytes to read; the rest of the value by default.
    ///   - offset: Where to start, in bytes from the value's start.
    /// - Returns: The bytes.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the range goes past the end, `SQLITE_ABORT`
    ///   when the row changed since the handle was opened, or when the handle or connection is closed.
    public func read(count: Int? = nil, at offset: Int = 0) throws(SQLiteError) -> Data {
        let blob = try checkedHandle()
        let size = Int(sqlite3_blob_bytes(blob))
        // `size - offset` only for an offset within the value: a very negative one would overflow.
        let length = count ?? ((0...size).contains(offset) ? size - offset : 0)
        try checkRange(count: length, offset: offset, size: size, verb: "read")
        // Even an empty read goes to SQLite, which is how an expired handle is detected.
        var data = Data(count: max(length, 1))
        let code = data.withUnsafeMutableBytes { buffer in
            // checkRange proved both within the value's size, an Int32.
            sqlite3_blob_read(blob, buffer.baseAddress, Int32(truncatingIfNeeded: length), Int32(truncatingIfNeeded: offset))
        }
        if length == 0 { data.removeAll() }
        guard code == SQLITE_OK else { throw blobError(code, action: "read") }
        return data
    }

    /// Writes bytes into the value, in place (`sqlite3_blob_write`).
    ///
    /// - Parameters:
    ///   - data: The bytes to write; they must fit within the value's current size.
    ///   - offset: Where to start, in bytes from the value's start.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the bytes would go past the end,
    ///   `SQLITE_READONLY` for a read-only handle, `SQLITE_ABORT` when the row changed since the
    ///   handle was opened, or when the handle or connection is closed.
    public func write(_ data: Data, at offset: Int = 0) throws(SQLiteError) {
        let blob = try checkedHandle()
        guard !isReadOnly else {
            throw SQLiteError(code: SQLITE_READONLY, details: "cannot write through a blob handle opened read-only")
        }
        try checkRange(count: data.count, offset: offset, size: Int(sqlite3_blob_bytes(blob)), verb: "write")
        let bytes = data.isEmpty ? Data([0]) : data  // a valid buffer even for an empty write
        let code = bytes.withUnsafeBytes { buffer in
            // checkRange proved both within the value's size, an Int32.
            sqlite3_blob_write(blob, buffer.baseAddress, Int32(truncatingIfNeeded: data.count), Int32(truncatingIfNeeded: offset))
        }
        guard code == SQLITE_OK else { throw blobError(code, action: "write") }
        connection.existingConnectionHooks?.didWriteBlob(database: database, table: table)
    }

    /// Points the handle at another row of the same table and column (`sqlite3_blob_reopen`).
    ///
    /// - Parameter row: The rowid of the new row.
    /// - Throws: ``SQLiteError`` when there is no such row or its value is not a BLOB or TEXT;
    ///   SQLite then aborts the handle (``isExpired``), and a new one must be opened.
    public func reopen(row: Int64) throws(SQLiteError) {
        let blob = try checkedHandle()
        let code = sqlite3_blob_reopen(blob, row)
        guard code == SQLITE_OK else {
            isExpired = true
            throw blobError(code, action: "move to row \(row)")
        }
        self.row = row
    }

    /// Closes the handle (`sqlite3_blob_close`). Calling it again does nothing.
    ///
    /// - Throws: ``SQLiteError`` when committing the writes fails (in autocommit mode a write
    ///   handle's changes commit when it closes).
    public func close() throws(SQLiteError) {
        guard let handle else { return }
        self.handle = nil
        let code = sqlite3_blob_close(handle)
        connection.existingConnectionHooks?.didCloseBlob()
        guard code == SQLITE_OK else { throw blobError(code, action: "close") }
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { handle == nil }

    private func blobError(_ code: Int32, action: String) -> SQLiteError {
        let error = SQLiteError(code: code, db: connection.handle)
        var details = "cannot \(action) the blob: \(error.message)"
        if code == SQLITE_ABORT {
            isExpired = true
            details += " (the row was changed or deleted since the blob handle was opened; open a new handle)"
        }
        return SQLiteError(code: code, message: error.message, details: details)
    }
}
