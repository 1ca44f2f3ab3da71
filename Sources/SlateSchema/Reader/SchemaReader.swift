import SlateCore

/// Reads the schema of a connection's database: its objects, and the columns, indexes and
/// foreign keys of a table. Get one with ``SlateCore/Connection/schema``.
///
/// ```swift
/// let schema = db.schema
/// let tables = try schema.objectDefinitions(type: .table)
/// for column in try schema.columnDefinitions(table: "users") {
///     print("\(column.name) pk:\(column.primaryKey != nil) nullable: \(column.nullable)")
/// }
/// ```
public final class SchemaReader {
    private let connection: Connection

    /// Creates a reader for a connection.
    ///
    /// - Parameter connection: The connection.
    public init(connection: Connection) {
        self.connection = connection
    }

    // MARK: Objects

    /// The objects of the schema table (`sqlite_master`), optionally only those of one name
    /// or kind, in the main or the temporary schema.
    ///
    /// - Parameters:
    ///   - name: Only the object of this name, if given.
    ///   - type: Only objects of this kind, if given.
    ///   - temp: Whether to read the temporary schema instead of `main`.
    /// - Returns: The objects, in the order SQLite stores them.
    /// - Throws: `SQLiteError` when the connection is closed or the query fails.
    public func objectDefinitions(
        name: String? = nil, type: ObjectDefinition.ObjectType? = nil, temp: Bool = false
    ) throws(SQLiteError) -> [ObjectDefinition] {
        // The temporary schema's table is only reachable as `sqlite_temp_master` before SQLite
        // 3.33 (SQLCipher 3.4 is 3.15): `"temp".sqlite_master` does not exist there.
        var sql =
            "SELECT type, name, tbl_name, rootpage, sql FROM "
            + (temp ? "\"temp\".sqlite_temp_master" : "\"main\".sqlite_master")
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        if let name {
            conditions.append("name = ?")
            bindings.append(.text(name))
        }
        if let type {
            conditions.append("type = ?")
            bindings.append(.text(type.rawValue))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        let statement = try connection.prepare(sql: sql)
        for (offset, value) in bindings.enumerated() { try statement.bind(value, at: Int32(offset + 1)) }
        return try statement.rows().compactMap { row in
            // Unknown kinds (none exist today) are skipped rather than guessed.
            guard let type = ObjectDefinition.ObjectType(rawValue: Self.text(row, "type") ?? "") else { return nil }
            return ObjectDefinition(
                type: type, name: Self.text(row, "name") ?? "", tableName: Self.text(row, "tbl_name") ?? "",
                rootpage: Self.integer(row, "rootpage") ?? 0, sql: Self.text(row, "sql"))
        }
    }

    /// Whether a table (or view) of this name exists, in `main`, `temp` or an attached schema.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: Whether it exists.
    /// - Throws: `SQLiteError` when the connection is closed.
    public func tableExists(_ table: String) throws(SQLiteError) -> Bool {
        try !connection.prepare(sql: "PRAGMA table_info(" + SQLiteValue.quoteIdentifier(table) + ")").rows().isEmpty
    }

    // MARK: Columns

    /// The columns of a table (`PRAGMA table_info`), with their primary keys, uniqueness,
    /// default values and foreign keys. A missing table has no columns.
    ///
    /// Every column of the primary key carries it, as in SQLite.swift: the columns of a
    /// table-level `PRIMARY KEY (a, b)` each have a ``ColumnDefinition/PrimaryKey`` with the
    /// constraint's `ON CONFLICT`; `AUTOINCREMENT` and `ON CONFLICT` are read from the table's
    /// `CREATE TABLE` statement where they are declared, not from anywhere the words appear.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: The columns, in table order.
    /// - Throws: `SQLiteError` when the connection is closed or a query fails.
    public func columnDefinitions(table: String) throws(SQLiteError) -> [ColumnDefinition] {
        let rows = try connection.prepare(sql: "PRAGMA table_info(" + SQLiteValue.quoteIdentifier(table) + ")").rows()
        let keyColumns = rows.filter { (Self.integer($0, "pk") ?? 0) > 0 }
        let createSQL = try createTableSQL(table)
        let declaredKey = createSQL.flatMap { TableSQL($0, table: table) }?.primaryKey
        let foreignKeys = try foreignKeyRows(table: table)
        // A composite foreign key is a table constraint: no column carries it alone.
        let singleColumnKeys = Dictionary(grouping: foreignKeys, by: \.id).values.filter { $0.count == 1 }
            .compactMap(\.first?.key)
        let uniqueColumns = Set(
            try indexDefinitions(table: table).filter {
                $0.unique && $0.columns.count == 1 && $0.origin == .uniqueConstraint
            }.map { $0.columns[0] })
        return rows.map { row in
            let name = Self.text(row, "name") ?? ""
            let declaredType = Self.text(row, "type") ?? ""
            var primaryKey: ColumnDefinition.PrimaryKey?
            if (Self.integer(row, "pk") ?? 0) > 0 {
                // AUTOINCREMENT only exists on a one-column INTEGER PRIMARY KEY.
                primaryKey = ColumnDefinition.PrimaryKey(
                    autoIncrement: keyColumns.count == 1 && declaredKey?.autoIncrement == true,
                    onConflict: declaredKey?.onConflict.flatMap(ColumnDefinition.OnConflict.init(rawValue:)))
            }
            let references = singleColumnKeys.first { $0.fromColumn == name }
            var column = ColumnDefinition(
                name: name, primaryKey: primaryKey, type: ColumnDefinition.Affinity(declaredType),
                nullable: (Self.integer(row, "notnull") ?? 0) == 0, unique: uniqueColumns.contains(name),
                defaultValue: LiteralValue(Self.text(row, "dflt_value")), references: references)
            column.declaredType = declaredType
            return column
        }
    }

    /// The same as ``columnDefinitions(table:)``, as the documentation spells it.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: The columns, in table order.
    /// - Throws: `SQLiteError` when the connection is closed or a query fails.
    public func columnDefinitions(_ table: String) throws(SQLiteError) -> [ColumnDefinition] {
        try columnDefinitions(table: table)
    }

    // MARK: Indexes

    /// The indexes of a table (`PRAGMA index_list` and `index_xinfo`), including those SQLite
    /// made for `UNIQUE` and `PRIMARY KEY` constraints (see ``IndexDefinition/isInternal``).
    ///
    /// - Parameter table: The table's name.
    /// - Returns: The indexes.
    /// - Throws: `SQLiteError` when the connection is closed or a query fails.
    public func indexDefinitions(table: String) throws(SQLiteError) -> [IndexDefinition] {
        let list = try connection.prepare(sql: "PRAGMA index_list(" + SQLiteValue.quoteIdentifier(table) + ")").rows()
        var indexes: [IndexDefinition] = []
        for row in list {
            let name = Self.text(row, "name") ?? ""
            let info = try connection.prepare(sql: "PRAGMA index_xinfo(" + SQLiteValue.quoteIdentifier(name) + ")").rows()
            var columns: [String] = []
            var orders: [String: IndexDefinition.Order] = [:]
            for column in info where Self.integer(column, "key") == 1 {
                // Expression columns have no name; they cannot be listed by name.
                guard let columnName = Self.text(column, "name") else { continue }
                columns.append(columnName)
                if Self.integer(column, "desc") == 1 { orders[columnName] = .DESC }
            }
            let sql = try objectSQL(name: name, type: .index)
            indexes.append(
                IndexDefinition(
                    table: table, name: name, unique: Self.integer(row, "unique") == 1, columns: columns,
                    where: sql.flatMap(Self.whereClause), orders: orders.isEmpty ? nil : orders,
                    origin: Self.text(row, "origin").flatMap(IndexDefinition.Origin.init(rawValue:))))
        }
        return indexes
    }

    /// The same as ``indexDefinitions(table:)``, as the documentation spells it.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: The indexes.
    /// - Throws: `SQLiteError` when the connection is closed or a query fails.
    public func indexDefinitions(_ table: String) throws(SQLiteError) -> [IndexDefinition] {
        try indexDefinitions(table: table)
    }

    // MARK: Foreign keys

    /// The foreign keys of a table (`PRAGMA foreign_key_list`), one per referencing column.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: The foreign keys; `NO ACTION` is reported as `nil`.
    /// - Throws: `SQLiteError` when the connection is closed or the query fails.
    public func foreignKeys(table: String) throws(SQLiteError) -> [ColumnDefinition.ForeignKey] {
        try foreignKeyRows(table: table).map(\.key)
    }

    /// Foreign keys with their constraint ids (several rows share an id in a composite key).
    func foreignKeyRows(table: String) throws(SQLiteError) -> [(id: Int64, key: ColumnDefinition.ForeignKey)] {
        let sql = "PRAGMA foreign_key_list(" + SQLiteValue.quoteIdentifier(table) + ")"
        return try connection.prepare(sql: sql).rows().map { row in
            func action(_ column: String) -> String? {
                let value = Self.text(row, column)
                return value == "NO ACTION" ? nil : value  // SQLite's default action, written as no action
            }
            let key = ColumnDefinition.ForeignKey(
                fromColumn: Self.text(row, "from") ?? "", toTable: Self.text(row, "table") ?? "",
                toColumn: Self.text(row, "to"), onUpdate: action("on_update"), onDelete: action("on_delete"))
            return (Self.integer(row, "id") ?? 0, key)
        }
    }

    // MARK: Helpers

    /// The table's primary-key columns, in key order.
    func primaryKeyColumns(table: String) throws(SQLiteError) -> [String] {
        let rows = try connection.prepare(sql: "PRAGMA table_info(" + SQLiteValue.quoteIdentifier(table) + ")").rows()
        return rows.compactMap { row -> (Int64, String)? in
            guard let position = Self.integer(row, "pk"), position > 0, let name = Self.text(row, "name") else { return nil }
            return (position, name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The `CREATE TABLE` statement of a table, from `temp` (which hides `main`) or `main`.
    func createTableSQL(_ table: String) throws(SQLiteError) -> String? {
        try objectSQL(name: table, type: .table)
    }

    /// The SQL of a schema object, looked up as SQLite resolves unqualified names: `temp` first.
    func objectSQL(name: String, type: ObjectDefinition.ObjectType) throws(SQLiteError) -> String? {
        if let sql = try objectDefinitions(name: name, type: type, temp: true).first?.sql { return sql }
        return try objectDefinitions(name: name, type: type).first?.sql
    }

    /// A table's `AUTOINCREMENT` counter (its row of `sqlite_sequence`), or `nil` when it has
    /// none: the table has no `AUTOINCREMENT` key or never held a row.
    func autoincrementSequence(_ table: String, temp: Bool) throws(SQLiteError) -> Int64? {
        guard try !objectDefinitions(name: "sqlite_sequence", type: .table, temp: temp).isEmpty else { return nil }
        let sequences = (temp ? "\"temp\"." : "") + "sqlite_sequence"
        return try connection.scalar(Int64.self, "SELECT seq FROM " + sequences + " WHERE name = ?", table)
    }

    /// Whether an unqualified table name resolves to the temporary schema.
    func isTemporary(_ table: String) throws(SQLiteError) -> Bool {
        try !objectDefinitions(name: table, type: .table, temp: true).isEmpty
    }

    /// The condition after the last top-level `WHERE` of an index's SQL.
    static func whereClause(_ sql: String) -> String? {
        guard let range = sql.range(of: " WHERE ", options: [.caseInsensitive, .backwards]) else { return nil }
        // The WHERE must follow the column list's closing parenthesis to be the index's own.
        guard sql[..<range.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix(")") else { return nil }
        return String(sql[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    static func text(_ row: Row, _ column: String) -> String? {
        switch row[column] {
        case .text(let value): value
        case .int(let value): String(value)
        case .real(let value): String(value)
        default: nil
        }
    }

    static func integer(_ row: Row, _ column: String) -> Int64? {
        switch row[column] {
        case .int(let value): value
        case .text(let value): Int64(value)
        default: nil
        }
    }
}
