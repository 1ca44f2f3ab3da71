import Foundation
import SlateCore
import Testing

/// The schema of the changeset tests: a table with an integer key and a unique column, one with
/// a two-column text key, and one without a key (which sessions ignore).
let changesetSchema = """
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, code TEXT UNIQUE, data BLOB);
    CREATE TABLE tags (item TEXT, tag TEXT, note TEXT, PRIMARY KEY (item, tag));
    CREATE TABLE keyless (value);
    """

/// A new in-memory database with ``changesetSchema``.
func makeChangesetDatabase() throws -> Connection {
    let db = try Connection()
    try db.execute(sql: changesetSchema)
    return db
}

/// A copy of a database, in memory.
func copyDatabase(_ db: Connection) throws -> Connection {
    let copy = try Connection()
    try db.backup(to: copy)
    return copy
}

/// Every row of every table with a primary key, in key order, to compare two databases.
func tableContents(_ db: Connection) throws -> [String: [[SQLiteValue]]] {
    var contents: [String: [[SQLiteValue]]] = [:]
    for (table, order) in [("items", "id"), ("tags", "item, tag")] {
        contents[table] = try db.prepare(sql: "SELECT * FROM \(table) ORDER BY \(order)").rows().map(\.values)
    }
    return contents
}

/// An error that a conflict handler throws.
struct HandlerFailure: Error, Equatable {}

/// The rows a query returns, each value written with its storage class and, for a REAL, its
/// bits: `SQLiteValue`'s `==` calls `0.0` and `-0.0` equal, this does not.
func exactRows(_ db: Connection, _ sql: String) throws -> [[String]] {
    try db.prepare(sql: sql).rows().map { row in
        row.values.map { value in
            if case .real(let real) = value { return "real \(real) (bits \(String(real.bitPattern, radix: 16)))" }
            return "\(value)"
        }
    }
}

/// Applies `changeset`, a diff from schema `a` of `db` to schema `b`, to `target`, which holds
/// the rows of `a`: each of `tables` must then hold exactly the rows of `b`. Then applies its
/// inverse: each must hold exactly the rows of `a` again.
func expectRoundTrip(
    _ changeset: Changeset, on target: Connection, of db: Connection, tables: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for (apply, expected) in [(changeset, "b"), (try changeset.inverted(), "a")] {
        try target.apply(apply)
        for table in tables {
            #expect(
                try exactRows(target, "SELECT * FROM \(table) ORDER BY 1") == exactRows(db, "SELECT * FROM \(expected).\(table) ORDER BY 1"),
                sourceLocation: sourceLocation)
        }
    }
}
