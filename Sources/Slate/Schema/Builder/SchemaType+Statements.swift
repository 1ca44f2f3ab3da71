// The DDL builders of SQLite.swift's Schema: each returns the statement's SQL for `db.run(_:)`.
// DDL takes no bound parameters, so values appear inlined as SQL literals.

extension Table {
    /// `CREATE TABLE` with the columns and constraints the block adds.
    ///
    /// ```swift
    /// try db.run(users.create { t in
    ///     t.column(id, primaryKey: true)
    ///     t.column(email, unique: true)
    ///     t.column(name)
    /// })
    /// // CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "email" TEXT NOT NULL UNIQUE, "name" TEXT)
    /// ```
    ///
    /// - Parameters:
    ///   - temporary: Whether to create a `TEMPORARY` table (dropped when the connection closes).
    ///   - ifNotExists: Whether to add `IF NOT EXISTS` (no error when the table exists).
    ///   - withoutRowid: Whether to create a `WITHOUT ROWID` table (it needs a primary key).
    ///   - block: Adds the columns and table constraints.
    /// - Returns: The `CREATE TABLE` statement.
    /// - Throws: Only what `block` throws.
    public func create(
        temporary: Bool = false, ifNotExists: Bool = false, withoutRowid: Bool = false,
        block: (TableBuilder) throws -> Void
    ) rethrows -> String {
        let builder = TableBuilder()
        try block(builder)
        return createPrefix(temporary: temporary, ifNotExists: ifNotExists) + " ("
            + builder.definitions.joined(separator: ", ") + ")" + (withoutRowid ? " WITHOUT ROWID" : "")
    }

    /// `CREATE TABLE … AS SELECT …`: a table with a query's columns and rows.
    ///
    /// - Parameters:
    ///   - query: The query whose result fills the table.
    ///   - temporary: Whether to create a `TEMPORARY` table.
    ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The `CREATE TABLE … AS` statement.
    public func create(_ query: some QueryType, temporary: Bool = false, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: temporary, ifNotExists: ifNotExists) + " AS " + query.asSQL()
    }

    /// `ALTER TABLE … ADD COLUMN …` for a generated column overload.
    func addColumn(_ column: ColumnDefinition) -> String {
        "ALTER TABLE " + tableName().template + " ADD COLUMN " + column.sql
    }
}

extension View {
    /// `CREATE VIEW … AS SELECT …`.
    ///
    /// ```swift
    /// try db.run(emailsView.create(users.select(id, email)))
    /// // CREATE VIEW "emails" AS SELECT "id", "email" FROM "users"
    /// ```
    ///
    /// - Parameters:
    ///   - query: The query the view shows.
    ///   - temporary: Whether to create a `TEMPORARY` view.
    ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The `CREATE VIEW` statement.
    public func create(_ query: some QueryType, temporary: Bool = false, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: temporary, ifNotExists: ifNotExists) + " AS " + query.asSQL()
    }
}

extension VirtualTable {
    /// `CREATE VIRTUAL TABLE … USING module(…)`.
    ///
    /// ```swift
    /// try db.run(emails.create(.FTS4(subject, body)))
    /// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")
    /// ```
    ///
    /// - Parameters:
    ///   - using: The module and its arguments (``Module/FTS4(_:_:)``, ``Module/FTS5(_:)``,
    ///     ``Module/RTree(_:_:)``, …).
    ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The `CREATE VIRTUAL TABLE` statement.
    public func create(_ using: Module, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: false, ifNotExists: ifNotExists) + " USING " + using.sql
    }

    /// `ALTER TABLE … RENAME TO …`.
    ///
    /// - Parameter to: The table's new name.
    /// - Returns: The `ALTER TABLE` statement.
    public func rename(_ to: VirtualTable) -> String {
        renameStatement(to.clauses.from.name)
    }
}

extension Table {
    /// `ALTER TABLE … RENAME TO …`.
    ///
    /// ```swift
    /// try db.run(users.rename(Table("users_old")))
    /// // ALTER TABLE "users" RENAME TO "users_old"
    /// ```
    ///
    /// - Parameter to: The table's new name.
    /// - Returns: The `ALTER TABLE` statement.
    public func rename(_ to: Table) -> String {
        renameStatement(to.clauses.from.name)
    }

    /// `CREATE INDEX` on columns (or ordering terms), named `index_<table>_on_<columns>`.
    ///
    /// ```swift
    /// try db.run(users.createIndex(email, unique: true))
    /// // CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")
    /// ```
    ///
    /// - Parameters:
    ///   - column: The first indexed column.
    ///   - more: More indexed columns.
    ///   - unique: Whether the index is `UNIQUE`.
    ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The `CREATE INDEX` statement.
    public func createIndex(
        _ column: any Expressible, _ more: any Expressible..., unique: Bool = false, ifNotExists: Bool = false
    ) -> String {
        createIndex([column] + more, unique: unique, ifNotExists: ifNotExists)
    }

    /// `CREATE INDEX` on a list of columns (or ordering terms).
    ///
    /// On a filtered table the index is partial: `users.filter(name != nil).createIndex(email)`
    /// is `CREATE INDEX … ("email") WHERE "name" IS NOT NULL`, with the filter's values written
    /// into the SQL (an index's condition cannot take parameters). The filter is never left out.
    ///
    /// - Parameters:
    ///   - columns: The indexed columns.
    ///   - unique: Whether the index is `UNIQUE`.
    ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
    /// - Returns: The `CREATE INDEX` statement.
    public func createIndex(_ columns: [any Expressible], unique: Bool = false, ifNotExists: Bool = false) -> String {
        var sql = unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX "
        if ifNotExists { sql += "IF NOT EXISTS " }
        // The index lives in the table's schema; the table after ON is never qualified.
        sql +=
            indexName(columns) + " ON " + SQLiteValue.quoteIdentifier(clauses.from.name) + " ("
            + TableBuilder.list(columns) + ")"
        if let filters = clauses.filters {
            sql += " WHERE " + SQLTemplate.inline(filters.values, into: filters.template)
        }
        return sql
    }

    /// `DROP INDEX` of the index ``createIndex(_:_:unique:ifNotExists:)`` made on these columns.
    ///
    /// ```swift
    /// try db.run(users.dropIndex(email))
    /// // DROP INDEX "index_users_on_email"
    /// ```
    ///
    /// - Parameters:
    ///   - column: The first indexed column.
    ///   - more: More indexed columns.
    ///   - ifExists: Whether to add `IF EXISTS`.
    /// - Returns: The `DROP INDEX` statement.
    public func dropIndex(_ column: any Expressible, _ more: any Expressible..., ifExists: Bool = false) -> String {
        dropIndex([column] + more, ifExists: ifExists)
    }

    /// `DROP INDEX` of the index made on a list of columns.
    ///
    /// - Parameters:
    ///   - columns: The indexed columns.
    ///   - ifExists: Whether to add `IF EXISTS`.
    /// - Returns: The `DROP INDEX` statement.
    public func dropIndex(_ columns: [any Expressible], ifExists: Bool = false) -> String {
        "DROP INDEX " + (ifExists ? "IF EXISTS " : "") + indexName(columns)
    }

    /// The generated index name, qualified with the table's schema.
    private func indexName(_ columns: [any Expressible]) -> String {
        qualified(SchemaSQL.indexName(table: clauses.from.name, columns: columns))
    }
}

extension SchemaType {
    /// `DROP TABLE` (or `DROP VIEW` for a view).
    ///
    /// ```swift
    /// try db.run(users.drop(ifExists: true))
    /// // DROP TABLE IF EXISTS "users"
    /// ```
    ///
    /// - Parameter ifExists: Whether to add `IF EXISTS` (no error when the object is missing).
    /// - Returns: The `DROP` statement.
    public func drop(ifExists: Bool = false) -> String {
        "DROP " + Self.dropKeyword + (ifExists ? " IF EXISTS " : " ") + tableName().template
    }

    /// The object kind after `DROP`: a virtual table is dropped with `DROP TABLE`.
    static var dropKeyword: String { identifier == VirtualTable.identifier ? Table.identifier : identifier }

    /// `CREATE [TEMPORARY] <kind> [IF NOT EXISTS] <name>`.
    func createPrefix(temporary: Bool, ifNotExists: Bool) -> String {
        var sql = "CREATE " + (temporary ? "TEMPORARY " : "") + Self.identifier + " "
        if ifNotExists { sql += "IF NOT EXISTS " }
        return sql + tableName().template
    }

    /// `ALTER TABLE <name> RENAME TO <new name>` (the new name is never qualified).
    func renameStatement(_ newName: String) -> String {
        "ALTER TABLE " + tableName().template + " RENAME TO " + SQLiteValue.quoteIdentifier(newName)
    }
}
