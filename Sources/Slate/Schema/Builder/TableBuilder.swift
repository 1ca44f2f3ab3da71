/// Collects the column definitions and table constraints of a `CREATE TABLE` statement; the
/// block given to ``Table/create(temporary:ifNotExists:withoutRowid:block:)`` fills it.
///
/// ```swift
/// try db.run(users.create { t in     // CREATE TABLE "users" (
///     t.column(id, primaryKey: true) //     "id" INTEGER PRIMARY KEY NOT NULL,
///     t.column(email, unique: true)  //     "email" TEXT NOT NULL UNIQUE,
///     t.column(name)                 //     "name" TEXT
/// })                                 // )
/// ```
public final class TableBuilder {
    /// Column definitions and table constraints, in the order they were added.
    var definitions: [String] = []

    init() {}

    // MARK: Table constraints

    /// Adds a `PRIMARY KEY` table constraint over one or more columns, which may carry an order:
    /// `t.primaryKey(email.asc, name)` is `PRIMARY KEY ("email" ASC, "name")`.
    ///
    /// - Parameters:
    ///   - column: The first key column (or ordering term).
    ///   - more: More key columns.
    public func primaryKey(_ column: any Expressible, _ more: any Expressible...) {
        definitions.append("PRIMARY KEY (" + Self.list([column] + more) + ")")
    }

    /// Adds a `UNIQUE` table constraint over one or more columns: `UNIQUE ("local", "domain")`.
    ///
    /// - Parameters:
    ///   - column: The first column.
    ///   - more: More columns.
    public func unique(_ column: any Expressible, _ more: any Expressible...) {
        unique([column] + more)
    }

    /// Adds a `UNIQUE` table constraint over a list of columns.
    ///
    /// - Parameter columns: The columns.
    public func unique(_ columns: [any Expressible]) {
        definitions.append("UNIQUE (" + Self.list(columns) + ")")
    }

    /// Adds a `CHECK` table constraint: `t.check(balance >= 0)` is `CHECK (("balance" >= 0.0))`.
    ///
    /// - Parameter condition: The condition every row must satisfy.
    public func check(_ condition: SQLExpression<Bool>) {
        check(condition as any Expressible)
    }

    /// Adds a `CHECK` table constraint with a condition that may be `NULL` (which passes).
    ///
    /// - Parameter condition: The condition every row must satisfy.
    public func check(_ condition: SQLExpression<Bool?>) {
        check(condition as any Expressible)
    }

    private func check(_ condition: any Expressible) {
        // SQLite.swift parenthesizes the (already parenthesized) condition again: `CHECK (("x" > 0))`.
        definitions.append("CHECK (" + SchemaSQL.inlined(condition) + ")")
    }

    /// Adds a `FOREIGN KEY` table constraint:
    /// `FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL`.
    ///
    /// - Parameters:
    ///   - column: The referencing column.
    ///   - table: The referenced table.
    ///   - other: The referenced column.
    ///   - update: The `ON UPDATE` action, if any.
    ///   - delete: The `ON DELETE` action, if any.
    public func foreignKey<T: Value>(
        _ column: SQLExpression<T>, references table: some QueryType, _ other: SQLExpression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], table, [other], update, delete)
    }

    /// Adds a `FOREIGN KEY` table constraint on a nullable column.
    ///
    /// - Parameters:
    ///   - column: The referencing column.
    ///   - table: The referenced table.
    ///   - other: The referenced column.
    ///   - update: The `ON UPDATE` action, if any.
    ///   - delete: The `ON DELETE` action, if any.
    public func foreignKey<T: Value>(
        _ column: SQLExpression<T?>, references table: some QueryType, _ other: SQLExpression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], table, [other], update, delete)
    }

    /// Adds a composite `FOREIGN KEY` table constraint over two columns.
    ///
    /// - Parameters:
    ///   - composite: The referencing columns.
    ///   - table: The referenced table.
    ///   - other: The referenced columns, in the same order.
    ///   - update: The `ON UPDATE` action, if any.
    ///   - delete: The `ON DELETE` action, if any.
    public func foreignKey<T: Value, U: Value>(
        _ composite: (SQLExpression<T>, SQLExpression<U>), references table: some QueryType,
        _ other: (SQLExpression<T>, SQLExpression<U>), update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([composite.0, composite.1], table, [other.0, other.1], update, delete)
    }

    /// Adds a composite `FOREIGN KEY` table constraint over three columns.
    ///
    /// - Parameters:
    ///   - composite: The referencing columns.
    ///   - table: The referenced table.
    ///   - other: The referenced columns, in the same order.
    ///   - update: The `ON UPDATE` action, if any.
    ///   - delete: The `ON DELETE` action, if any.
    public func foreignKey<T: Value, U: Value, V: Value>(
        _ composite: (SQLExpression<T>, SQLExpression<U>, SQLExpression<V>), references table: some QueryType,
        _ other: (SQLExpression<T>, SQLExpression<U>, SQLExpression<V>), update: Dependency? = nil,
        delete: Dependency? = nil
    ) {
        foreignKey([composite.0, composite.1, composite.2], table, [other.0, other.1, other.2], update, delete)
    }

    private func foreignKey(
        _ columns: [any Expressible], _ table: some QueryType, _ others: [any Expressible], _ update: Dependency?,
        _ delete: Dependency?
    ) {
        var sql =
            "FOREIGN KEY (" + Self.names(columns) + ") REFERENCES "
            + SQLiteValue.quoteIdentifier(table.clauses.from.name) + " (" + Self.names(others) + ")"
        if let update { sql += " ON UPDATE " + update.rawValue }
        if let delete { sql += " ON DELETE " + delete.rawValue }
        definitions.append(sql)
    }

    /// Columns or ordering terms, comma-separated, values inlined.
    static func list(_ columns: [any Expressible]) -> String {
        columns.map(SchemaSQL.inlined).joined(separator: ", ")
    }

    /// Bare column names, comma-separated (a foreign key names columns, never expressions).
    static func names(_ columns: [any Expressible]) -> String {
        columns.map(SchemaSQL.columnName).joined(separator: ", ")
    }

    /// What SQLite does to referencing rows when the referenced row changes or goes away.
    public enum Dependency: String, Sendable, CaseIterable {
        /// `NO ACTION` (the default): the change fails if it leaves a dangling reference.
        case noAction = "NO ACTION"
        /// `RESTRICT`: the change fails at once, even inside a deferred transaction.
        case restrict = "RESTRICT"
        /// `SET NULL`: the referencing columns become `NULL`.
        case setNull = "SET NULL"
        /// `SET DEFAULT`: the referencing columns take their default values.
        case setDefault = "SET DEFAULT"
        /// `CASCADE`: the referencing rows are updated or deleted with the referenced row.
        case cascade = "CASCADE"
    }
}
