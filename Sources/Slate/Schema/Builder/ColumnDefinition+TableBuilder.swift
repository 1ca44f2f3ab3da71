// The table builder's columns (`t.column(…)`, `addColumn(…)`, generated in
// Generated/ColumnOverloads.generated.swift) are ColumnDefinitions written in SQLite.swift 0.16's
// builder order, so that migrated snapshot tests and logs see the same text.

extension ColumnDefinition {
    /// A column as the table builder's generated overloads define it.
    ///
    /// - Parameters:
    ///   - name: The column expression; its name is the last component of its SQL (`"id"` in
    ///     `"users"."id"`).
    ///   - type: The declared type (`V.declaredDatatype`).
    ///   - notNull: Whether to add `NOT NULL` (the column's Swift type is not optional).
    ///   - primaryKey: The column's `PRIMARY KEY`, if any.
    ///   - unique: Whether to add `UNIQUE`.
    ///   - check: A `CHECK` condition; its values are inlined (DDL takes no parameters).
    ///   - defaultValue: A `DEFAULT` expression, written in parentheses (`DEFAULT (0)`), which
    ///     SQLite accepts for any expression and is the text SQLite.swift writes.
    ///   - collate: The column's collating sequence.
    ///   - references: The table and column of a foreign key.
    init(
        _ name: any Expressible, type: String, notNull: Bool, primaryKey: Slate.PrimaryKey? = nil,
        unique: Bool = false, check: (any Expressible)? = nil, defaultValue: (any Expressible)? = nil,
        collate: Collation? = nil, references: (table: any QueryType, column: any Expressible)? = nil
    ) {
        let columnName = SchemaSQL.unquotedName(name)
        self.init(
            name: columnName, primaryKey: primaryKey.map { PrimaryKey(autoIncrement: $0 == .autoincrement) },
            type: Affinity(type), nullable: !notNull, unique: unique,
            defaultValue: defaultValue.map { .numericLiteral("(" + SchemaSQL.inlined($0) + ")") } ?? .NULL,
            references: references.map {
                ForeignKey(
                    fromColumn: columnName, toTable: $0.table.clauses.from.name,
                    toColumn: SchemaSQL.unquotedName($0.column))
            })
        declaredType = type
        self.check = check.map(SchemaSQL.inlined)
        collation = collate?.expression.template
        clauseOrder = .tableBuilder
    }
}
