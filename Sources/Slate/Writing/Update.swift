/// An `UPDATE` statement; run it with ``Connection/run(_:)-(Update)``, which returns the number
/// of changed rows.
public struct Update: Expressible, Sendable {
    /// The statement, with `?` placeholders.
    public let expression: SQLExpression<Void>
    /// A setter's value that has no stored form, reported when the statement runs.
    var failure: SQLiteError? = nil

    /// Adds a `RETURNING` clause (SQLite 3.35+).
    ///
    /// - Parameters:
    ///   - column: The first returned expression.
    ///   - more: More returned expressions.
    /// - Returns: The statement with `RETURNING`.
    public func returning(_ column: any Expressible, _ more: any Expressible...) -> Returning {
        Returning(statement: .other(expression), columns: ([column] + more).map(\.expression), failure: failure)
    }

    /// Adds `RETURNING *` (SQLite 3.35+).
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: The statement with `RETURNING *`.
    public func returning(_ star: Star) -> Returning {
        Returning(statement: .other(expression), columns: [star(nil, nil)], failure: failure)
    }
}
