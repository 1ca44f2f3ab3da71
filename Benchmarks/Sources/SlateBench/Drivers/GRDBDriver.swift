// GRDB 7.10.0, used the way its documentation shows. This file imports GRDB and its SQLite
// module only: importing SlateCore too would make the C functions both modules declare ambiguous.
import GRDB
import GRDBSQLite

/// A GRDB `DatabaseQueue`.
final class GRDBDriver {
    let queue: DatabaseQueue

    /// Opens the database and applies ``BenchmarkDatabase/connectionPragmas``.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            for pragma in BenchmarkDatabase.connectionPragmas { try db.execute(sql: pragma) }
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// `sqlite3_libversion()` as GRDB links it.
    static var linkedVersion: String { String(cString: sqlite3_libversion()) }

    /// `SELECT sqlite_version()` on this connection.
    func sqliteVersion() throws -> String {
        try queue.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") } ?? "?"
    }

    // MARK: Workloads

    /// W1: a `Row` cursor, reading each column by index with `row[i]` as `Int64`.
    func readByIndex(_ sql: String) throws -> Checksum {
        try queue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            var rows = 0
            var sum: Int64 = 0
            while let row = try cursor.next() {
                for column in 0..<row.count { sum &+= row[column] as Int64 }
                rows += 1
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W2: a `Row` cursor, reading each column by name with `row["name"]` as `Int64`.
    func readByName(_ sql: String) throws -> Checksum {
        try queue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            var rows = 0
            var sum: Int64 = 0
            while let row = try cursor.next() {
                sum &+= row["c0"] as Int64
                sum &+= row["c1"] as Int64
                sum &+= row["c2"] as Int64
                sum &+= row["c3"] as Int64
                sum &+= row["c4"] as Int64
                sum &+= row["c5"] as Int64
                sum &+= row["c6"] as Int64
                sum &+= row["c7"] as Int64
                sum &+= row["c8"] as Int64
                sum &+= row["c9"] as Int64
                rows += 1
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W2 with GRDB's typed column handles: `row[Column("c0")] as Int64`.
    func readByColumn(_ sql: String) throws -> Checksum {
        typealias C = ItemColumns
        return try queue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            var rows = 0
            var sum: Int64 = 0
            while let row = try cursor.next() {
                sum &+= row[C.c0] as Int64
                sum &+= row[C.c1] as Int64
                sum &+= row[C.c2] as Int64
                sum &+= row[C.c3] as Int64
                sum &+= row[C.c4] as Int64
                sum &+= row[C.c5] as Int64
                sum &+= row[C.c6] as Int64
                sum &+= row[C.c7] as Int64
                sum &+= row[C.c8] as Int64
                sum &+= row[C.c9] as Int64
                rows += 1
            }
            return Checksum(rows: rows, sum: sum)
        }
    }

    /// W5: one prepared `Statement` in one transaction, `execute(arguments:)` per row.
    func insertPrepared(rows: Int) throws -> Checksum {
        var sum: Int64 = 0
        try queue.inTransaction { db in
            let statement = try db.makeStatement(sql: ItemsTable.insertSQL)
            for row in 0..<rows {
                var values: [Int64] = []
                values.reserveCapacity(ItemsTable.columnCount)
                for column in 0..<ItemsTable.columnCount {
                    let value = ItemsTable.value(row: row, column: column)
                    values.append(value)
                    sum &+= value
                }
                try statement.execute(arguments: StatementArguments(values))
            }
            return .commit
        }
        return Checksum(rows: rows, sum: sum)
    }
}

/// The `items` columns as GRDB `Column` values, declared once as an application declares them.
enum ItemColumns {
    static let c0 = Column("c0")
    static let c1 = Column("c1")
    static let c2 = Column("c2")
    static let c3 = Column("c3")
    static let c4 = Column("c4")
    static let c5 = Column("c5")
    static let c6 = Column("c6")
    static let c7 = Column("c7")
    static let c8 = Column("c8")
    static let c9 = Column("c9")
}
