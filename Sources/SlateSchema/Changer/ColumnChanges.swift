import SlateCore

/// Changes to a table's columns that SQLite's `ALTER TABLE` cannot make — declared types,
/// `NOT NULL`, defaults, the primary key and the column order — made together by one table
/// rebuild (``SchemaChanger/AlterTableDefinition/change(column:type:)`` and its siblings).
///
/// The rows are checked before the rebuild copies them, so that a change the data cannot take
/// fails with an error naming the column, the value and its row rather than SQLite's message
/// about the rebuild's temporary table: see ``check(connection:table:source:columns:currentKey:rowid:)``.
struct ColumnChanges {
    /// A change to one column.
    struct Entry<Value> {
        let column: String
        let value: Value
    }

    /// New declared types, by column.
    private(set) var types: [Entry<ColumnDefinition.Affinity>] = []
    /// Whether each named column accepts `NULL` from now on.
    private(set) var nullability: [Entry<Bool>] = []
    /// New default values (`.NULL`: none), by column.
    private(set) var defaults: [Entry<LiteralValue>] = []
    /// The new primary key's columns (empty: none), when it is set.
    var primaryKey: [String]?
    /// The columns to put first, in this order; the others follow in their order.
    var order: [String]?

    mutating func setType(_ type: ColumnDefinition.Affinity, of column: String) {
        Self.set(&types, column, type)
    }

    mutating func setNullable(_ nullable: Bool, of column: String) {
        Self.set(&nullability, column, nullable)
    }

    mutating func setDefault(_ value: LiteralValue, of column: String) {
        Self.set(&defaults, column, value)
    }

    /// Replaces the entry for `column` (a later change of the same column wins), or appends one.
    private static func set<Value>(_ list: inout [Entry<Value>], _ column: String, _ value: Value) {
        list.removeAll { SQLIdentifier.equal($0.column, column) }
        list.append(Entry(column: column, value: value))
    }

    func type(of column: String) -> ColumnDefinition.Affinity? {
        types.last { SQLIdentifier.equal($0.column, column) }?.value
    }

    func nullable(_ column: String) -> Bool? {
        nullability.last { SQLIdentifier.equal($0.column, column) }?.value
    }

    func defaultValue(of column: String) -> LiteralValue? {
        defaults.last { SQLIdentifier.equal($0.column, column) }?.value
    }

    // MARK: Names

    /// The changes with every column spelled as the table spells it.
    ///
    /// - Parameters:
    ///   - names: The table's columns (generated ones too).
    ///   - table: The table's name, for messages.
    /// - Throws: `SQLiteError` for a column the table lacks, or one named twice in the primary
    ///   key or the column order.
    func resolved(against names: [String], table: String) throws(SQLiteError) -> ColumnChanges {
        func resolve(_ column: String) throws(SQLiteError) -> String {
            guard let name = names.first(where: { SQLIdentifier.equal($0, column) }) else {
                throw SQLiteError(
                    code: SQLITE_ERROR, message: "no such column: \(column)",
                    details: "no such column: \(column) in table \(table)")
            }
            return name
        }
        func resolveList(_ columns: [String], _ what: String) throws(SQLiteError) -> [String] {
            var result: [String] = []
            for column in columns {
                let name = try resolve(column)
                guard !result.contains(where: { SQLIdentifier.equal($0, name) }) else {
                    throw SQLiteError(code: SQLITE_ERROR, details: "column \(name) is named twice in the \(what)")
                }
                result.append(name)
            }
            return result
        }
        var resolved = ColumnChanges()
        for entry in types { resolved.setType(entry.value, of: try resolve(entry.column)) }
        for entry in nullability { resolved.setNullable(entry.value, of: try resolve(entry.column)) }
        for entry in defaults { resolved.setDefault(entry.value, of: try resolve(entry.column)) }
        if let primaryKey { resolved.primaryKey = try resolveList(primaryKey, "primary key") }
        if let order { resolved.order = try resolveList(order, "column order") }
        return resolved
    }

    /// Whether the primary key changes from `current` (an unchanged key keeps its
    /// `AUTOINCREMENT`, `ON CONFLICT` and sort order).
    func changesPrimaryKey(from current: [String]) -> Bool {
        guard let primaryKey else { return false }
        return primaryKey.count != current.count || !zip(primaryKey, current).allSatisfy { SQLIdentifier.equal($0, $1) }
    }

    /// `items` in the new column order: the named columns first, in the order given, then the
    /// others in their order.
    func ordered<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        guard let order else { return items }
        let first = order.compactMap { column in items.first { SQLIdentifier.equal(name($0), column) } }
        let rest = items.filter { item in !order.contains { SQLIdentifier.equal(name(item), $0) } }
        return first + rest
    }

    // MARK: The new table

    /// The definitions of the new form, edited from the table's `CREATE TABLE` text: each
    /// changed clause is replaced where it is written, and everything else is kept as written.
    func edit(_ text: TableSQL) -> [String] {
        let changesKey = changesPrimaryKey(from: text.primaryKey?.columns ?? [])
        var columns: [(name: String, text: String)] = []
        var constraints: [String] = []
        for definition in text.definitions {
            guard let name = definition.column else {
                // A PRIMARY KEY table constraint goes when the key changes.
                if !(changesKey && definition.primaryKey != nil) { constraints.append(definition.text) }
                continue
            }
            columns.append((name, editColumn(definition, name: name, changesKey: changesKey)))
        }
        if changesKey, let primaryKey, primaryKey.count > 1 {
            constraints.insert(Self.primaryKeyConstraint(primaryKey), at: 0)
        }
        return ordered(columns) { $0.name }.map { $0.text } + constraints
    }

    /// `PRIMARY KEY ("a", "b")`.
    static func primaryKeyConstraint(_ columns: [String]) -> String {
        "PRIMARY KEY (" + columns.map(SQLiteValue.quoteIdentifier).joined(separator: ", ") + ")"
    }

    private func editColumn(_ definition: TableSQL.Definition, name: String, changesKey: Bool) -> String {
        let tokens = definition.tokens
        var pieces = tokens.map(\.source)
        func remove(_ kinds: [TableSQL.ConstraintKind]) {
            for constraint in definition.constraints where kinds.contains(constraint.kind) {
                for index in constraint.range { pieces[index] = "" }
            }
        }
        if let type = type(of: name) {
            let range = definition.typeRange
            if range.isEmpty {
                pieces[range.lowerBound - 1] += " " + type.rawValue
            } else {
                pieces[range.lowerBound] = tokens[range.lowerBound].leading + type.rawValue
                for index in range.dropFirst() { pieces[index] = "" }
            }
        }
        var added: [String] = []
        if let nullable = nullable(name) {
            if nullable {
                remove([.notNull])
            } else if !definition.constraints.contains(where: { $0.kind == .notNull }) {
                remove([.null])
                added.append("NOT NULL")
            }
        }
        if let value = defaultValue(of: name) {
            remove([.defaultValue])
            if value != .NULL { added.append("DEFAULT " + SchemaSQL.parenthesizedDefault(value.description)) }
        }
        if changesKey {
            remove([.primaryKey])
            if let primaryKey, primaryKey.count == 1, SQLIdentifier.equal(primaryKey[0], name) {
                added.append("PRIMARY KEY")
            }
        }
        return (pieces + added.map { " " + $0 }).joined().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The column definitions of the new form, for a table regenerated from its column
    /// definitions rather than edited from its text.
    ///
    /// - Parameters:
    ///   - columns: The table's columns.
    ///   - currentKey: Its primary key's columns.
    /// - Returns: The columns; a new key on one column is its column's, a composite one none
    ///   of them (the rebuild writes it as a table constraint).
    func apply(to columns: [ColumnDefinition], currentKey: [String]) -> [ColumnDefinition] {
        let changesKey = changesPrimaryKey(from: currentKey)
        return columns.map { column in
            var key = column.primaryKey
            if changesKey {
                let single = primaryKey.map { $0.count == 1 && SQLIdentifier.equal($0[0], column.name) } ?? false
                key = single ? ColumnDefinition.PrimaryKey(autoIncrement: false) : nil
            }
            return column.changing(
                type: type(of: column.name), nullable: nullable(column.name),
                defaultValue: defaultValue(of: column.name), primaryKey: key)
        }
    }
}

extension ColumnChanges {
    /// Checks that the rows can take the changes, before the rebuild copies them: every value of
    /// a column whose type changes is held by the new type (``ColumnDefinition/Affinity/holds(_:on:)``),
    /// a new default too, a column made `NOT NULL` holds no `NULL`, and a new primary key's
    /// columns hold no `NULL` and no two rows share a key.
    ///
    /// - Parameters:
    ///   - connection: The connection.
    ///   - table: The table's name, for messages.
    ///   - source: The table as SQL (quoted, with its schema when it is temporary).
    ///   - columns: The table's columns as they are.
    ///   - currentKey: The table's primary key columns as they are.
    ///   - rowid: A name of the rowid, to say which row fails; `nil` for a `WITHOUT ROWID` table.
    /// - Throws: `SQLiteError` naming the column, the first value that fails and its row.
    func check(
        connection: Connection, table: String, source: String, columns: [ColumnDefinition], currentKey: [String],
        rowid: String?
    ) throws(SQLiteError) {
        let row = rowid ?? "NULL"
        for entry in types {
            let quoted = SQLiteValue.quoteIdentifier(entry.column)
            let check = StorageCheck(type: entry.value)
            if let mismatch = try check.firstMismatch(
                in: "SELECT " + row + " AS \"row\", " + quoted + " AS value FROM " + source, on: connection)
            {
                let count = mismatch.count == 1 ? "1 value" : "\(mismatch.count) values"
                throw SQLiteError(
                    code: SQLITE_MISMATCH,
                    details: "cannot change column \(entry.column) of \(table) to \(entry.value.rawValue): \(count) cannot be "
                        + "stored as \(entry.value.rawValue) without changing, the first \(Self.describe(mismatch.value))"
                        + Self.at(mismatch.row) + Self.hint(for: mismatch.value))
            }
        }
        for entry in defaults where entry.value != .NULL {
            let type =
                self.type(of: entry.column) ?? columns.first { SQLIdentifier.equal($0.name, entry.column) }?.type ?? .BLOB
            if let mismatch = try StorageCheck(type: type).firstMismatch(
                in: "SELECT NULL AS \"row\", " + entry.value.description + " AS value", on: connection)
            {
                throw SQLiteError(
                    code: SQLITE_MISMATCH,
                    details: "cannot give column \(entry.column) of \(table) the default \(Self.describe(mismatch.value)): "
                        + "\(type.rawValue) cannot store it without changing it")
            }
        }
        for entry in nullability where !entry.value {
            try refuseNulls(in: [entry.column], connection: connection, source: source, row: row) { count, first in
                "cannot make column \(entry.column) of \(table) NOT NULL: \(count) hold\(count == "1 row" ? "s" : "") NULL, "
                    + "the first \(first)"
            }
        }
        if let primaryKey, changesPrimaryKey(from: currentKey), !primaryKey.isEmpty {
            let key = primaryKey.count == 1 ? primaryKey[0] : "(" + primaryKey.joined(separator: ", ") + ")"
            try refuseNulls(in: primaryKey, connection: connection, source: source, row: row) { count, first in
                "cannot make \(key) the primary key of \(table): \(count) hold\(count == "1 row" ? "s" : "") NULL in it, "
                    + "the first \(first)"
            }
            let list = primaryKey.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")
            // quote() gives back an integer as it is in older SQLite (3.15 of the SQLCipher build):
            // the cast makes it text. With min(), the values come from the group's first row, and
            // the first group is reported.
            let values = primaryKey.map { "CAST(quote(" + SQLiteValue.quoteIdentifier($0) + ") AS TEXT)" }
                .joined(separator: " || ', ' || ")
            let duplicate = try connection.prepare(
                sql: "SELECT " + values + ", count(*), min(" + row + ") FROM " + source + " GROUP BY " + list
                    + " HAVING count(*) > 1 ORDER BY 3 LIMIT 1")
            if let found = try duplicate.cursor().next()?.snapshot(), case .text(let shared) = found[0],
                case .int(let count) = found[1]
            {
                throw SQLiteError(
                    code: SQLITE_CONSTRAINT_PRIMARYKEY,
                    details: "cannot make \(key) the primary key of \(table): \(count) rows share the "
                        + (primaryKey.count == 1 ? "value \(shared)" : "values (\(shared))"))
            }
        }
    }

    /// Throws the message `refusal(count, first)` makes when a row holds NULL in one of `columns`.
    private func refuseNulls(
        in columns: [String], connection: Connection, source: String, row: String,
        refusal: (_ count: String, _ first: String) -> String
    ) throws(SQLiteError) {
        let condition = columns.map { SQLiteValue.quoteIdentifier($0) + " IS NULL" }.joined(separator: " OR ")
        let nulls = try connection.prepare(
            sql: "SELECT count(*), (SELECT " + row + " FROM " + source + " WHERE " + condition + " LIMIT 1) FROM " + source
                + " WHERE " + condition)
        guard let found = try nulls.cursor().next()?.snapshot(), case .int(let count) = found[0], count > 0 else { return }
        let first = found[1].isNull ? "of them" : "at rowid \(found[1].sqliteLiteral)"
        throw SQLiteError(code: SQLITE_CONSTRAINT_NOTNULL, details: refusal(count == 1 ? "1 row" : "\(count) rows", first))
    }

    /// A value for a message: its SQL literal, shortened when long.
    static func describe(_ value: SQLiteValue) -> String {
        let literal = value.sqliteLiteral
        return literal.count > 40 ? String(literal.prefix(37)) + "…" : literal
    }

    /// ` at rowid 3`, or nothing when rows have no rowid.
    private static func at(_ row: SQLiteValue) -> String {
        row.isNull ? "" : " at rowid \(row.sqliteLiteral)"
    }

    /// Advice for a value that is often there by accident.
    private static func hint(for value: SQLiteValue) -> String {
        if case .text(let text) = value, text.allSatisfy(\.isWhitespace) {
            return " (an empty text is not NULL: set such values to NULL first if that is what they mean)"
        }
        return ""
    }
}
