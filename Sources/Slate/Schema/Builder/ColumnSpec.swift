/// One column definition of `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`, rendered as
/// SQLite.swift 0.16 renders it, so migrated snapshot tests and logs see the same text: type,
/// `PRIMARY KEY [AUTOINCREMENT]`, `NOT NULL`, `UNIQUE`, `CHECK (…)`, `DEFAULT (…)`,
/// `REFERENCES "t" ("c")`, `COLLATE NOCASE`.
struct ColumnSpec {
    let name: any Expressible
    let type: String
    let notNull: Bool
    var primaryKey: PrimaryKey?
    var unique = false
    var check: (any Expressible)?
    var defaultValue: (any Expressible)?
    var collate: Collation?
    var references: (table: any QueryType, column: any Expressible)?

    init(
        _ name: any Expressible, type: String, notNull: Bool, primaryKey: PrimaryKey? = nil, unique: Bool = false,
        check: (any Expressible)? = nil, defaultValue: (any Expressible)? = nil, collate: Collation? = nil,
        references: (table: any QueryType, column: any Expressible)? = nil
    ) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.primaryKey = primaryKey
        self.unique = unique
        self.check = check
        self.defaultValue = defaultValue
        self.collate = collate
        self.references = references
    }

    /// The column definition, such as `"email" TEXT NOT NULL UNIQUE`.
    var sql: String {
        var parts = [SchemaSQL.columnName(name), type]
        if let primaryKey {
            parts.append(primaryKey == .autoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY")
        }
        if notNull { parts.append("NOT NULL") }
        if unique { parts.append("UNIQUE") }
        if let check { parts.append("CHECK " + SchemaSQL.parenthesized(SchemaSQL.inlined(check))) }
        if let defaultValue { parts.append(SchemaSQL.defaultClause(defaultValue)) }
        if let (table, column) = references {
            parts.append("REFERENCES " + SQLiteValue.quoteIdentifier(table.clauses.from.name) + " (" + SchemaSQL.columnName(column) + ")")
        }
        if let collate { parts.append("COLLATE " + collate.expression.template) }
        return parts.joined(separator: " ")
    }
}
