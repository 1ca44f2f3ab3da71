import SlateCore

/// Changes a database's schema beyond what `ALTER TABLE` builders offer: renames and drops
/// columns on any SQLite version.
///
/// Where the linked SQLite has the statement it uses `ALTER TABLE … RENAME COLUMN` (3.25+) and
/// `ALTER TABLE … DROP COLUMN` (3.35+). Elsewhere it rebuilds the table with SQLite's documented
/// procedure (https://sqlite.org/lang_altertable.html#otheralter): foreign keys off, a new table
/// in the desired form, the rows copied, the old table dropped, the new one renamed, indexes and
/// triggers recreated, `PRAGMA foreign_key_check`, all in one savepoint. The new table's
/// statement is the original `CREATE TABLE` text with the column renamed or removed where the
/// text names it (its definition, table-constraint column lists, `CHECK` and generated-column
/// expressions, a foreign key to the table itself; never a type name, default, string or
/// another table's column spelled the same), so every constraint, collation and option
/// survives; a table constraint on a dropped column goes with it. Indexes are edited the same
/// way (an index that uses a dropped column goes with it); other tables' foreign keys to a
/// renamed column are renamed by rebuilding those tables; a trigger on the table has its
/// `UPDATE OF` list and `NEW.`/`OLD.` columns renamed. What cannot be carried over is refused,
/// with an error naming it, before anything changes: dropping a column that another column,
/// another table's foreign key, a view or a trigger uses, or renaming one that a view or
/// another statement of a trigger names. (SQLite's own `DROP COLUMN` leaves a view naming the
/// column in place, failing when read; the changer refuses that on both paths.) When the text
/// cannot be edited, the table is regenerated from `PRAGMA table_info` and friends, which keeps
/// declared types, primary keys, `NOT NULL`, defaults, `UNIQUE`, foreign keys, indexes and
/// triggers, plus the `COLLATE`, `CHECK` and generated-column clauses read from the text where
/// it parses. A rebuild keeps every row's rowid (unless the table is `WITHOUT ROWID`) and the
/// `AUTOINCREMENT` counter in `sqlite_sequence` exactly, for the table and for the tables
/// rebuilt because their foreign keys name a renamed column.
///
/// Column changes that `ALTER TABLE` has no statement for — a declared type, `NOT NULL`, a
/// default, the primary key, the column order (``AlterTableDefinition/change(column:type:)`` and
/// its siblings) — always take the rebuild, one for consecutive changes, editing the clauses
/// they replace in the original text. The rows are checked first: a value the new type cannot
/// hold as the same value, a `NULL` under `NOT NULL` or in a new key, two rows with the same new
/// key, or (with foreign keys off too) a foreign key that held and no longer would, is an error
/// naming the column and the row. Dropping a column drops the indexes that use it on both paths.
///
/// Every ``alter(table:block:)`` is atomic: when one change fails, none is kept.
///
/// ```swift
/// let schemaChanger = SchemaChanger(connection: db)
/// try schemaChanger.alter(table: "users") { table in
///     table.rename(column: "old_name", to: "new_name")
///     table.drop(column: "email")
///     table.change(column: "age", type: .INTEGER)
/// }
/// ```
public final class SchemaChanger {
    /// One change to a table.
    public enum Operation: Sendable {
        /// `ALTER TABLE … ADD COLUMN`.
        case addColumn(ColumnDefinition)
        /// `CREATE INDEX`.
        case addIndex(IndexDefinition, ifNotExists: Bool)
        /// Drops a column.
        case dropColumn(String)
        /// `DROP INDEX`.
        case dropIndex(String, ifExists: Bool)
        /// Renames a column.
        case renameColumn(String, String)
    }

    package let connection: Connection
    private let reader: SchemaReader
    /// Whether `ALTER TABLE … RENAME COLUMN` may be used (SQLite 3.25+); tests turn it off to
    /// exercise the table rebuild.
    var supportsRenameColumn = SQLiteFeature.renameColumn.isAvailable
    /// Whether `ALTER TABLE … DROP COLUMN` may be used (SQLite 3.35+); tests turn it off to
    /// exercise the table rebuild.
    var supportsDropColumn = SQLiteFeature.dropColumn.isAvailable

    /// Whether a rebuild edits the table's original `CREATE TABLE` text (keeping `CHECK`,
    /// `COLLATE`, …) rather than regenerating it from the column definitions; tests turn it off
    /// to exercise the regeneration that remains the fallback.
    var editsDefinitionText = true

    /// Creates a changer for a connection.
    ///
    /// - Parameter connection: The connection.
    public init(connection: Connection) {
        self.connection = connection
        reader = SchemaReader(connection: connection)
    }

    // MARK: Tables

    /// Applies the changes the block describes to a table, atomically.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - block: Describes the changes.
    /// - Throws: `SQLiteError` when the table does not exist, a change is invalid, or the
    ///   rebuilt table breaks a foreign key; the schema and data are then unchanged.
    public func alter(table: String, block: (AlterTableDefinition) -> Void) throws(SQLiteError) {
        let definition = AlterTableDefinition(name: table)
        block(definition)
        try alter(table: table, definition: definition)
    }

    /// Applies a described change to a table, atomically (``alter(table:block:)`` once its block
    /// has run).
    package func alter(table: String, definition: AlterTableDefinition) throws(SQLiteError) {
        guard try reader.tableExists(table) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "no such table: \(table)")
        }
        let rebuilds = definition.steps.contains { step in
            guard case .operation(let operation) = step else { return true }
            return nativeSQL(for: operation, table: table) == nil
        }
        let reshapes = definition.steps.contains { if case .columns = $0 { true } else { false } }
        let foreignKeysWereOn = try connection.getForeignKeys()
        if rebuilds && foreignKeysWereOn {
            // PRAGMA foreign_keys is a no-op inside a transaction, and dropping the old table with
            // foreign keys on would run its ON DELETE actions on other tables' rows.
            guard connection.isAutocommit else {
                throw SQLiteError(
                    code: SQLITE_MISUSE,
                    details: "cannot rebuild table \(table) inside a transaction while foreign_keys is ON")
            }
            try connection.setForeignKeys(false)
        }
        defer {
            if rebuilds && foreignKeysWereOn { try? connection.setForeignKeys(true) }
        }
        try atomically { () throws(SQLiteError) in
            // With foreign keys off, a changed type or key must not break references that held.
            let checksReferences = reshapes && !foreignKeysWereOn
            let referencesBefore = checksReferences ? try foreignKeyErrors(around: table) : []
            for step in definition.steps {
                switch step {
                case .columns(let changes):
                    try rebuild(table: table, change: .reshape(changes))
                case .operation(let operation):
                    if let sql = nativeSQL(for: operation, table: table) {
                        if case .dropColumn(let column) = operation {
                            // SQLite would leave a view that names the column broken.
                            try TableRebuild.refuseViewsAndOtherTriggers(
                                using: column, of: table, change: .drop(column), reader: reader, triggers: false)
                            // SQLite refuses to drop an indexed column; the rebuild drops the index
                            // with it, and so does this path.
                            for index in try TableRebuild.indexes(using: column, of: table, reader: reader) {
                                try connection.execute(sql: "DROP INDEX " + SQLiteValue.quoteIdentifier(index))
                            }
                        }
                        try connection.execute(sql: sql)
                    } else {
                        try rebuild(table: table, applying: operation)
                    }
                }
            }
            if checksReferences {
                let broken = try foreignKeyErrors(around: table).filter { !referencesBefore.contains($0) }
                guard broken.isEmpty else {
                    throw SQLiteError(
                        code: SQLITE_CONSTRAINT_FOREIGNKEY,
                        details: "altering table \(table) breaks foreign keys: "
                            + broken.prefix(5).map(\.description).joined(separator: ", ")
                            + (broken.count > 5 ? " and \(broken.count - 5) more" : ""))
                }
            }
            if rebuilds && foreignKeysWereOn {
                let errors = try connection.foreignKeyCheck()
                guard errors.isEmpty else {
                    throw SQLiteError(
                        code: SQLITE_CONSTRAINT_FOREIGNKEY,
                        details: "altering table \(table) breaks foreign keys: "
                            + errors.map(\.description).joined(separator: ", "))
                }
            }
        }
    }

    /// Creates a table from column definitions, and its indexes.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - ifNotExists: Whether to add `IF NOT EXISTS` (to the table and its indexes).
    ///   - block: Adds the columns and indexes.
    /// - Throws: `SQLiteError` when there is no column or SQLite refuses the table.
    public func create(table: String, ifNotExists: Bool = false, block: (CreateTableDefinition) -> Void)
        throws(SQLiteError)
    {
        let definition = CreateTableDefinition(name: table)
        block(definition)
        guard !definition.columns.isEmpty else {
            throw SQLiteError(code: SQLITE_MISUSE, details: "table \(table) needs at least one column")
        }
        let sql =
            "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + SQLiteValue.quoteIdentifier(table)
            + " (" + Self.definitions(definition.columns).joined(separator: ", ") + ")"
        try atomically { () throws(SQLiteError) in
            try connection.execute(sql: sql)
            for index in definition.indexes {
                try connection.execute(sql: index.toSQL(ifNotExists: ifNotExists))
            }
        }
    }

    /// Drops a table.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - ifExists: Whether a missing table is fine (`IF EXISTS`).
    /// - Throws: `SQLiteError` when the table is missing and `ifExists` is false.
    public func drop(table: String, ifExists: Bool = true) throws(SQLiteError) {
        try connection.execute(sql: "DROP TABLE " + (ifExists ? "IF EXISTS " : "") + SQLiteValue.quoteIdentifier(table))
    }

    /// Renames a table (views and triggers that use it follow, SQLite 3.25+).
    ///
    /// - Parameters:
    ///   - table: The table's current name.
    ///   - to: Its new name.
    /// - Throws: `SQLiteError` when the table is missing or the name is taken.
    public func rename(table: String, to: String) throws(SQLiteError) {
        try connection.execute(
            sql: "ALTER TABLE " + SQLiteValue.quoteIdentifier(table) + " RENAME TO " + SQLiteValue.quoteIdentifier(to))
    }

    // MARK: Internals

    /// The definitions of a new table's columns. Several columns with a primary key (as the
    /// reader gives the columns of `PRIMARY KEY (a, b)`) make one table constraint, with the
    /// first one's `ON CONFLICT`; SQLite refuses a key on more than one column definition.
    static func definitions(_ columns: [ColumnDefinition]) -> [String] {
        let keyColumns = columns.filter { $0.primaryKey != nil }
        guard keyColumns.count > 1 else { return columns.map(\.sql) }
        var definitions = columns.map(\.withoutPrimaryKey.sql)
        definitions.append(
            "PRIMARY KEY (" + keyColumns.map { SQLiteValue.quoteIdentifier($0.name) }.joined(separator: ", ") + ")"
                + (keyColumns[0].primaryKey?.onConflict.map { " ON CONFLICT " + $0.rawValue } ?? ""))
        return definitions
    }

    /// The single statement that performs an operation, or `nil` when it needs a rebuild.
    func nativeSQL(for operation: Operation, table: String) -> String? {
        let quotedTable = SQLiteValue.quoteIdentifier(table)
        switch operation {
        case .addColumn(let column):
            return "ALTER TABLE " + quotedTable + " ADD COLUMN " + column.sql
        case .addIndex(let index, let ifNotExists):
            return index.toSQL(ifNotExists: ifNotExists)
        case .dropIndex(let name, let ifExists):
            return "DROP INDEX " + (ifExists ? "IF EXISTS " : "") + SQLiteValue.quoteIdentifier(name)
        case .renameColumn(let old, let new):
            guard supportsRenameColumn else { return nil }
            return "ALTER TABLE " + quotedTable + " RENAME COLUMN " + SQLiteValue.quoteIdentifier(old) + " TO "
                + SQLiteValue.quoteIdentifier(new)
        case .dropColumn(let column):
            guard supportsDropColumn else { return nil }
            return "ALTER TABLE " + quotedTable + " DROP COLUMN " + SQLiteValue.quoteIdentifier(column)
        }
    }

    /// Runs `body` all or nothing; outside a transaction, in one that holds the write lock from
    /// the start, since `body` reads the schema before it writes (see `writeAtomically`).
    private func atomically(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        try connection.writeAtomically(body)
    }

    /// Rebuilds a table in a new form (steps 3 to 10 of SQLite's procedure; the caller turns
    /// foreign keys off, holds the savepoint and checks foreign keys). A renamed column that
    /// other tables' foreign keys name is renamed there too, by rebuilding those tables, as
    /// SQLite's own `RENAME COLUMN` rewrites them.
    private func rebuild(table: String, applying operation: Operation) throws(SQLiteError) {
        switch operation {
        case .dropColumn(let column): try rebuild(table: table, change: .drop(column))
        case .renameColumn(let old, let new): try rebuild(table: table, change: .rename(old, to: new))
        default: throw SQLiteError(code: SQLITE_MISUSE, details: "this change does not need a table rebuild")
        }
    }

    /// The foreign key errors of a table and of the tables whose foreign keys point into it.
    private func foreignKeyErrors(around table: String) throws(SQLiteError) -> [ForeignKeyError] {
        var tables = [table]
        for other in try reader.objectDefinitions(type: .table) where !other.name.hasPrefix("sqlite_") {
            if try reader.foreignKeys(table: other.name).contains(where: { SQLIdentifier.equal($0.toTable, table) }),
                !tables.contains(where: { SQLIdentifier.equal($0, other.name) })
            {
                tables.append(other.name)
            }
        }
        var errors: [ForeignKeyError] = []
        for name in tables { errors += try connection.foreignKeyCheck(table: name) }
        return errors
    }

    private func rebuild(table: String, change: TableRebuild.Change) throws(SQLiteError) {
        // Every plan is made (and every refusal raised) before the first statement runs.
        let plan = try TableRebuild(reader: reader, table: table, change: change, editText: editsDefinitionText)
        try plan.checkRows(on: connection)
        var steps = plan.statements()
        if case .rename(let old, let new) = change {
            for child in plan.referencingTables {
                let retarget = TableRebuild.Change.retarget(parent: table, old: old, new: new)
                steps += try TableRebuild(reader: reader, table: child, change: retarget, editText: editsDefinitionText)
                    .statements()
            }
        }
        // The final rename must not re-check views and triggers that name the dropped table:
        // legacy_alter_table leaves them as they are, which is what the procedure wants.
        let legacy: Int64? = try connection.get(pragma: "legacy_alter_table")
        try connection.exec("PRAGMA legacy_alter_table = ON")
        defer { try? connection.exec("PRAGMA legacy_alter_table = \(legacy ?? 0)") }
        for sql in steps {
            do {
                try connection.execute(sql: sql)
            } catch {
                // A constraint the checks could not foresee names the rebuild's table: name the table.
                throw SQLiteError(
                    code: error.code.rawValue, message: error.message.replacingOccurrences(of: plan.temporaryName, with: table),
                    details: error.details?.replacingOccurrences(of: plan.temporaryName, with: table), sql: error.sql,
                    offset: error.offset)
            }
        }
    }
}
