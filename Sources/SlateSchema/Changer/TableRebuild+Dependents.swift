import SlateCore

// The objects around a rebuilt table: its indexes, the foreign keys that name it, and the views
// and triggers that would be left naming a column the rebuild removes.
extension TableRebuild {
    /// The explicit indexes (`CREATE INDEX`) of a table that use a column, by name: the ones a
    /// dropped column takes with it.
    static func indexes(using column: String, of table: String, reader: SchemaReader) throws(SQLiteError) -> [String] {
        var names: [String] = []
        for index in try reader.indexDefinitions(table: table) where index.origin == .createIndex {
            if let sql = try reader.objectSQL(name: index.name, type: .index),
                Self.index(index, sql: sql, table: table, uses: column)
            {
                names.append(index.name)
            }
        }
        return names
    }

    /// Whether an index uses a column: in its columns, its expressions or its `WHERE` condition.
    static func index(_ index: IndexDefinition, sql: String, table: String, uses column: String) -> Bool {
        IndexSQL(sql, table: table)?.uses(column) ?? index.columns.contains { SQLIdentifier.equal($0, column) }
    }

    /// The foreign keys of other tables (main and temp) that point into `table`.
    static func foreignKeys(into table: String, reader: SchemaReader) throws(SQLiteError)
        -> [(table: String, key: ColumnDefinition.ForeignKey)]
    {
        var result: [(table: String, key: ColumnDefinition.ForeignKey)] = []
        let tables = try reader.objectDefinitions(type: .table) + reader.objectDefinitions(type: .table, temp: true)
        for other in tables where !other.name.hasPrefix("sqlite_") && !SQLIdentifier.equal(other.name, table) {
            for key in try reader.foreignKeys(table: other.name) where SQLIdentifier.equal(key.toTable, table) {
                result.append((other.name, key))
            }
        }
        return result
    }

    static func retargeting(parent: String, old: String, new: String)
        -> (ColumnDefinition.ForeignKey) -> ColumnDefinition.ForeignKey
    {
        { key in
            guard SQLIdentifier.equal(key.toTable, parent), let to = key.toColumn, SQLIdentifier.equal(to, old) else {
                return key
            }
            return ColumnDefinition.ForeignKey(
                fromColumn: key.fromColumn, toTable: key.toTable, toColumn: new, onUpdate: key.onUpdate,
                onDelete: key.onDelete)
        }
    }

    /// The table's triggers to recreate, edited for the change; throws when a view or trigger
    /// (of any table) names a column the change takes away in a way that cannot be rewritten.
    static func dependents(reader: SchemaReader, table: String, change: Change, temporary: Bool)
        throws(SQLiteError) -> [String]
    {
        let triggers = try reader.objectDefinitions(type: .trigger, temp: temporary).filter {
            SQLIdentifier.equal($0.tableName, table)
        }
        let column: String
        switch change {
        case .drop(let dropped): column = dropped
        case .rename(let old, _): column = old
        case .retarget, .reshape: return triggers.compactMap(\.sql)
        }
        try refuseViewsAndOtherTriggers(using: column, of: table, change: change, reader: reader, triggers: true)
        var recreated: [String] = []
        for trigger in triggers {
            let uses = DependentSQL(trigger, table: table, column: column)
            guard uses.usesColumn else {
                if let sql = trigger.sql { recreated.append(sql) }
                continue
            }
            guard case .rename(_, let new) = change, uses.ambiguous.isEmpty else {
                throw refusal(change, table: table, column: column, by: uses)
            }
            recreated.append(uses.renaming(to: new))
        }
        return recreated
    }

    /// Throws when a view (or, with `triggers`, a trigger on another table) names the column.
    ///
    /// SQLite's own `DROP COLUMN` checks triggers but leaves a view that names the dropped
    /// column in place, failing only when the view is next read; the changer calls this before
    /// it too.
    static func refuseViewsAndOtherTriggers(
        using column: String, of table: String, change: Change, reader: SchemaReader, triggers: Bool
    ) throws(SQLiteError) {
        var others: [ObjectDefinition] = []
        for temp in [false, true] {
            others += try reader.objectDefinitions(type: .view, temp: temp)
            if triggers {
                others += try reader.objectDefinitions(type: .trigger, temp: temp).filter {
                    !SQLIdentifier.equal($0.tableName, table)
                }
            }
        }
        for other in others {
            let uses = DependentSQL(other, table: table, column: column)
            if uses.usesColumn { throw refusal(change, table: table, column: column, by: uses) }
        }
    }

    static func refusal(_ change: Change, table: String, column: String, by object: DependentSQL) -> SQLiteError {
        let action: String
        switch change {
        case .rename: action = "rename"
        default: action = "drop"
        }
        return SQLiteError(
            code: SQLITE_ERROR,
            details: "cannot \(action) column \(column) of \(table): \(object.label) names it; "
                + "drop the \(object.kind.rawValue), change the column, then create it again")
    }

    static func noSuchColumn(_ column: String, _ table: String) -> SQLiteError {
        SQLiteError(code: SQLITE_ERROR, message: "no such column: \(column)", details: "no such column: \(column) in table \(table)")
    }
}
