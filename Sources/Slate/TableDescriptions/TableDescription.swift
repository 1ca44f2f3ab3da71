/// A model of a table (SQLite.swiftly): a name and a set of ``ColumnDescription``s.
///
/// A description creates its table, prepares inserts into it and reads it back, checking that
/// the table in the database matches:
///
/// ```swift
/// let sets = try TableDescription(name: "sets", columns: [
///     ColumnDescription(name: "number", type: .text, nullable: false),
///     ColumnDescription(name: "name", type: .text, nullable: false),
///     ColumnDescription(name: "year", type: .integer),
/// ])
/// try db.createTable(sets)
/// let insert = try db.prepareInsert(into: sets)
/// try insert.insert(["number": "10497", "name": "Galaxy Explorer", "year": 2022])
/// let rows = try db.readAllRows(from: sets)
/// ```
///
/// The columns are a set: their order does not matter and a column cannot appear twice. Wherever
/// an order is needed (`CREATE TABLE`, `INSERT`, the rows read back) they are sorted by name, so
/// the same description always produces the same SQL and the same row layout.
public struct TableDescription: Hashable, Sendable, CustomStringConvertible {
    /// The table name (unquoted).
    public let name: String
    /// The columns.
    public let columns: Set<ColumnDescription>
    /// The columns sorted by name: the order of `CREATE TABLE`, inserts and rows read back.
    public let orderedColumns: [ColumnDescription]

    /// Describes a table.
    ///
    /// - Parameters:
    ///   - name: The table name (unquoted).
    ///   - columns: The columns; at least one.
    /// - Throws: `SQLiteError` (`SQLITE_MISUSE`) for an empty name, no columns, or two columns
    ///   whose names differ only by case or that share a name (SQLite's column names ignore case).
    public init(name: String, columns: Set<ColumnDescription>) throws(SQLiteError) {
        guard !name.isEmpty else {
            throw SQLiteError(code: SQLITE_MISUSE, details: "a table description needs a table name")
        }
        guard !columns.isEmpty else {
            throw SQLiteError(
                code: SQLITE_MISUSE, details: "the description of table \"\(name)\" has no columns; a table needs at least one")
        }
        let ordered = columns.sorted { lhs, rhs in
            // Names are unique once checked below; type and nullability only order duplicates, so
            // that the error reporting them is the same on every run (a set has no fixed order).
            (lhs.name, lhs.type.rawValue, lhs.isNullable ? 1 : 0) < (rhs.name, rhs.type.rawValue, rhs.isNullable ? 1 : 0)
        }
        var seen: [String: String] = [:]
        for column in ordered {
            guard !column.name.isEmpty else {
                throw SQLiteError(code: SQLITE_MISUSE, details: "the description of table \"\(name)\" has a column without a name")
            }
            if let other = seen[column.name.lowercased()] {
                throw SQLiteError(
                    code: SQLITE_MISUSE,
                    details: "the description of table \"\(name)\" has two columns named \"\(other)\" and "
                        + "\"\(column.name)\"; column names must differ (ignoring case)")
            }
            seen[column.name.lowercased()] = column.name
        }
        self.name = name
        self.columns = columns
        self.orderedColumns = ordered
    }

    /// The description of a column, found by name (exact spelling first, then ignoring case).
    ///
    /// - Parameter name: The column name.
    /// - Returns: The column, or `nil` when the table has no such column.
    public func column(named name: String) -> ColumnDescription? {
        orderedColumns.first { $0.name == name }
            ?? orderedColumns.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Creates the table.
    ///
    /// ```swift
    /// try sets.create(in: db)
    /// // CREATE TABLE "sets" ("name" TEXT NOT NULL, "number" TEXT NOT NULL, "year" INTEGER)
    /// ```
    ///
    /// - Parameter connection: The database.
    /// - Throws: `SQLiteError` when the table already exists or the connection is closed.
    public func create(in connection: Connection) throws(SQLiteError) {
        _ = try connection.prepare(sql: createTableSQL).step()
    }

    /// `CREATE TABLE "name" (column, …)`, columns sorted by name.
    var createTableSQL: String {
        "CREATE TABLE " + quotedName + " (" + orderedColumns.map(\.description).joined(separator: ", ") + ")"
    }

    /// The table name, quoted.
    var quotedName: String { SQLiteValue.quoteIdentifier(name) }

    /// The table's definition, as in `CREATE TABLE`: `"sets" ("name" TEXT NOT NULL, …)`.
    public var description: String {
        quotedName + " (" + orderedColumns.map(\.description).joined(separator: ", ") + ")"
    }
}
