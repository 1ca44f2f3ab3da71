import SlateCore
import SlateSchema

/// Writes the changes of a changeset as SQL statements, as SQLite's `sqldiff` prints them:
/// `INSERT INTO "t"("a","b") VALUES(1,'x');`, `UPDATE "t" SET "b"='y' WHERE "a"=1;`,
/// `DELETE FROM "t" WHERE "a"=1;`.
///
/// Identifiers are quoted, and every value is ``SQLiteValue/sqliteLiteral``, which SQLite reads
/// back as the same value and storage class (a REAL as digits this SQLite parses back to the very
/// same double, or an exact expression). Text that is not valid UTF-8 is the one value that does
/// not survive: it is read with U+FFFD in place of the invalid bytes (a binary changeset keeps
/// them).
enum ChangeSQL {
    /// The statement that makes one change.
    ///
    /// - Parameters:
    ///   - change: A change of a changeset.
    ///   - columns: The table's column names, in order.
    /// - Returns: One statement, ending with `;`.
    /// - Throws: ``CLIError`` when the change has more values than `columns` names.
    static func statement(_ change: Changeset.Change, columns: [String]) throws -> String {
        let count = max(change.oldValues.count, change.newValues.count)
        guard count <= columns.count else {
            throw CLIError("the changeset's \(change.table) has \(count) columns, the database's \(columns.count)")
        }
        let table = SQLiteValue.quoteIdentifier(change.table)
        let name = { (column: Int) in SQLiteValue.quoteIdentifier(columns[column]) }
        let literal = { (value: SQLiteValue?) in (value ?? .null).sqliteLiteral }
        let key = change.primaryKeyColumns.indices.filter { change.primaryKeyColumns[$0] }
        let condition = zip(key, change.primaryKey).map { "\(name($0))=\(literal($1))" }.joined(separator: " AND ")
        switch change.operation {
        case .insert:
            let values = change.newValues.map(literal)
            return "INSERT INTO \(table)(\((0..<values.count).map(name).joined(separator: ","))) VALUES(\(values.joined(separator: ",")));"
        case .update:
            var assignments: [String] = []
            for column in change.newValues.indices where !change.primaryKeyColumns[column] {
                if let value = change.newValues[column] { assignments.append("\(name(column))=\(literal(value))") }
            }
            return "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(condition);"
        case .delete:
            return "DELETE FROM \(table) WHERE \(condition);"
        }
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
