import Slate

/// Writes the changes of a changeset as SQL statements, as SQLite's `sqldiff` prints them:
/// `INSERT INTO "t"("a","b") VALUES(1,'x');`, `UPDATE "t" SET "b"='y' WHERE "a"=1;`,
/// `DELETE FROM "t" WHERE "a"=1;`.
///
/// Identifiers are quoted, and every value is written so that SQLite reads back the same value
/// and storage class: ``SQLiteValue/sqliteLiteral`` (blobs as `X'…'`, `NULL`, text with its quotes
/// doubled), and for a REAL, its shortest digits when this SQLite parses them back to the very
/// same double. SQLite's decimal parser is not correctly rounded for every input (3.40 reads
/// `-6.011020534134935e-298` one unit in the last place off), so each REAL is read back once;
/// when it differs, it is written as an exact product of its integer significand and powers of
/// two instead. Text that is not valid UTF-8 is the one value that does not survive: it is read
/// with U+FFFD in place of the invalid bytes (a binary changeset keeps them).
final class ChangeSQL {
    private let db: Connection
    /// `SELECT CAST(?1 AS REAL)`: how this SQLite parses a REAL's text.
    private let parse: Statement

    /// A writer that checks REALs with this connection's SQLite.
    ///
    /// - Throws: ``SQLiteError`` when the checking statement cannot be prepared.
    init(_ db: Connection) throws {
        self.db = db
        parse = try db.prepare(sql: "SELECT CAST(?1 AS REAL)")
    }

    /// The statement that makes one change.
    ///
    /// - Parameters:
    ///   - change: A change of a changeset.
    ///   - columns: The table's column names, in order.
    /// - Returns: One statement, ending with `;`.
    /// - Throws: ``CLIError`` when the change has more values than `columns` names;
    ///   ``SQLiteError`` when checking a REAL fails.
    func statement(_ change: Changeset.Change, columns: [String]) throws -> String {
        let count = max(change.oldValues.count, change.newValues.count)
        guard count <= columns.count else {
            throw CLIError("the changeset's \(change.table) has \(count) columns, the database's \(columns.count)")
        }
        let table = SQLiteValue.quoteIdentifier(change.table)
        let name = { (column: Int) in SQLiteValue.quoteIdentifier(columns[column]) }
        let key = change.primaryKeyColumns.indices.filter { change.primaryKeyColumns[$0] }
        let condition = try zip(key, change.primaryKey).map { "\(name($0))=\(try literal($1 ?? .null))" }.joined(separator: " AND ")
        switch change.operation {
        case .insert:
            let values = try change.newValues.map { try literal($0 ?? .null) }
            return "INSERT INTO \(table)(\((0..<values.count).map(name).joined(separator: ","))) VALUES(\(values.joined(separator: ",")));"
        case .update:
            var assignments: [String] = []
            for column in change.newValues.indices where !change.primaryKeyColumns[column] {
                if let value = change.newValues[column] { assignments.append("\(name(column))=\(try literal(value))") }
            }
            return "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(condition);"
        case .delete:
            return "DELETE FROM \(table) WHERE \(condition);"
        }
    }

    /// A value's literal; for a REAL, one that this SQLite reads back as the same double.
    func literal(_ value: SQLiteValue) throws -> String {
        let text = value.sqliteLiteral
        guard case .real(let number) = value, number.isFinite, number != 0 else { return text }
        try parse.bind(.text(text), at: 1)
        defer { try? parse.reset() }
        guard try parse.step(), case .real(let read) = parse.columnValue(at: 0), read.bitPattern == number.bitPattern else {
            let exact = Self.exactExpression(number)
            // By construction every step is exact; checked all the same.
            let check = try db.prepare(sql: "SELECT \(exact)")
            guard try check.step(), case .real(let read) = check.columnValue(at: 0), read.bitPattern == number.bitPattern else {
                throw CLIError("cannot write the REAL \(text) as SQL that reads back exactly")
            }
            return exact
        }
        return text
    }

    /// `(CAST(m AS REAL) / 2^r / 2^62 …)` or `… * …`: the double as its integer significand `m`
    /// times a power of two, each step exact (a product or quotient by a power of two is exact
    /// while the result is representable, and the intermediate values lie between `m` and the
    /// result).
    static func exactExpression(_ value: Double) -> String {
        // value = m × 2^k with m an integer below 2^53.
        var m = Int64(value.significand * 4_503_599_627_370_496)  // × 2^52: exact
        var k = Int(value.exponent) - 52
        while m != 0, m % 2 == 0 {
            m /= 2
            k += 1
        }
        if value < 0 { m = -m }
        var expression = "CAST(\(m) AS REAL)"
        let operation = k < 0 ? "/" : "*"
        var remaining = abs(k)
        if remaining % 62 != 0 { expression += " \(operation) \(Int64(1) << (remaining % 62))" }
        remaining -= remaining % 62
        while remaining > 0 {
            expression += " \(operation) 4611686018427387904"  // 2^62
            remaining -= 62
        }
        return "(" + expression + ")"
    }
}

/// Fails unless the linked SQLite has the session extension that `diff` and `apply` need.
///
/// - Throws: ``CLIError`` naming `SQLITE_ENABLE_SESSION` (the SQLCipher build lacks it).
func requireSessionExtension(_ command: String) throws {
    guard SQLite.hasSessionExtension else {
        throw CLIError(
            "slate \(command) needs SQLite's session extension, and the linked SQLite \(SQLite.version)"
                + " was built without it (SQLITE_ENABLE_SESSION)")
    }
}
