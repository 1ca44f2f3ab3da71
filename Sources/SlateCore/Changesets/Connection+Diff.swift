import Foundation

extension Connection {
    /// Compares the tables of two databases on this connection and records, with the session
    /// extension, the changeset that turns the first into the second: what SQLite's `sqldiff`
    /// prints as SQL, as bytes that ``apply(_:tables:columns:)`` applies.
    ///
    /// ```swift
    /// let db = try Connection()
    /// try db.attach(.uri("phone.sqlite", parameters: [.mode(.readOnly)]), as: "phone")
    /// try db.attach(.uri("server.sqlite", parameters: [.mode(.readOnly)]), as: "server")
    /// let diff = try db.diff(from: "phone", to: "server")
    /// try phone.apply(diff.changeset, columns: diff.columns)   // the phone now holds the server's rows
    /// ```
    ///
    /// Rows are matched by primary key, and values compared exactly: a value whose storage
    /// class changed (`1` and `1.0` in an untyped column), whose bytes changed where the
    /// column's collation calls them equal (`'a'` and `'A'` under `NOCASE`), or a REAL whose bits
    /// changed (`0.0` and `-0.0`) is a change. (SQLite's `sqlite3session_diff` compares with
    /// `IS NOT` and misses all three, so Slate finds the differing rows with its own queries and
    /// records the changes that make them equal in scratch tables of the `temp` schema, inside a
    /// savepoint that is rolled back afterwards; it writes an update that only changes the sign
    /// of a zero itself, as the session extension compares REALs with `==` and leaves it out.)
    /// For the duration of the call a scalar function named `slate_diff_…_bits` is registered
    /// on the connection.
    /// Neither database is written, so both may be attached read-only.
    ///
    /// Tables without a primary key, virtual tables, and rows whose primary key holds a `NULL`
    /// cannot be carried by a changeset: they are listed in ``Changeset/Diff/omissions``. The
    /// compared tables must have the same columns (names, declared types and primary key, in
    /// order) in both databases; a changeset carries rows, not schema changes.
    ///
    /// - Parameters:
    ///   - source: The schema name of the database to start from (`"main"`, or an attached one).
    ///   - target: The schema name of the database to end at.
    ///   - tables: The tables to compare, or `nil` for every table (then both databases must
    ///     have the same tables, apart from SQLite's own `sqlite_` tables). Names compare
    ///     ignoring ASCII case.
    /// - Returns: The changeset, the compared tables and their columns, and the omissions.
    /// - Throws: ``SQLiteError``: `SQLITE_SCHEMA` when the databases' tables or a table's columns
    ///   differ; `SQLITE_ERROR` for an unknown schema or a named table missing from either
    ///   database, or when the `temp` schema already has a table of a compared table's name;
    ///   a busy error while another connection holds a lock; or when the session extension is
    ///   missing or the connection closed.
    public func diff(from source: String, to target: String, tables: [String]? = nil) throws(SQLiteError) -> Changeset.Diff {
        _ = try SessionExtension.require()
        _ = try checkedHandle()
        for schema in [source, target] {
            try SQLiteError.checkNoNUL(schema, "the schema name")
            guard schema.lowercased() != "temp" else {
                throw SQLiteError.misuse("diff(from:to:) compares main or attached databases, not temp: it records in temp")
            }
        }
        for name in tables ?? [] { try SQLiteError.checkNoNUL(name, "the table name") }
        let schemas = Set(try databaseList().map { $0.name.lowercased() })
        for schema in [source, target] where !schemas.contains(schema.lowercased()) {
            throw SQLiteError.error("no such database: \(schema) (attach it first)")
        }

        // Read the schemas and record inside one savepoint: both databases stay as read here
        // until the changeset is made, and rolling back drops the scratch tables.
        let unique = "slate_diff_\(UInt64.random(in: 0...UInt64.max))"
        let savepoint = SQLiteValue.quoteIdentifier(unique)
        let bits = try RealBitsFunction(self, name: unique + "_bits")
        defer { bits.remove() }
        try exec("SAVEPOINT \(savepoint)")
        do {
            let plan = try DiffPlan(self, source: source, target: target, tables: tables, bits: bits.name)
            let changeset = try plan.record(on: self)
            try exec("ROLLBACK TO \(savepoint)")
            try exec("RELEASE \(savepoint)")
            return Changeset.Diff(
                changeset: changeset, tables: plan.compared.map(\.name),
                columns: Dictionary(uniqueKeysWithValues: plan.compared.map { ($0.name, $0.columns.map(\.name)) }),
                omissions: plan.omissions)
        } catch {
            try? exec("ROLLBACK TO \(savepoint)")
            try? exec("RELEASE \(savepoint)")
            throw error
        }
    }
}

/// The work of ``Connection/diff(from:to:tables:)``: which tables to compare, checked, and the
/// SQL that records their differences.
struct DiffPlan {
    /// A column as `PRAGMA table_info` describes it.
    struct Column: Equatable {
        let name: String
        let type: String
        /// 0 outside the primary key, else the column's position in it (1, 2, …).
        let keyPosition: Int

        /// Whether two columns are the same for a changeset: name and declared type ignoring
        /// ASCII case, and the same place in the primary key.
        func matches(_ other: Column) -> Bool {
            name.lowercased() == other.name.lowercased() && type.uppercased() == other.type.uppercased()
                && keyPosition == other.keyPosition
        }

        var described: String {
            [SQLiteValue.quoteIdentifier(name), type].filter { !$0.isEmpty }.joined(separator: " ")
                + (keyPosition > 0 ? " (primary key \(keyPosition))" : "")
        }
    }

    /// A table to compare.
    struct Table {
        let name: String
        let columns: [Column]

        var keys: [Column] { columns.filter { $0.keyPosition > 0 }.sorted { $0.keyPosition < $1.keyPosition } }
        var others: [Column] { columns.filter { $0.keyPosition == 0 } }
    }

    let source: String
    let target: String
    /// The name of the function that gives a REAL's bits (``RealBitsFunction``).
    let bits: String
    private(set) var compared: [Table] = []
    private(set) var omissions: [Changeset.Diff.Omission] = []

    init(_ db: Connection, source: String, target: String, tables: [String]?, bits: String) throws(SQLiteError) {
        self.source = source
        self.target = target
        self.bits = bits
        let sourceTables = try Self.tables(db, source)
        let targetTables = try Self.tables(db, target)
        var names: [String]
        if let tables {
            names = []
            for name in tables where !names.contains(where: { $0.lowercased() == name.lowercased() }) {
                for (schema, list) in [(source, sourceTables), (target, targetTables)]
                where list[name.lowercased()] == nil {
                    throw SQLiteError.error("no such table in \(schema): \(name)")
                }
                names.append(sourceTables[name.lowercased()]?.name ?? name)
            }
        } else {
            let isOwn: (String) -> Bool = { $0.hasPrefix("sqlite_") }
            let sourceOnly = sourceTables.keys.filter { !isOwn($0) && targetTables[$0] == nil }.sorted()
            let targetOnly = targetTables.keys.filter { !isOwn($0) && sourceTables[$0] == nil }.sorted()
            guard sourceOnly.isEmpty, targetOnly.isEmpty else {
                let lists = [(source, sourceOnly, sourceTables), (target, targetOnly, targetTables)]
                    .filter { !$0.1.isEmpty }
                    .map { schema, keys, all in "only in \(schema): " + keys.compactMap { all[$0]?.name }.joined(separator: ", ") }
                throw SQLiteError(
                    code: SQLITE_SCHEMA,
                    details: "the databases have different tables (\(lists.joined(separator: "; "))): "
                        + "a changeset carries rows, not tables; create them first, or name the tables to compare")
            }
            names = sourceTables.keys.filter { !isOwn($0) }.sorted().compactMap { sourceTables[$0]?.name }
        }
        for name in names {
            let key = name.lowercased()
            if sourceTables[key]?.isVirtual == true || targetTables[key]?.isVirtual == true {
                omissions.append(.virtualTable(name))
                continue
            }
            let sourceColumns = try Self.columns(db, source, name)
            let targetColumns = try Self.columns(db, target, name)
            guard sourceColumns.count == targetColumns.count,
                zip(sourceColumns, targetColumns).allSatisfy({ $0.matches($1) })
            else {
                throw SQLiteError(
                    code: SQLITE_SCHEMA,
                    details: "the table \(name) has other columns in \(source) (\(sourceColumns.map(\.described).joined(separator: ", "))) "
                        + "than in \(target) (\(targetColumns.map(\.described).joined(separator: ", "))): "
                        + "a changeset carries rows, not schema changes")
            }
            let table = Table(name: name, columns: sourceColumns)
            if table.keys.isEmpty {
                omissions.append(.tableWithoutPrimaryKey(name))
                continue
            }
            let nullKeys = table.keys.map { "\(SQLiteValue.quoteIdentifier($0.name)) IS NULL" }.joined(separator: " OR ")
            var nullRows = 0
            for schema in [source, target] {
                nullRows += try db.scalar(Int.self, "SELECT count(*) FROM \(Self.qualified(schema, name)) WHERE \(nullKeys)") ?? 0
            }
            if nullRows > 0 { omissions.append(.rowsWithNullPrimaryKey(table: name, count: nullRows)) }
            compared.append(table)
        }
    }

    /// The tables of a schema by lowercased name: their name as spelled, and whether virtual.
    private static func tables(_ db: Connection, _ schema: String) throws(SQLiteError) -> [String: (name: String, isVirtual: Bool)] {
        var tables: [String: (name: String, isVirtual: Bool)] = [:]
        let sql = "SELECT name, coalesce(sql, '') LIKE 'CREATE VIRTUAL TABLE%' FROM \(SQLiteValue.quoteIdentifier(schema)).sqlite_master WHERE type = 'table'"
        let cursor = try db.prepare(sql: sql).cursor()
        while let row = try cursor.next() {
            let name = try row.get(0, as: String.self)
            tables[name.lowercased()] = (name, try row.get(1, as: Bool.self))
        }
        return tables
    }

    /// A table's columns, in order (`PRAGMA table_info`: generated columns are left out, as the
    /// session extension leaves them out).
    private static func columns(_ db: Connection, _ schema: String, _ table: String) throws(SQLiteError) -> [Column] {
        let sql = "PRAGMA \(SQLiteValue.quoteIdentifier(schema)).table_info(\(SQLiteValue.quoteIdentifier(table)))"
        let cursor = try db.prepare(sql: sql).cursor()
        var columns: [Column] = []
        while let row = try cursor.next() {
            columns.append(
                Column(
                    name: try row.get(1, as: String.self), type: try row.get(2, as: String?.self) ?? "",
                    keyPosition: try row.get(5, as: Int.self)))
        }
        return columns
    }

    static func qualified(_ schema: String, _ table: String) -> String {
        SQLiteValue.quoteIdentifier(schema) + "." + SQLiteValue.quoteIdentifier(table)
    }

    /// `a.c = b.c` for every key column, exactly: the `=` lets SQLite use `a`'s primary key index,
    /// and the rest rejects values that its collation or numeric comparison calls equal.
    private func sameKey(_ table: Table, _ a: String, _ b: String) -> String {
        table.keys.map { column in
            let name = SQLiteValue.quoteIdentifier(column.name)
            return "\(a).\(name) = \(b).\(name) AND " + same(name, a, b)
        }.joined(separator: " AND ")
    }

    /// The same value, storage class and bytes: `1` is not `1.0`, `'a'` is not `'A'`, and
    /// `0.0` is not `-0.0` (the only REALs that `IS` calls equal with other bits: SQLite stores
    /// no NaN).
    private func same(_ name: String, _ a: String, _ b: String) -> String {
        let (x, y) = ("\(a).\(name)", "\(b).\(name)")
        return "\(x) IS \(y) COLLATE BINARY AND typeof(\(x)) = typeof(\(y)) "
            + "AND (typeof(\(x)) <> 'real' OR \(x) <> 0 OR \(bits)(\(x)) = \(bits)(\(y)))"
    }

    /// Fills scratch tables in `temp` with the source's differing rows, records with a session
    /// while making them the target's, and returns the changeset.
    func record(on db: Connection) throws(SQLiteError) -> Changeset {
        guard !compared.isEmpty else { return Changeset(Data()) }
        for table in compared {
            let scratch = "temp." + SQLiteValue.quoteIdentifier(table.name)
            let columns = table.columns.map { SQLiteValue.quoteIdentifier($0.name) }
            let keys = table.keys.map { SQLiteValue.quoteIdentifier($0.name) }
            // Untyped columns: values are copied exactly, with no affinity to change them.
            do {
                try db.exec(
                    "CREATE TEMP TABLE \(SQLiteValue.quoteIdentifier(table.name)) (\(columns.joined(separator: ", ")), "
                        + "PRIMARY KEY (\(keys.joined(separator: ", "))))")
            } catch {
                throw error.explained("cannot diff \(table.name): the temp schema cannot hold its scratch table")
            }
            // The source's rows that the target does not hold exactly: deleted or changed there.
            let exactRow = ([sameKey(table, "d", "s")] + table.others.map { same(SQLiteValue.quoteIdentifier($0.name), "d", "s") })
                .joined(separator: " AND ")
            try db.exec(
                "INSERT INTO \(scratch) (\(columns.joined(separator: ", "))) SELECT "
                    + columns.map { "s.\($0)" }.joined(separator: ", ")
                    + " FROM \(Self.qualified(source, table.name)) AS s WHERE "
                    + keys.map { "s.\($0) IS NOT NULL" }.joined(separator: " AND ")
                    + " AND NOT EXISTS (SELECT 1 FROM \(Self.qualified(target, table.name)) AS d WHERE \(exactRow))")
        }
        // The deletes first, in a changeset of their own, so that applying frees a key or a
        // unique value before an insert or update takes it (a key whose case changed under
        // NOCASE is deleted, then inserted).
        let deletes = try Session(db, tables: .named(compared.map(\.name)), databaseName: "temp")
        defer { deletes.delete() }
        for table in compared {
            let scratch = "temp." + SQLiteValue.quoteIdentifier(table.name)
            let target = Self.qualified(target, table.name)
            try db.exec("DELETE FROM \(scratch) WHERE NOT EXISTS (SELECT 1 FROM \(target) AS d WHERE \(sameKey(table, "d", scratch)))")
        }
        let deleted = try deletes.changeset()
        deletes.delete()
        let session = try Session(db, tables: .named(compared.map(\.name)), databaseName: "temp")
        defer { session.delete() }
        for table in compared {
            let scratch = "temp." + SQLiteValue.quoteIdentifier(table.name)
            let columns = table.columns.map { SQLiteValue.quoteIdentifier($0.name) }
            let keys = table.keys.map { SQLiteValue.quoteIdentifier($0.name) }
            let others = table.others.map { SQLiteValue.quoteIdentifier($0.name) }
            let targetTable = Self.qualified(target, table.name)
            if !others.isEmpty {
                try db.exec(
                    "UPDATE \(scratch) SET (\(others.joined(separator: ", "))) = (SELECT "
                        + others.map { "d.\($0)" }.joined(separator: ", ")
                        + " FROM \(targetTable) AS d WHERE \(sameKey(table, "d", scratch)))")
            }
            try db.exec(
                "INSERT INTO \(scratch) (\(columns.joined(separator: ", "))) SELECT "
                    + columns.map { "d.\($0)" }.joined(separator: ", ")
                    + " FROM \(targetTable) AS d WHERE "
                    + keys.map { "d.\($0) IS NOT NULL" }.joined(separator: " AND ")
                    + " AND NOT EXISTS (SELECT 1 FROM \(Self.qualified(source, table.name)) AS s WHERE \(sameKey(table, "s", "d")))")
        }
        // A changeset is a series of tables and their changes: two in a row are one, whose
        // changes apply in order (a table may appear twice).
        return Changeset(deleted.data + (try session.changeset().data) + (try signsOfZeros(on: db)))
    }
}
