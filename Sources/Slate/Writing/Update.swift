/// An `UPDATE` statement (or an `INSERT … SELECT`); run it with ``SlateCore/Connection/run(_:)-(Update)``,
/// which returns the number of changed rows.
///
/// Built from a query, it keeps the query's `WITH`, `WHERE`, `ORDER BY`, `LIMIT` and `OFFSET`:
/// `users.order(id.desc).limit(1).update(…)` changes one row. Its SQL (``expression``,
/// `asSQL()`) always shows them, as SQLite.swift writes them; running it checks that the linked
/// SQLite accepts `ORDER BY`/`LIMIT` on `UPDATE` (`SQLITE_ENABLE_UPDATE_DELETE_LIMIT`) and
/// otherwise throws an error naming the clause. A query's joins, grouping, compounds and
/// `DISTINCT` have no place in an `UPDATE`: they are not in its SQL, and running it throws an
/// error naming them rather than change other rows than the query returns.
public struct Update: Expressible, Sendable {
    /// The statement's parts (`RETURNING` goes between them).
    let statement: WriteStatement

    /// The statement, with `?` placeholders.
    public var expression: SQLExpression<Void> {
        statement.render(returning: nil)
    }
    /// A setter's value that has no stored form, reported when the statement runs.
    var failure: SQLiteError? = nil

    /// Adds a `RETURNING` clause (SQLite 3.35+).
    ///
    /// - Parameters:
    ///   - column: The first returned expression.
    ///   - more: More returned expressions.
    /// - Returns: The statement with `RETURNING`.
    public func returning(_ column: any Expressible, _ more: any Expressible...) -> Returning {
        Returning(statement: .write(statement), columns: ([column] + more).map(\.expression), failure: failure)
    }

    /// Adds `RETURNING *` (SQLite 3.35+).
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: The statement with `RETURNING *`.
    public func returning(_ star: Star) -> Returning {
        Returning(statement: .write(statement), columns: [star(nil, nil)], failure: failure)
    }
}
