/// The statements that rebuild a table in a new form (renamed or dropped column), following
/// https://sqlite.org/lang_altertable.html#otheralter: create `slate_rebuild_<table>` in the
/// desired form, copy the rows, drop the old table, rename the new one, recreate indexes and
/// triggers.
struct TableRebuild {
    let table: String
    let columns: [ColumnDefinition]
    /// Old column name → new column name, for the columns that survive.
    let kept: [(old: String, new: String)]
    let primaryKey: [String]
    let uniqueConstraints: [[String]]
    let compositeForeignKeys: [[ColumnDefinition.ForeignKey]]
    let indexes: [String]
    let triggers: [String]
    let withoutRowid: Bool
    /// The definitions edited from the original `CREATE TABLE` text, which keeps everything
    /// SQLite reports nowhere else (`CHECK`, `COLLATE`, generated columns); `nil` when the text
    /// could not be read, and the table is regenerated from its column definitions instead.
    let editedDefinitions: [String]?
    /// The text after the column list of the original statement (`WITHOUT ROWID`, `STRICT`).
    let originalSuffix: String?
    /// `"temp".` for a temporary table, so the rebuilt table stays in its schema; else empty.
    let schemaPrefix: String

    init(reader: SchemaReader, table: String, operation: SchemaChanger.Operation, editText: Bool = true)
        throws(SQLiteError)
    {
        self.table = table
        let oldColumns = try reader.columnDefinitions(table: table)
        let names = oldColumns.map(\.name)
        let createSQL = try reader.createTableSQL(table) ?? ""
        withoutRowid = createSQL.range(of: "WITHOUT ROWID", options: .caseInsensitive) != nil
        let temporary = try reader.isTemporary(table)
        schemaPrefix = temporary ? "\"temp\"." : ""

        // What happens to each column name: nil means dropped.
        var rename: (String) -> String? = { $0 }
        switch operation {
        case .dropColumn(let column):
            guard names.contains(column) else { throw Self.noSuchColumn(column, table) }
            guard names.count > 1 else {
                throw SQLiteError(code: SQLITE_ERROR, message: "cannot drop column \(column): no other columns exist")
            }
            rename = { $0 == column ? nil : $0 }
        case .renameColumn(let old, let new):
            guard names.contains(old) else { throw Self.noSuchColumn(old, table) }
            guard !names.contains(new) else {
                throw SQLiteError(code: SQLITE_ERROR, message: "duplicate column name: \(new)")
            }
            rename = { $0 == old ? new : $0 }
        default:
            throw SQLiteError(code: SQLITE_MISUSE, message: "this change does not need a table rebuild")
        }

        var columns: [ColumnDefinition] = []
        var kept: [(old: String, new: String)] = []
        for column in oldColumns {
            guard let newName = rename(column.name) else { continue }
            columns.append(column.renamed(newName))
            kept.append((column.name, newName))
        }
        self.columns = columns
        self.kept = kept

        // A composite primary key is a table constraint (columns carry a single-column key).
        let keyRows = try reader.primaryKeyColumns(table: table)
        primaryKey = keyRows.count > 1 ? keyRows.compactMap(rename) : []
        if keyRows.count > 1 && primaryKey.count != keyRows.count {
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot drop column \(keyRows.joined(separator: ", ")): PRIMARY KEY")
        }

        let indexes = try reader.indexDefinitions(table: table)
        uniqueConstraints = indexes.filter { $0.origin == .uniqueConstraint && $0.columns.count > 1 }
            .compactMap { index in
                let columns = index.columns.compactMap(rename)
                return columns.count == index.columns.count ? columns : nil
            }

        let foreignKeys = Dictionary(grouping: try reader.foreignKeyRows(table: table), by: \.id)
            .sorted { $0.key < $1.key }.map { $0.value.map(\.key) }
        compositeForeignKeys = foreignKeys.filter { $0.count > 1 }.compactMap { keys in
            let renamed = keys.compactMap { key in
                rename(key.fromColumn).map {
                    ColumnDefinition.ForeignKey(
                        fromColumn: $0, toTable: key.toTable, toColumn: key.toColumn, onUpdate: key.onUpdate,
                        onDelete: key.onDelete)
                }
            }
            return renamed.count == keys.count ? renamed : nil
        }

        // Explicit indexes: kept as written unless they use a changed column; expression
        // indexes that use it cannot be rewritten and are left out.
        var indexSQL: [String] = []
        for index in indexes where index.origin == .createIndex {
            let touched = index.columns.contains { rename($0) != $0 }
            if !touched {
                if let sql = try reader.objectSQL(name: index.name, type: .index) {
                    indexSQL.append(sql)
                }
            } else if case .renameColumn(let old, let new) = operation {
                indexSQL.append(index.renamingColumn(old, to: new).toSQL())
            }
        }
        self.indexes = indexSQL

        if editText, let text = CreateTableText(createSQL),
            Set(text.definitions.compactMap { $0.column?.lowercased() }) == Set(names.map { $0.lowercased() })
        {
            var edited: [String] = []
            for definition in text.definitions {
                switch operation {
                case .dropColumn(let column):
                    if definition.column?.lowercased() == column.lowercased() { continue }
                    if CreateTableText.mentions(definition.text, column) {
                        // A table constraint on the dropped column goes with it; a column that
                        // uses it (CHECK, generated) would be broken, as SQLite itself refuses.
                        guard let other = definition.column else { continue }
                        throw SQLiteError(
                            code: SQLITE_ERROR, message: "cannot drop column \(column): used by column \(other)")
                    }
                    edited.append(definition.text)
                case .renameColumn(let old, let new):
                    edited.append(CreateTableText.renaming(definition.text, old, to: new))
                default:
                    edited.append(definition.text)
                }
            }
            editedDefinitions = edited
            originalSuffix = text.suffix
        } else {
            editedDefinitions = nil
            originalSuffix = nil
        }
        triggers = try reader.objectDefinitions(type: .trigger, temp: temporary).filter { $0.tableName == table }
            .compactMap(\.sql)
    }

    private static func noSuchColumn(_ column: String, _ table: String) -> SQLiteError {
        SQLiteError(code: SQLITE_ERROR, message: "no such column: \(column) in table \(table)")
    }

    /// The new table's name while both tables exist.
    var temporaryName: String { "slate_rebuild_" + table }

    /// `CREATE TABLE` for the new form.
    var createSQL: String {
        let name = "CREATE TABLE " + schemaPrefix + SQLiteValue.quoteIdentifier(temporaryName)
        if let editedDefinitions, let originalSuffix {
            return name + " (" + editedDefinitions.joined(separator: ", ") + ")" + originalSuffix
        }
        var definitions = columns.map(\.sql)
        if !primaryKey.isEmpty {
            definitions.append("PRIMARY KEY(" + primaryKey.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")")
        }
        for unique in uniqueConstraints {
            definitions.append("UNIQUE(" + unique.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")")
        }
        for keys in compositeForeignKeys {
            guard let first = keys.first else { continue }
            var sql = "FOREIGN KEY(" + keys.map { SQLiteValue.quoteIdentifier($0.fromColumn) }.joined(separator: ", ")
                + ") REFERENCES " + SQLiteValue.quoteIdentifier(first.toTable)
            let targets = keys.compactMap(\.toColumn)
            if targets.count == keys.count {
                sql += "(" + targets.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")"
            }
            if let onUpdate = first.onUpdate { sql += " ON UPDATE " + onUpdate }
            if let onDelete = first.onDelete { sql += " ON DELETE " + onDelete }
            definitions.append(sql)
        }
        return name + " (" + definitions.joined(separator: ", ") + ")" + (withoutRowid ? " WITHOUT ROWID" : "")
    }

    /// Every statement of the rebuild, in order.
    func statements() -> [String] {
        let target = kept.map { SQLiteValue.quoteIdentifier($0.new) }.joined(separator: ", ")
        let source = kept.map { SQLiteValue.quoteIdentifier($0.old) }.joined(separator: ", ")
        let quotedTable = schemaPrefix + SQLiteValue.quoteIdentifier(table)
        let newTable = schemaPrefix + SQLiteValue.quoteIdentifier(temporaryName)
        return [
            createSQL,
            "INSERT INTO " + newTable + " (" + target + ") SELECT " + source + " FROM " + quotedTable,
            "DROP TABLE " + quotedTable,
            "ALTER TABLE " + newTable + " RENAME TO " + SQLiteValue.quoteIdentifier(table),
        ] + indexes + triggers
    }
}
