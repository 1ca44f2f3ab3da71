/// One column definition of `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`, rendered in the
/// documentation's order: type, `PRIMARY KEY [AUTOINCREMENT]`, `UNIQUE`, `NOT NULL`, `CHECK`,
/// `DEFAULT`, `COLLATE "…"`, `REFERENCES`.
///
/// Slate follows the documentation's form (`TEXT UNIQUE NOT NULL`, `COLLATE "NOCASE"`) rather
/// than SQLite.swift's (`TEXT NOT NULL UNIQUE`, `COLLATE NOCASE`); SQLite accepts both.
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

    /// The column definition, such as `"email" TEXT UNIQUE NOT NULL`.
    var sql: String {
        var parts = [SchemaSQL.columnName(name), type]
        if let primaryKey {
            parts.append(primaryKey == .autoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY")
        }
        if unique { parts.append("UNIQUE") }
        if notNull { parts.append("NOT NULL") }
        if let check { parts.append("CHECK " + SchemaSQL.parenthesized(SchemaSQL.inlined(check))) }
        if let defaultValue { parts.append(SchemaSQL.defaultClause(defaultValue)) }
        if let collate { parts.append("COLLATE " + collate.expression.template) }
        if let (table, column) = references {
            // Column-level references keep a space before the column list, as documented.
            parts.append("REFERENCES " + SQLiteValue.quoteIdentifier(table.clauses.from.name) + " (" + SchemaSQL.columnName(column) + ")")
        }
        return parts.joined(separator: " ")
    }
}
