// Writing one record: insert, update, upsert, delete. Each statement lists every column, and the
// record's generated `write(to:)` binds its values straight into the parameters (`?1`…`?n`, in
// column order): no Encoder and no array of values. A `nil` property writes `NULL`.

extension TableRecord {
    /// Inserts the record.
    ///
    /// ```swift
    /// try Player(id: 1, name: "Arthur", score: nil).insert(db)
    /// ```
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - onConflict: What SQLite does when the row violates a constraint (`INSERT OR …`);
    ///     `nil` for a plain `INSERT`, which fails.
    /// - Returns: The new row's rowid (the key of an `INTEGER PRIMARY KEY` left `nil`); `nil`
    ///   when no row was inserted (`onConflict: .ignore` ignored it) or when the table is
    ///   `WITHOUT ROWID`, which gives its rows none. Never the rowid of an earlier insert.
    /// - Throws: `SQLiteError` on a constraint violation (naming the constraint), or when a
    ///   value has no stored form (naming the column); the table is unchanged.
    @inlinable
    @discardableResult
    public func insert(_ db: Connection, onConflict: OnConflict? = nil) throws(SQLiteError) -> Int64? {
        let previous = db.lastInsertRowID
        try run(try Self.insertStatement(db, onConflict: onConflict))
        return Self.insertedRowID(db, previous: previous)
    }

    /// Updates the row that has the record's primary key with the record's values.
    ///
    /// - Parameter db: The connection.
    /// - Throws: `SQLiteError`: `SQLITE_NOTFOUND` when no row has the key (nothing is
    ///   written); `SQLITE_MISUSE` when the record declares no primary key; a constraint
    ///   violation.
    @inlinable
    public func update(_ db: Connection) throws(SQLiteError) {
        let statement = try Self.updateStatement(db)
        try run(statement)
        if db.changes == 0 { throw Self.notFound(statement) }
    }

    /// Inserts the record, or updates the row that has its primary key (`INSERT … ON CONFLICT
    /// DO UPDATE`; below SQLite 3.24, which lacks it, an update then an insert).
    ///
    /// Unlike `INSERT OR REPLACE`, the existing row is updated, not deleted and inserted again,
    /// so no `ON DELETE` cascade or delete trigger runs.
    ///
    /// - Parameter db: The connection.
    /// - Throws: `SQLiteError` when the record declares no primary key, or on a violation of
    ///   another constraint.
    @inlinable
    public func upsert(_ db: Connection) throws(SQLiteError) {
        if let statement = try Self.upsertStatement(db) {
            try run(statement)
            return
        }
        try upsertByUpdateThenInsert(db)
    }

    /// The upsert where SQLite lacks `ON CONFLICT … DO` (below 3.24): an update, then, when no
    /// row has the key, an insert, in one transaction (or savepoint).
    ///
    /// An update that changed nothing does not mean that no row has the key: a `BEFORE UPDATE`
    /// trigger may have skipped it (`RAISE(IGNORE)`), and then `ON CONFLICT DO UPDATE` leaves
    /// the row as it is, where inserting it again would fail on the key (issue 30).
    @usableFromInline
    func upsertByUpdateThenInsert(_ db: Connection) throws(SQLiteError) {
        try db.writeAtomically { () throws(SQLiteError) in
            try run(try Self.updateStatement(db))
            guard db.changes == 0 else { return }
            let lookup = try keyBoundStatement(db, .selectByKey, \.selectByKey, "be upserted")
            defer { lookup.resetIfStepped() }
            if try !lookup.step() { try run(try Self.insertStatement(db, onConflict: nil)) }
        }
    }

    /// Deletes the row that has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: `SQLiteError` when the record declares no primary key, or when the delete
    ///   fails (a foreign key that restricts it).
    @discardableResult
    public func delete(_ db: Connection) throws(SQLiteError) -> Bool {
        try keyBoundStatement(db, .delete, \.delete, "be deleted").executeToCompletion()
        return db.changes > 0
    }

    /// One of the record's statements by primary key (`?1`), with the record's key bound.
    func keyBoundStatement(
        _ db: Connection, _ kind: RecordStatementKind, _ sql: KeyPath<RecordStatements, String?>, _ purpose: String
    ) throws(SQLiteError) -> Statement {
        let statements = RecordStatements.of(Self.self)
        guard let position = statements.primaryKeyPosition else { throw statements.noPrimaryKey(for: purpose) }
        var writer = RecordWriter(keepingValuesOf: Self.self)
        try write(to: &writer)
        let statement = try db.recordStatement(Self.self, kind) { statements throws(SQLiteError) in
            guard let text = statements[keyPath: sql] else { throw statements.noPrimaryKey(for: purpose) }
            return text
        }
        try statement.bind(writer.values[position], at: 1)
        return statement
    }

    /// Binds the record's values to one of its statements and runs it.
    @inlinable
    func run(_ statement: Statement) throws(SQLiteError) {
        var writer = RecordWriter(binding: statement, for: Self.self)
        try write(to: &writer)
        try statement.executeToCompletion()
    }

    /// The rowid of the row the record's insert just wrote, or `nil` when it wrote none or its
    /// table has no rowid: SQLite leaves the connection's last rowid as it was in both cases.
    ///
    /// A rowid that changed is the new row's. One that did not is either a new row's that
    /// happens to equal the previous insert's, or stale: only then is the table asked whether
    /// it has a rowid (for a `WITHOUT ROWID` table, on every insert).
    @usableFromInline
    static func insertedRowID(_ db: Connection, previous: Int64) -> Int64? {
        guard db.changes > 0 else { return nil }
        let rowid = db.lastInsertRowID
        if rowid != previous { return rowid }
        return tableHasRowID(db) ? rowid : nil
    }

    /// Whether the record's table has a rowid: whether one of its names (`rowid`, `oid`,
    /// `_rowid_`) that no record column takes compiles in a `SELECT` of the table (it does not
    /// in a `WITHOUT ROWID` table). When the record's columns take all three, the table is taken
    /// to have one.
    static func tableHasRowID(_ db: Connection) -> Bool {
        let columns = Set(columnNames.map { $0.lowercased() })
        guard let name = ["rowid", "oid", "_rowid_"].first(where: { !columns.contains($0) }) else { return true }
        return (try? db.prepare(sql: "SELECT \(name) FROM \(SQLiteValue.quoteIdentifier(tableName)) LIMIT 0")) != nil
    }

    /// The record's insert (see ``RecordStatementKind``).
    @usableFromInline
    static func insertStatement(_ db: Connection, onConflict: OnConflict?) throws(SQLiteError) -> Statement {
        try db.recordStatement(Self.self, .insert(onConflict)) { statements in
            guard let onConflict else { return "INSERT " + statements.insertBody }
            return "INSERT OR " + onConflict.rawValue + " " + statements.insertBody
        }
    }

    /// The record's update by primary key.
    @usableFromInline
    static func updateStatement(_ db: Connection) throws(SQLiteError) -> Statement {
        try db.recordStatement(Self.self, .update) { statements throws(SQLiteError) in
            guard let sql = statements.update else { throw statements.noPrimaryKey(for: "be updated") }
            return sql
        }
    }

    /// The record's upsert, or `nil` when the linked SQLite lacks `ON CONFLICT … DO`.
    @usableFromInline
    static func upsertStatement(_ db: Connection) throws(SQLiteError) -> Statement? {
        guard SQLiteFeature.upsert.isAvailable else {
            if primaryKeyColumn == nil { throw RecordStatements.of(Self.self).noPrimaryKey(for: "be upserted") }
            return nil
        }
        return try db.recordStatement(Self.self, .upsert) { statements throws(SQLiteError) in
            guard let sql = statements.upsert else { throw statements.noPrimaryKey(for: "be upserted") }
            return sql
        }
    }

    /// The error for an update that found no row with the record's key.
    @usableFromInline
    static func notFound(_ statement: Statement) -> SQLiteError {
        let statements = RecordStatements.of(Self.self)
        let key = primaryKeyColumn ?? "?"
        let value = statement.expandedSQL.map { " (\($0))" } ?? ""
        return SQLiteError(
            code: SQLITE_NOTFOUND,
            details: "no row of \(statements.tableName) has the \(key) of this \(statements.typeName), so nothing was updated\(value); "
                + "insert it, or use upsert",
            sql: statement.sql)
    }
}
