import SlateCore

/// The statements that rebuild a table in a new form (renamed or dropped column), following
/// https://sqlite.org/lang_altertable.html#otheralter: create `slate_rebuild_<table>` in the
/// desired form, copy the rows, drop the old table, rename the new one, recreate indexes and
/// triggers.
///
/// The new form is the table's original `CREATE TABLE` text with the column renamed or removed
/// where ``TableSQL`` finds it named (never a type name, a default, a string or another table's
/// column that happens to be spelled the same); indexes and triggers are edited the same way.
/// A change that would leave a definition, index, view, trigger or another table's foreign key
/// naming a column that is gone is refused with an error naming it, before anything runs.
struct TableRebuild {
    /// What the rebuild changes.
    enum Change {
        /// Drop a column.
        case drop(String)
        /// Rename a column.
        case rename(String, to: String)
        /// Point this table's foreign keys to `parent(old)` at `parent(new)`: the table refers to
        /// a column that the parent's own rebuild renamed.
        case retarget(parent: String, old: String, new: String)
        /// Change declared types, `NOT NULL`, defaults, the primary key or the column order.
        case reshape(ColumnChanges)
    }

    let table: String
    let columns: [ColumnDefinition]
    /// Old column name → new column name, for the columns that survive.
    let kept: [(old: String, new: String)]
    let primaryKey: [String]
    let primaryKeyConflict: String?
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
    /// Tables whose foreign keys name the renamed column: each needs a ``Change/retarget(parent:old:new:)``
    /// rebuild after this one.
    let referencingTables: [String]
    /// The name under which the copy reads and writes the rowid (`rowid`, or `_rowid_` or `oid`
    /// when a column is named `rowid`), so that every row keeps its rowid; `nil` for a
    /// `WITHOUT ROWID` table, or when columns take all three names.
    let rowidName: String?
    /// The table's `AUTOINCREMENT` counter before the rebuild, written back after it: the copy
    /// would otherwise leave it at the largest rowid copied, handing deleted ids out again.
    let sequence: Int64?
    /// For a table regenerated from its column definitions: its generated columns and its `CHECK`
    /// table constraints, as written (edited for the change), which no pragma reports.
    let writtenDefinitions: [String]
    let writtenConstraints: [String]
    /// For a ``Change/reshape(_:)``: the changes, with the columns spelled as the table spells
    /// them, and the table's columns and primary key before them, which the rows are checked
    /// against (``checkRows(on:)``).
    let columnChanges: ColumnChanges?
    let originalColumns: [ColumnDefinition]
    let originalKey: [String]

    init(reader: SchemaReader, table: String, change: Change, editText: Bool = true) throws(SQLiteError) {
        var change = change
        self.table = table
        let oldColumns = try reader.columnDefinitions(table: table)
        let names = oldColumns.map(\.name)
        let createSQL = try reader.createTableSQL(table) ?? ""
        let temporary = try reader.isTemporary(table)
        schemaPrefix = temporary ? "\"temp\"." : ""
        let text = editText ? TableSQL(createSQL, table: table) : nil
        withoutRowid =
            text.map { Self.isWithoutRowid($0.suffix) }
            ?? (createSQL.range(of: "WITHOUT ROWID", options: .caseInsensitive) != nil)

        // What happens to each column name (nil: dropped), and to foreign keys' target columns.
        var rename: (String) -> String? = { $0 }
        var retarget: (ColumnDefinition.ForeignKey) -> ColumnDefinition.ForeignKey = { $0 }
        let keyRows = try reader.primaryKeyColumns(table: table)
        var referencingTables: [String] = []
        switch change {
        case .drop(let column):
            guard let column = names.first(where: { SQLIdentifier.equal($0, column) }) else {
                throw Self.noSuchColumn(column, table)
            }
            guard names.count > 1 else {
                throw SQLiteError(code: SQLITE_ERROR, details: "cannot drop column \(column): no other columns exist")
            }
            // Another table's foreign key to the column (or to the key it is) would point nowhere.
            for (child, key) in try Self.foreignKeys(into: table, reader: reader)
            where key.toColumn.map({ SQLIdentifier.equal($0, column) })
                ?? (keyRows.count == 1 && SQLIdentifier.equal(keyRows[0], column))
            {
                throw SQLiteError(
                    code: SQLITE_ERROR,
                    details: "cannot drop column \(column): referenced by a foreign key of table \(child)")
            }
            rename = { SQLIdentifier.equal($0, column) ? nil : $0 }
        case .rename(let old, let new):
            guard let old = names.first(where: { SQLIdentifier.equal($0, old) }) else { throw Self.noSuchColumn(old, table) }
            guard !names.contains(where: { SQLIdentifier.equal($0, new) }) || SQLIdentifier.equal(old, new) else {
                throw SQLiteError(code: SQLITE_ERROR, message: "duplicate column name: \(new)")
            }
            rename = { SQLIdentifier.equal($0, old) ? new : $0 }
            retarget = Self.retargeting(parent: table, old: old, new: new)
            for (child, key) in try Self.foreignKeys(into: table, reader: reader)
            where key.toColumn.map({ SQLIdentifier.equal($0, old) }) ?? false
                && !referencingTables.contains(where: { SQLIdentifier.equal($0, child) })
            {
                referencingTables.append(child)
            }
        case .retarget(let parent, let old, let new):
            retarget = Self.retargeting(parent: parent, old: old, new: new)
        case .reshape:
            break
        }
        self.referencingTables = referencingTables

        // The text, parsed even when it is not edited: a regenerated table takes from it the
        // clauses that no pragma reports.
        let parsed = TableSQL(createSQL, table: table).flatMap { Self.sameColumns($0, names) ? $0 : nil }
        let generatedNames = parsed?.definitions.filter(\.isGenerated).compactMap(\.column) ?? []
        var columnChanges: ColumnChanges?
        if case .reshape(let changes) = change {
            let resolved = try changes.resolved(against: names + generatedNames, table: table)
            columnChanges = resolved
            change = .reshape(resolved)
        }
        let changesKey = columnChanges?.changesPrimaryKey(from: keyRows) ?? false
        self.columnChanges = columnChanges
        originalColumns = oldColumns
        originalKey = keyRows
        var columns: [ColumnDefinition] = []
        var kept: [(old: String, new: String)] = []
        for column in oldColumns {
            guard let newName = rename(column.name) else { continue }
            var renamed = column.renamed(newName, references: column.references.map(retarget))
            if let definition = parsed?.definitions.first(where: {
                !$0.isGenerated && $0.column.map { SQLIdentifier.equal($0, column.name) } == true
            }) {
                renamed.writtenClauses = try Self.writtenClauses(of: definition, change: change)
            }
            columns.append(renamed)
            kept.append((column.name, newName))
        }
        if let columnChanges {
            columns = columnChanges.ordered(columnChanges.apply(to: columns, currentKey: keyRows), name: \.name)
            kept = columnChanges.ordered(kept) { $0.new }
        }
        self.columns = columns
        self.kept = kept
        var writtenDefinitions: [String] = []
        var writtenConstraints: [String] = []
        for definition in parsed?.definitions ?? [] {
            if definition.isGenerated, let name = definition.column {
                guard rename(name) != nil else { continue }
                writtenDefinitions.append(try Self.edited(definition, change: change, dropsWithIt: false))
            } else if definition.column == nil, Self.isCheckConstraint(definition) {
                // A CHECK on a dropped column goes with it, as the edited text's does.
                if case .drop(let column) = change, !definition.roles(of: column).isEmpty { continue }
                writtenConstraints.append(try Self.edited(definition, change: change, dropsWithIt: true))
            }
        }
        self.writtenDefinitions = writtenDefinitions
        self.writtenConstraints = writtenConstraints
        let taken = names + kept.map(\.new) + generatedNames
        rowidName =
            withoutRowid
            ? nil : ["rowid", "_rowid_", "oid"].first { alias in !taken.contains { SQLIdentifier.equal($0, alias) } }
        // A new primary key loses AUTOINCREMENT, and with it the counter.
        sequence = changesKey ? nil : try reader.autoincrementSequence(table, temp: temporary)

        // A composite primary key is a table constraint.
        if changesKey, let newKey = columnChanges?.primaryKey {
            primaryKey = newKey.count > 1 ? newKey : []
            primaryKeyConflict = nil
        } else {
            primaryKey = keyRows.count > 1 ? keyRows.compactMap(rename) : []
            primaryKeyConflict = oldColumns.lazy.compactMap(\.primaryKey).first?.onConflict?.rawValue
        }
        if !changesKey && keyRows.count > 1 && primaryKey.count != keyRows.count {
            throw SQLiteError(code: SQLITE_ERROR, details: "cannot drop column \(keyRows.joined(separator: ", ")): PRIMARY KEY")
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
                    retarget(
                        ColumnDefinition.ForeignKey(
                            fromColumn: $0, toTable: key.toTable, toColumn: key.toColumn, onUpdate: key.onUpdate,
                            onDelete: key.onDelete))
                }
            }
            return renamed.count == keys.count ? renamed : nil
        }

        // Explicit indexes, edited where they use the column: renamed with it, or dropped with it.
        var indexSQL: [String] = []
        for index in indexes where index.origin == .createIndex {
            guard let sql = try reader.objectSQL(name: index.name, type: .index) else { continue }
            switch change {
            case .rename(let old, let new):
                if let parsed = IndexSQL(sql, table: table) {
                    indexSQL.append(parsed.renaming(old, to: new))
                } else {
                    indexSQL.append(index.renamingColumn(old, to: new).toSQL())
                }
            case .drop(let column):
                if !Self.index(index, sql: sql, table: table, uses: column) { indexSQL.append(sql) }
            case .retarget, .reshape:
                indexSQL.append(sql)
            }
        }
        self.indexes = indexSQL

        if let text, Self.sameColumns(text, names) {
            editedDefinitions = try Self.edit(text, table: table, change: change)
            originalSuffix = text.suffix
        } else {
            editedDefinitions = nil
            originalSuffix = nil
        }
        triggers = try Self.dependents(reader: reader, table: table, change: change, temporary: temporary)
    }

    // MARK: Editing the table's text

    /// Whether the text's column definitions are the table's columns (else it is regenerated).
    /// Generated columns are not compared: `PRAGMA table_info` leaves them out.
    private static func sameColumns(_ text: TableSQL, _ names: [String]) -> Bool {
        let written = text.definitions.filter { !$0.isGenerated }.compactMap(\.column)
        return written.count == names.count && zip(written, names).allSatisfy { SQLIdentifier.equal($0, $1) }
    }

    /// The definitions of the new form.
    private static func edit(_ text: TableSQL, table: String, change: Change) throws(SQLiteError) -> [String] {
        if case .reshape(let changes) = change { return changes.edit(text) }
        var edited: [String] = []
        for definition in text.definitions {
            switch change {
            case .drop(let column):
                if let name = definition.column, SQLIdentifier.equal(name, column) { continue }
                let roles = definition.roles(of: column)
                if roles.isEmpty {
                    edited.append(definition.text)
                } else if let other = definition.column {
                    // A column that uses it (CHECK, generated, a foreign key to it) would break,
                    // as SQLite's own DROP COLUMN refuses.
                    throw SQLiteError(code: SQLITE_ERROR, details: "cannot drop column \(column): used by column \(other)")
                } else if roles.contains(.constrained) || roles.contains(.expression) {
                    // A table constraint on the dropped column goes with it.
                    continue
                } else {
                    throw SQLiteError(
                        code: SQLITE_ERROR,
                        details: "cannot drop column \(column): referenced by a foreign key of table \(table)")
                }
            case .rename(let old, let new):
                edited.append(definition.renaming(old, to: new))
            case .retarget(let parent, let old, let new):
                edited.append(retargeting(definition, parent: parent, old: old, new: new))
            case .reshape:
                edited.append(definition.text)
            }
        }
        return edited
    }

    /// A definition whose `REFERENCES parent (old)` now names `new`.
    private static func retargeting(_ definition: TableSQL.Definition, parent: String, old: String, new: String)
        -> String
    {
        let tokens = definition.tokens
        var pieces = tokens.map(\.source)
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].isKeyword("REFERENCES"), index + 2 < tokens.count,
                let target = tokens[index + 1].name, SQLIdentifier.equal(target, parent),
                tokens[index + 2].isPunctuation("(")
            else { continue }
            var position = index + 3
            while position < tokens.count, !tokens[position].isPunctuation(")") {
                if let name = tokens[position].name, SQLIdentifier.equal(name, old) {
                    pieces[position] = tokens[position].leading + SQLiteValue.quoteIdentifier(new)
                }
                position += 1
            }
        }
        return pieces.joined().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A column's `COLLATE`, `CHECK` and generated clauses as written, edited for the change;
    /// throws when one uses a dropped column, as the edited text does.
    private static func writtenClauses(of definition: TableSQL.Definition, change: Change) throws(SQLiteError)
        -> [String]
    {
        if case .drop(let column) = change, definition.roles(of: column).contains(where: { $0 != .head }),
            let other = definition.column
        {
            throw SQLiteError(code: SQLITE_ERROR, details: "cannot drop column \(column): used by column \(other)")
        }
        var pieces = definition.tokens.map(\.source)
        if case .rename(let old, let new) = change {
            for reference in definition.references where reference.role != .head && SQLIdentifier.equal(reference.name, old) {
                pieces[reference.index] = definition.tokens[reference.index].leading + SQLiteValue.quoteIdentifier(new)
            }
        }
        let tokens = definition.tokens
        func text(_ range: Range<Int>) -> String {
            pieces[range].joined().trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var clauses: [String] = []
        var cursor = TableSQL.Cursor(tokens: tokens, index: 1)
        var named: Int?  // where `CONSTRAINT name` began, for the constraint that follows it
        while let token = cursor.current {
            let start = named ?? cursor.index
            if token.isKeyword("CONSTRAINT") {
                named = cursor.index
                cursor.advance(2)
                continue
            }
            named = nil
            if token.isKeyword("COLLATE") {
                cursor.advance(2)
                clauses.append(text(start..<cursor.index))
            } else if token.isKeyword("CHECK") || token.isKeyword("GENERATED") || token.isKeyword("AS") {
                while let next = cursor.current, !next.isPunctuation("(") { cursor.advance() }
                cursor.skipParenthesized()
                if cursor.current?.isKeyword("STORED") == true || cursor.current?.isKeyword("VIRTUAL") == true {
                    cursor.advance()
                }
                clauses.append(text(start..<cursor.index))
            } else if token.isPunctuation("(") {
                cursor.skipParenthesized()  // a type's size, a DEFAULT (…), a foreign key's columns
            } else {
                cursor.advance()
            }
        }
        return clauses
    }

    /// A generated column or `CHECK` table constraint as written, edited for the change.
    private static func edited(_ definition: TableSQL.Definition, change: Change, dropsWithIt: Bool)
        throws(SQLiteError) -> String
    {
        switch change {
        case .drop(let column):
            if !dropsWithIt, !definition.roles(of: column).isEmpty, let other = definition.column {
                throw SQLiteError(code: SQLITE_ERROR, details: "cannot drop column \(column): used by column \(other)")
            }
            return definition.text
        case .rename(let old, let new):
            return definition.renaming(old, to: new)
        case .retarget, .reshape:
            return definition.text
        }
    }

    /// Whether a table constraint is a `CHECK` (possibly named).
    private static func isCheckConstraint(_ definition: TableSQL.Definition) -> Bool {
        let words = definition.tokens.filter { $0.kind == .word }
        guard let first = words.first else { return false }
        if first.isKeyword("CHECK") { return true }
        return first.isKeyword("CONSTRAINT") && definition.tokens.count > 2 && definition.tokens[2].isKeyword("CHECK")
    }

    private static func isWithoutRowid(_ suffix: String) -> Bool {
        let words = SQLTokenizer(suffix).tokens.filter { $0.kind == .word }
        return zip(words, words.dropFirst()).contains { $0.isKeyword("WITHOUT") && $1.isKeyword("ROWID") }
    }

    // MARK: Statements

    /// Checks, for a ``Change/reshape(_:)``, that the rows can take the changes (see
    /// ``ColumnChanges/check(connection:table:source:columns:currentKey:rowid:)``).
    func checkRows(on connection: Connection) throws(SQLiteError) {
        try columnChanges?.check(
            connection: connection, table: table, source: schemaPrefix + SQLiteValue.quoteIdentifier(table),
            columns: originalColumns, currentKey: originalKey, rowid: rowidName)
    }

    /// The new table's name while both tables exist.
    var temporaryName: String { "slate_rebuild_" + table }

    /// `CREATE TABLE` for the new form.
    var createSQL: String {
        let name = "CREATE TABLE " + schemaPrefix + SQLiteValue.quoteIdentifier(temporaryName)
        if let editedDefinitions, let originalSuffix {
            return name + " (" + editedDefinitions.joined(separator: ", ") + ")" + originalSuffix
        }
        // Columns of a composite key carry it only as the table constraint below.
        var definitions = columns.map { primaryKey.isEmpty ? $0.sql : $0.withoutPrimaryKey.sql } + writtenDefinitions
        if !primaryKey.isEmpty {
            definitions.append(
                "PRIMARY KEY(" + primaryKey.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")"
                    + (primaryKeyConflict.map { " ON CONFLICT " + $0 } ?? ""))
        }
        for unique in uniqueConstraints {
            definitions.append("UNIQUE(" + unique.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")")
        }
        for keys in compositeForeignKeys {
            guard let first = keys.first else { continue }
            var sql =
                "FOREIGN KEY(" + keys.map { SQLiteValue.quoteIdentifier($0.fromColumn) }.joined(separator: ", ")
                + ") REFERENCES " + SQLiteValue.quoteIdentifier(first.toTable)
            let targets = keys.compactMap(\.toColumn)
            if targets.count == keys.count {
                sql += "(" + targets.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")"
            }
            if let onUpdate = first.onUpdate { sql += " ON UPDATE " + onUpdate }
            if let onDelete = first.onDelete { sql += " ON DELETE " + onDelete }
            definitions.append(sql)
        }
        definitions += writtenConstraints
        return name + " (" + definitions.joined(separator: ", ") + ")" + (withoutRowid ? " WITHOUT ROWID" : "")
    }

    /// Every statement of the rebuild, in order.
    func statements() -> [String] {
        // The rowid is copied with the columns (an INTEGER PRIMARY KEY column is the same value).
        let rowid = rowidName.map { [$0] } ?? []
        let target = (rowid + kept.map { SQLiteValue.quoteIdentifier($0.new) }).joined(separator: ", ")
        let source = (rowid + kept.map { SQLiteValue.quoteIdentifier($0.old) }).joined(separator: ", ")
        let quotedTable = schemaPrefix + SQLiteValue.quoteIdentifier(table)
        let newTable = schemaPrefix + SQLiteValue.quoteIdentifier(temporaryName)
        var statements = [
            createSQL,
            "INSERT INTO " + newTable + " (" + target + ") SELECT " + source + " FROM " + quotedTable,
            "DROP TABLE " + quotedTable,
            "ALTER TABLE " + newTable + " RENAME TO " + SQLiteValue.quoteIdentifier(table)
        ]
        if let sequence {
            // The copy set the new table's counter to its largest rowid (or left none, for an
            // empty table), and the drop removed the old one's: restore it exactly.
            let sequences = schemaPrefix + "sqlite_sequence"
            statements += [
                "DELETE FROM " + sequences + " WHERE name = " + SQLiteValue.quote(table),
                "INSERT INTO " + sequences + " (name, seq) VALUES (" + SQLiteValue.quote(table) + ", \(sequence))"
            ]
        }
        return statements + indexes + triggers
    }
}
