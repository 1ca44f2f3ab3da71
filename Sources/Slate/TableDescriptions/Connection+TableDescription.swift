// SQLite.swiftly's convenience methods: create a described table, prepare inserts into it and
// read it back. There is deliberately no one-call insert: it would compile a statement per row.

extension Connection {
    /// Creates a described table.
    ///
    /// ```swift
    /// try db.createTable(sets)
    /// // CREATE TABLE "sets" ("name" TEXT NOT NULL, "number" TEXT NOT NULL, "year" INTEGER)
    /// ```
    ///
    /// - Parameter description: The table's description.
    /// - Throws: `SQLiteError` when the table already exists or the connection is closed.
    public func createTable(_ description: TableDescription) throws(SQLiteError) {
        try description.create(in: self)
    }

    /// Prepares a statement that inserts rows into a described table, one per call.
    ///
    /// - Parameter description: The table's description.
    /// - Returns: The statement; keep it to insert many rows.
    /// - Throws: `SQLiteError` when the table does not exist, lacks a described column, or the
    ///   connection is closed.
    public func prepareInsert(into description: TableDescription) throws(SQLiteError) -> InsertStatement {
        try InsertStatement(table: description, connection: self)
    }

    /// Reads every row of a described table, after checking the table against the description.
    ///
    /// The rows' columns are the description's, sorted by name; read them with `row["name"]` or
    /// `try row.get("name", as: String.self)`, or decode them with `row.decode()`.
    ///
    /// - Parameter description: The table's description.
    /// - Returns: The rows, in the table's order (by rowid for an ordinary table).
    /// - Throws: `SQLiteError` (`SQLITE_ERROR`) when the table does not exist or its columns
    ///   differ from the description (a missing or extra column, another declared type, another
    ///   nullability) — the message lists every difference; or SQLite's own error.
    public func readAllRows(from description: TableDescription) throws(SQLiteError) -> [Row] {
        try checkColumns(of: description)
        let columns = description.orderedColumns.map { SQLiteValue.quoteIdentifier($0.name) }.joined(separator: ", ")
        return try prepare(sql: "SELECT " + columns + " FROM " + description.quotedName).rows()
    }

    /// Compares the table in the database with its description.
    private func checkColumns(of description: TableDescription) throws(SQLiteError) {
        let info = try prepare(sql: "PRAGMA table_info(" + description.quotedName + ")").rows()
        guard !info.isEmpty else {
            throw SQLiteError(code: SQLITE_ERROR, details: "no table named \"\(description.name)\" in the database")
        }
        var actual: [String: (name: String, type: String, notNull: Bool)] = [:]
        for row in info {
            let name = try row.get("name", as: String.self)
            let type = try row.get("type", as: String.self)
            let notNull = try row.get("notnull", as: Int64.self) != 0
            actual[name.lowercased()] = (name, type, notNull)
        }
        var differences: [String] = []
        for column in description.orderedColumns {
            guard let found = actual.removeValue(forKey: column.name.lowercased()) else {
                differences.append("column \"\(column.name)\" is missing")
                continue
            }
            if ColumnDescription.DataType(declaredType: found.type) != column.type {
                differences.append(
                    "column \"\(column.name)\" is declared \(found.type.isEmpty ? "without a type" : found.type), "
                        + "not \(column.type.rawValue)")
            }
            if found.notNull == column.isNullable {
                differences.append(
                    "column \"\(column.name)\" is "
                        + (found.notNull
                            ? "NOT NULL but described as nullable"
                            : "nullable but described as NOT NULL"))
            }
        }
        for extra in actual.values.map(\.name).sorted() {
            differences.append("column \"\(extra)\" is not in the description")
        }
        guard differences.isEmpty else {
            throw SQLiteError(
                code: SQLITE_ERROR,
                details: "table \"\(description.name)\" does not match its description: "
                    + differences.joined(separator: "; "))
        }
    }
}
