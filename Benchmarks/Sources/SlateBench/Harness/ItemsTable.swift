/// The benchmark table: ten INTEGER columns whose values follow a formula, so that a checksum
/// can be computed without reading the table back.
enum ItemsTable {
    /// The table the read workloads read.
    static let name = "items"
    /// The table W5 fills (same columns; emptied before every run).
    static let insertName = "items_insert"
    /// The number of columns.
    static let columnCount = 10
    /// The column names, `c0` … `c9`.
    static let columns = (0..<columnCount).map { "c\($0)" }

    /// The value of a column in a row: a cheap hash, the same in Swift and in SQL, that yields
    /// integers of varied sizes below 2³⁰ (SQLite stores most of them in 4 bytes).
    @inline(__always)
    static func value(row: Int, column: Int) -> Int64 {
        (Int64(row) &* 1_103_515_245 &+ Int64(column) &* 12_345) & 0x3FFF_FFFF
    }

    /// The same formula in SQL, for a row number `r`.
    static func sqlValue(column: Int) -> String {
        "((r * 1103515245 + \(column) * 12345) & 1073741823)"
    }

    /// The checksum of the first `rows` rows.
    static func checksum(rows: Int) -> Checksum {
        var sum: Int64 = 0
        for row in 0..<rows {
            for column in 0..<columnCount { sum &+= value(row: row, column: column) }
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// `CREATE TABLE` for a table with the ten columns.
    static func createSQL(_ table: String) -> String {
        "CREATE TABLE \(table) (" + columns.map { "\($0) INTEGER" }.joined(separator: ", ") + ")"
    }

    /// `SELECT c0, …, c9 FROM items`.
    static let selectSQL = "SELECT " + columns.joined(separator: ", ") + " FROM \(name)"

    /// `INSERT INTO items_insert (c0, …, c9) VALUES (?, …, ?)`.
    static let insertSQL = "INSERT INTO \(insertName) (" + columns.joined(separator: ", ") + ") VALUES ("
        + Array(repeating: "?", count: columnCount).joined(separator: ", ") + ")"

    /// The table W5S fills: an `id INTEGER PRIMARY KEY` (which SQLite's session extension needs
    /// to record a table) and the same ten columns.
    static let keyedName = "items_keyed"

    /// `CREATE TABLE items_keyed (id INTEGER PRIMARY KEY, c0 INTEGER, …)`.
    static let keyedCreateSQL = "CREATE TABLE \(keyedName) (id INTEGER PRIMARY KEY, "
        + columns.map { "\($0) INTEGER" }.joined(separator: ", ") + ")"

    /// `INSERT INTO items_keyed (id, c0, …, c9) VALUES (?, …, ?)`.
    static let keyedInsertSQL = "INSERT INTO \(keyedName) (id, " + columns.joined(separator: ", ") + ") VALUES ("
        + Array(repeating: "?", count: columnCount + 1).joined(separator: ", ") + ")"

    /// The SQL that reads back what W5S wrote: the row count and the sum of every value but the key.
    static let verifyKeyedSQL = "SELECT count(*), coalesce(sum(" + columns.joined(separator: " + ")
        + "), 0) FROM \(keyedName)"

    /// The SQL that reads back what W5 wrote: the row count and the sum of every value.
    static let verifyInsertSQL = "SELECT count(*), coalesce(sum(" + columns.joined(separator: " + ")
        + "), 0) FROM \(insertName)"
}
