/// An `INSERT`, `UPDATE` or `DELETE` with a `RETURNING` clause (SQLite 3.35+); run it with
/// ``SlateCore/Connection/run(_:)-(Returning)`` to get one row per changed row.
///
/// ```swift
/// let rows = try db.run(users.insert(email <- "a@b.c").returning(id, email))
/// let newID = rows[0][id]
/// ```
public struct Returning: Expressible, Sendable {
    enum Statement: Sendable {
        case insert(Insert)
        /// An `UPDATE`, `DELETE` or `INSERT … SELECT`: `RETURNING` goes before its `ORDER BY`/`LIMIT`.
        case write(WriteStatement)
    }

    let statement: Statement
    /// The returned expressions.
    let columns: [SQLExpression<Void>]
    /// A setter's value that has no stored form (an update's), reported when the statement runs.
    var failure: SQLiteError? = nil

    /// The statement for some rows of an insert (or the whole statement).
    func render(_ chunk: ArraySlice<[SQLExpression<Void>]>?) -> SQLExpression<Void> {
        let list = SQLTemplate.join(", ", columns)
        switch statement {
        case .insert(let insert):
            let base = chunk.map(insert.render) ?? insert.expression
            return SQLExpression(template: base.template + " RETURNING " + list.template, values: base.values + list.values)
        case .write(let write):
            return write.render(returning: list)
        }
    }

    /// The statement, with `?` placeholders.
    public var expression: SQLExpression<Void> { render(nil) }
}
