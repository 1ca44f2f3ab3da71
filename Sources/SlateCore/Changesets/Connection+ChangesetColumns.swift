extension Connection {
    /// Checks, before anything is applied, that every table a changeset changes (of those to be
    /// applied) is in the main database with the changeset's columns: as many, the same primary
    /// key (the same columns, in the same key order), and, when `columns` names them, the same
    /// names in the same order.
    ///
    /// Without it SQLite skips, without a word, a table that is missing or has fewer columns or
    /// another key, and applies a changeset to the leading columns of a table that has more. A
    /// changeset carries no column names, so its values land by position: a table whose columns
    /// are in another order gets them swapped, which only the names can tell.
    ///
    /// - Parameters:
    ///   - changeset: The changes, already checked to be well formed.
    ///   - tables: The lowercased names of the tables to apply, or `nil` for all.
    ///   - columns: Each table's column names, in the changeset's order, or `nil`.
    /// - Throws: ``SQLiteError``: `SQLITE_SCHEMA` for a missing table or other columns,
    ///   `SQLITE_MISUSE` when `columns` lacks a changed table or names another number of columns.
    func checkColumns(of changeset: Changeset, tables: Set<String>?, columns: [String: [String]]?) throws(SQLiteError) {
        let expected = columns.map { names in
            Dictionary(names.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        for table in try ChangesetFormat.tables(changeset.data) {
            let name = table.name.lowercased()
            if let tables, !tables.contains(name) { continue }
            let actual = try columnsAndKey(of: table.name)
            let keys = table.flags.map { Int($0) }
            guard !actual.isEmpty else { throw Self.notApplied("no such table: \(table.name)") }
            guard actual.map(\.keyPosition) == keys else {
                throw Self.notApplied(
                    "the table \(table.name) has \(actual.count) column\(actual.count == 1 ? "" : "s") with the primary key at "
                        + "\(Self.keyColumns(actual.map(\.keyPosition))), the changeset's \(keys.count) with it at \(Self.keyColumns(keys))")
            }
            guard let expected else { continue }
            guard let names = expected[name] else {
                throw SQLiteError.misuse("the column names given do not include the table \(table.name), which the changeset changes")
            }
            guard names.count == keys.count else {
                throw SQLiteError.misuse(
                    "\(names.count) column names given for the table \(table.name), whose changes in the changeset have \(keys.count) columns")
            }
            guard names.map({ $0.lowercased() }) == actual.map({ $0.name.lowercased() }) else {
                throw Self.notApplied(
                    "the table \(table.name) has the columns (\(actual.map(\.name).joined(separator: ", "))), "
                        + "the changeset's are (\(names.joined(separator: ", "))): its values would land in other columns")
            }
        }
    }

    /// A table's columns in the main database, in order, with their places in the primary key (0
    /// outside it); none for a missing table. `PRAGMA table_info` leaves generated columns out,
    /// as the session extension does.
    private func columnsAndKey(of table: String) throws(SQLiteError) -> [(name: String, keyPosition: Int)] {
        let cursor = try prepare(sql: "PRAGMA main.table_info(\(SQLiteValue.quoteIdentifier(table)))").cursor()
        var columns: [(name: String, keyPosition: Int)] = []
        while let row = try cursor.next() {
            columns.append((try row.get(1, as: String.self), try row.get(5, as: Int.self)))
        }
        return columns
    }

    /// The 1-based positions of the key columns, in key order, as `1, 3`.
    private static func keyColumns(_ positions: [Int]) -> String {
        positions.indices.filter { positions[$0] > 0 }.sorted { positions[$0] < positions[$1] }.map { String($0 + 1) }
            .joined(separator: ", ")
    }

    private static func notApplied(_ reason: String) -> SQLiteError {
        SQLiteError(code: SQLITE_SCHEMA, details: "cannot apply the changeset, and nothing changed: \(reason)")
    }
}
