// Slate, used through its public SlateCore API the way its README shows.
import SlateCore

/// A Slate connection.
final class SlateDriver {
    let db: Connection

    /// Opens the database and applies ``BenchmarkDatabase/connectionPragmas``.
    init(path: String) throws {
        db = try Connection(path, options: [.readwrite, .create, .nomutex])
        for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
    }

    /// `sqlite3_libversion()` as SlateCore links it.
    static var linkedVersion: String { SQLite.version }

    /// `SELECT sqlite_version()` on this connection.
    func sqliteVersion() throws -> String {
        try db.scalar(String.self, "SELECT sqlite_version()") ?? "?"
    }

    // MARK: Workloads

    /// W1: a `Cursor`, reading each column with the typed `RowView.get(_: Int32)`.
    func readByIndex(_ sql: String) throws -> Checksum {
        let statement = try db.prepare(sql: sql)
        let cursor = statement.cursor()
        let columnCount = statement.columnCount()
        var rows = 0
        var sum: Int64 = 0
        while let row = try cursor.next() {
            for column in 0..<columnCount { sum &+= try row.get(column, as: Int64.self) }
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W1 through `Cursor.forEach`, which reads every row through one `RowView`.
    func readByIndexForEach(_ sql: String) throws -> Checksum {
        let statement = try db.prepare(sql: sql)
        let columnCount = statement.columnCount()
        var rows = 0
        var sum: Int64 = 0
        try statement.cursor().forEach { row in
            for column in 0..<columnCount { sum &+= try row.get(column, as: Int64.self) }
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W1 the way DataLiteCore's documentation reads rows: `step()`, then
    /// `statement.columnValue(at:as: Int64.self)` for each column (issue 12: within 1.10× of raw C).
    func readByIndexDataLiteCore(_ sql: String) throws -> Checksum {
        let statement = try db.prepare(sql: sql)
        let columnCount = statement.columnCount()
        var rows = 0
        var sum: Int64 = 0
        while try statement.step() {
            for column in 0..<columnCount {
                guard let value = statement.columnValue(at: column, as: Int64.self) else { throw BenchmarkError("column \(column) read as NULL") }
                sum &+= value
            }
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W2: a `Cursor`, reading each column by name with `RowView.get(_: String)`, the names
    /// spelled as literals at the call site as application code does.
    func readByName(_ sql: String) throws -> Checksum {
        let cursor = try db.prepare(sql: sql).cursor()
        var rows = 0
        var sum: Int64 = 0
        while let row = try cursor.next() {
            sum &+= try row.get("c0", as: Int64.self)
            sum &+= try row.get("c1", as: Int64.self)
            sum &+= try row.get("c2", as: Int64.self)
            sum &+= try row.get("c3", as: Int64.self)
            sum &+= try row.get("c4", as: Int64.self)
            sum &+= try row.get("c5", as: Int64.self)
            sum &+= try row.get("c6", as: Int64.self)
            sum &+= try row.get("c7", as: Int64.self)
            sum &+= try row.get("c8", as: Int64.self)
            sum &+= try row.get("c9", as: Int64.self)
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W5: one prepared `Statement` in one `transaction`: `bind(_:at:)` × 10, `step()`,
    /// `reset()` per row.
    func insertPrepared(rows: Int) throws -> Checksum {
        try insertRows(ItemsTable.insertSQL, rows: rows, keyed: false)
    }

    /// One prepared `Statement` in one `transaction`: the key first when `keyed` (W5S), then the
    /// ten values, `step()`, `reset()` per row.
    @inline(__always)  // the key flag is a constant at each call: no branch per row
    func insertRows(_ sql: String, rows: Int, keyed: Bool) throws -> Checksum {
        try db.transaction {
            let statement = try db.prepare(sql: sql)
            var sum: Int64 = 0
            let first: Int32 = keyed ? 2 : 1
            for row in 0..<rows {
                if keyed { try statement.bind(Int64(row + 1), at: 1) }
                for column in 0..<ItemsTable.columnCount {
                    let value = ItemsTable.value(row: row, column: column)
                    try statement.bind(value, at: Int32(column) + first)
                    sum &+= value
                }
                try statement.step()
                try statement.reset()
            }
            return Checksum(rows: rows, sum: sum)
        }
    }
}
