// Building INSERT, upsert, UPDATE and DELETE statements from a table or filtered query.

extension QueryType {
    /// An `INSERT` of one row; with no setters, `INSERT … DEFAULT VALUES`.
    ///
    /// ```swift
    /// users.insert(email <- "alice@mac.com", name <- "Alice")
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// ```
    ///
    /// - Parameter values: The column values.
    /// - Returns: The statement.
    @inlinable  // specialized for the table type: reads only the table name from its clauses
    public func insert(_ values: Setter...) -> Insert {
        insert(values)
    }

    /// An `INSERT` of one row from a list of setters.
    ///
    /// - Parameter values: The column values.
    /// - Returns: The statement.
    @inlinable  // specialized for the table type: reads only the table name from its clauses
    public func insert(_ values: [Setter]) -> Insert {
        makeInsert(conflict: nil, .setters([values]))
    }

    /// An `INSERT OR …` of one row.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution (`.replace`, `.ignore`, …).
    ///   - values: The column values.
    /// - Returns: The statement.
    @inlinable  // specialized for the table type: reads only the table name from its clauses
    public func insert(or onConflict: OnConflict, _ values: Setter...) -> Insert {
        insert(or: onConflict, values)
    }

    /// An `INSERT OR …` of one row from a list of setters.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution.
    ///   - values: The column values.
    /// - Returns: The statement.
    @inlinable  // specialized for the table type: reads only the table name from its clauses
    public func insert(or onConflict: OnConflict, _ values: [Setter]) -> Insert {
        makeInsert(conflict: onConflict, .setters([values]))
    }

    /// An `INSERT` of several rows; every row must set the same columns. Running it splits the
    /// rows into statements within SQLite's variable limit, all applied or none.
    ///
    /// - Parameter values: The rows' column values.
    /// - Returns: The statement.
    public func insertMany(_ values: [[Setter]]) -> Insert {
        makeInsert(conflict: nil, .setters(values))
    }

    /// An `INSERT` of several rows, one array of setters per row.
    ///
    /// - Parameter values: The rows' column values.
    /// - Returns: The statement.
    public func insertMany(_ values: [Setter]...) -> Insert {
        insertMany(values)
    }

    /// An `INSERT OR …` of several rows.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution.
    ///   - values: The rows' column values.
    /// - Returns: The statement.
    public func insertMany(or onConflict: OnConflict, _ values: [[Setter]]) -> Insert {
        makeInsert(conflict: onConflict, .setters(values))
    }

    /// An upsert (SQLite 3.24+): insert the row, or, when it conflicts on a unique column, update
    /// the existing row's other columns to the new values.
    ///
    /// ```swift
    /// users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email)
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// //   ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    ///
    /// - Parameters:
    ///   - insertValues: The row's column values.
    ///   - conflicting: The unique column (or columns) that detect the conflict.
    /// - Returns: The statement.
    public func upsert(_ insertValues: Setter..., onConflictOf conflicting: any Expressible) -> Insert {
        upsert(insertValues, onConflictOf: conflicting)
    }

    /// An upsert from a list of setters.
    ///
    /// - Parameters:
    ///   - insertValues: The row's column values.
    ///   - conflicting: The unique column (or columns) that detect the conflict.
    /// - Returns: The statement.
    public func upsert(_ insertValues: [Setter], onConflictOf conflicting: any Expressible) -> Insert {
        let target = conflicting.expression.template
        let excluded =
            insertValues
            .filter { $0.column.template != target }
            .map { Setter(column: $0.column, value: SQLExpression<Void>(literal: "\"excluded\"." + $0.column.template)) }
        return upsert(insertValues, onConflictOf: conflicting, set: excluded)
    }

    /// An upsert with explicit update setters (`DO NOTHING` when `setValues` is empty).
    ///
    /// - Parameters:
    ///   - insertValues: The row's column values.
    ///   - conflicting: The unique column (or columns) that detect the conflict.
    ///   - setValues: What to set on the existing row; `"excluded"."column"` is the new value.
    /// - Returns: The statement.
    public func upsert(_ insertValues: Setter..., onConflictOf conflicting: any Expressible, set setValues: [Setter])
        -> Insert
    {
        upsert(insertValues, onConflictOf: conflicting, set: setValues)
    }

    /// An upsert from a list of setters, with explicit update setters.
    ///
    /// - Parameters:
    ///   - insertValues: The row's column values.
    ///   - conflicting: The unique column (or columns) that detect the conflict.
    ///   - setValues: What to set on the existing row.
    /// - Returns: The statement.
    public func upsert(_ insertValues: [Setter], onConflictOf conflicting: any Expressible, set setValues: [Setter])
        -> Insert
    {
        var insert = makeInsert(conflict: nil, .setters([insertValues]))
        insert.upsertFailure = Setter.failure(in: setValues)
        let target = conflicting.expression
        let action: SQLExpression<Void>
        if setValues.isEmpty {
            action = SQLExpression(literal: "DO NOTHING")
        } else {
            let list = SQLTemplate.join(", ", setValues)
            action = SQLExpression(template: "DO UPDATE SET " + list.template, values: list.values)
        }
        insert.upsert = SQLExpression(
            template: "ON CONFLICT (" + target.template + ") " + action.template, values: target.values + action.values)
        return insert
    }

    /// An `UPDATE` of the query's rows (every row of an unfiltered table).
    ///
    /// ```swift
    /// users.filter(id == 1).update(email <- "alice@me.com")
    /// // UPDATE "users" SET "email" = 'alice@me.com' WHERE ("id" = 1)
    /// users.order(id.desc).limit(1).update(name <- "Newest")
    /// // UPDATE "users" SET "name" = 'Newest' ORDER BY "id" DESC LIMIT 1
    /// ```
    ///
    /// The query's `WITH`, `WHERE`, `ORDER BY`, `LIMIT` and `OFFSET` are kept (see ``Update``
    /// for a library without `ORDER BY`/`LIMIT` on `UPDATE`, and for the clauses an `UPDATE`
    /// cannot take).
    ///
    /// - Parameter values: The columns to set.
    /// - Returns: The statement.
    public func update(_ values: Setter...) -> Update {
        update(values)
    }

    /// An `UPDATE` from a list of setters.
    ///
    /// - Parameter values: The columns to set.
    /// - Returns: The statement.
    public func update(_ values: [Setter]) -> Update {
        let list = SQLTemplate.join(", ", values)
        let body = SQLExpression<Void>(
            template: "UPDATE " + writeTarget.template + " SET " + list.template, values: list.values)
        return Update(statement: writeStatement("UPDATE", body), failure: Setter.failure(in: values))
    }

    /// A `DELETE` of the query's rows (every row of an unfiltered table).
    ///
    /// ```swift
    /// users.filter(id == 1).delete()   // DELETE FROM "users" WHERE ("id" = 1)
    /// users.order(id.desc).limit(1).delete()
    /// // DELETE FROM "users" ORDER BY "id" DESC LIMIT 1
    /// ```
    ///
    /// The query's `WITH`, `WHERE`, `ORDER BY`, `LIMIT` and `OFFSET` are kept (see ``Delete``
    /// for a library without `ORDER BY`/`LIMIT` on `DELETE`, and for the clauses a `DELETE`
    /// cannot take).
    ///
    /// - Returns: The statement.
    public func delete() -> Delete {
        Delete(statement: writeStatement("DELETE", SQLExpression(literal: "DELETE FROM " + writeTarget.template)))
    }

    /// An `INSERT … SELECT`: inserts the rows another query returns, with every clause of that
    /// query; run it with ``SlateCore/Connection/run(_:)-(Update)``, which returns the number of rows inserted.
    ///
    /// ```swift
    /// archive.insert(users.filter(name == nil).select(id, email))
    /// // INSERT INTO "archive" SELECT "id", "email" FROM "users" WHERE ("name" IS NULL)
    /// ```
    ///
    /// The table inserted into takes no clauses of its own: running an insert into a filtered,
    /// sorted or joined query throws an error naming the clause.
    ///
    /// - Parameter query: The query whose rows are inserted, in the table's column order.
    /// - Returns: The statement.
    public func insert(_ query: some QueryType) -> Update {
        let select = query.expression
        let head = SQLExpression<Void>(
            template: "INSERT INTO " + writeTarget.template + " " + select.template, values: select.values)
        return Update(
            statement: WriteStatement(
                verb: "INSERT", head: head, limiting: nil, limitingClauses: [],
                misplacedClauses: clausesOutsideWrites(allowingFilters: false),
                hasMaterializationHint: query.clauses.with.contains { $0.hint != nil }))
    }

    /// An insert into the query's table (never its alias).
    @inlinable
    func makeInsert(conflict: OnConflict?, _ body: Insert.Body) -> Insert {
        let from = clauses.from
        return Insert(
            conflict: conflict, tableName: from.name, database: from.database, body: body,
            misplacedClauses: clauses.namesOutsideWrites(allowingFilters: false))
    }

    /// The table written to: its (schema-qualified) name, never an alias.
    var writeTarget: SQLExpression<Void> { tableName() }
}
