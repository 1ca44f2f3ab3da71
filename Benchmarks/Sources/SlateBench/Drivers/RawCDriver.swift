// The baseline: the SQLite C API called directly, as a careful C programmer would, through the
// CSQLite module that SlateCore re-exports (the same system libsqlite3 the others link).
import Foundation  // strcmp
import SlateCore

/// A connection driven through the C API only.
final class RawCDriver {
    private(set) var db: OpaquePointer?

    /// Opens the database read-write and applies ``BenchmarkDatabase/connectionPragmas``.
    ///
    /// Like Slate and GRDB, it opens in multi-thread mode (`SQLITE_OPEN_NOMUTEX`): the system
    /// library is built serialized, which would otherwise cost a mutex per C call.
    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw BenchmarkError("cannot open \(path): SQLite error \(code)")
        }
        db = handle
        for pragma in BenchmarkDatabase.connectionPragmas { try execute(pragma) }
    }

    deinit { close() }

    /// Closes the connection.
    func close() {
        sqlite3_close_v2(db)
        db = nil
    }

    /// `sqlite3_libversion()` as this module links it.
    static var linkedVersion: String { String(cString: sqlite3_libversion()) }

    /// `SELECT sqlite_version()` on this connection.
    func sqliteVersion() throws -> String {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "SELECT sqlite_version()", -1, &statement, nil), "prepare")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
            throw BenchmarkError("SELECT sqlite_version() returned no row")
        }
        return String(cString: text)
    }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(db, sql, nil, nil, nil), sql)
    }

    /// Whether a table exists.
    func tableExists(_ table: String) throws -> Bool {
        try integers("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '\(table)'") == [1]
    }

    /// The integer columns of the first row of a query.
    func integers(_ sql: String) throws -> [Int64] {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), sql)
        defer { sqlite3_finalize(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else {
            if code == SQLITE_DONE { return [] }
            throw error(code, sql)
        }
        return (0..<sqlite3_column_count(statement)).map { sqlite3_column_int64(statement, $0) }
    }

    // MARK: Workloads

    /// W1: steps through a query and reads every column by index with `sqlite3_column_int64`.
    func readByIndex(_ sql: String) throws -> Checksum {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), sql)
        defer { sqlite3_finalize(statement) }
        let columnCount = sqlite3_column_count(statement)
        var rows = 0
        var sum: Int64 = 0
        while true {
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { break }
                throw error(code, sql)
            }
            for column in 0..<columnCount { sum &+= sqlite3_column_int64(statement, column) }
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W2: as W1, but the columns are named: a C programmer resolves each name to its index once
    /// per statement (`sqlite3_column_name` + `strcmp`), then reads by index.
    func readByName(_ sql: String, columns names: [String]) throws -> Checksum {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), sql)
        defer { sqlite3_finalize(statement) }
        let count = sqlite3_column_count(statement)
        var indexes: [Int32] = []
        for name in names {
            guard let index = (0..<count).first(where: { column in
                sqlite3_column_name(statement, column).map { strcmp($0, name) == 0 } ?? false
            }) else { throw BenchmarkError("no column named \(name)") }
            indexes.append(index)
        }
        var rows = 0
        var sum: Int64 = 0
        while true {
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { break }
                throw error(code, sql)
            }
            for index in indexes { sum &+= sqlite3_column_int64(statement, index) }
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W5: one prepared INSERT in one transaction: `sqlite3_bind_int64` × 10, `sqlite3_step`,
    /// `sqlite3_reset` per row.
    func insertPrepared(rows: Int) throws -> Checksum {
        try insertRows(ItemsTable.insertSQL, rows: rows, keyed: false)
    }

    /// W5S: W5 into `items_keyed`, the key bound too (`sqlite3_bind_int64` × 11), in one
    /// transaction (no session: raw C's baseline).
    func insertKeyed(rows: Int) throws -> Checksum {
        try insertRows(ItemsTable.keyedInsertSQL, rows: rows, keyed: true)
    }

    /// One prepared INSERT in one transaction: the key first when `keyed`, then the ten values.
    @inline(__always)  // the key flag is a constant at each call: no branch per row
    private func insertRows(_ sql: String, rows: Int, keyed: Bool) throws -> Checksum {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), sql)
        defer { sqlite3_finalize(statement) }
        try execute("BEGIN")
        var sum: Int64 = 0
        let first: Int32 = keyed ? 2 : 1
        do {
            for row in 0..<rows {
                if keyed { try check(sqlite3_bind_int64(statement, 1, Int64(row + 1)), "bind") }
                for column in 0..<ItemsTable.columnCount {
                    let value = ItemsTable.value(row: row, column: column)
                    try check(sqlite3_bind_int64(statement, Int32(column) + first, value), "bind")
                    sum &+= value
                }
                let code = sqlite3_step(statement)
                guard code == SQLITE_DONE else { throw error(code, sql) }
                sqlite3_reset(statement)
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return Checksum(rows: rows, sum: sum)
    }

    // MARK: Errors

    func check(_ code: Int32, _ context: String) throws {
        guard code == SQLITE_OK else { throw error(code, context) }
    }

    private func error(_ code: Int32, _ context: String) -> BenchmarkError {
        let message = sqlite3_errmsg(db).map { String(cString: $0) } ?? "SQLite error \(code)"
        return BenchmarkError("raw C: \(message) (\(code)) in \(context)")
    }
}
