/// An `INSERT` statement (one row, several rows, `DEFAULT VALUES`, or an upsert); run it with
/// ``Connection/run(_:)-(Insert)``, which returns the last inserted rowid.
///
/// ```swift
/// let rowid = try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
/// ```
public struct Insert: Expressible, Sendable {
    /// `OR REPLACE`, `OR IGNORE`, …, if any.
    let conflict: OnConflict?
    /// The table, quoted.
    let table: SQLExpression<Void>
    /// The columns set by every row.
    let columns: [SQLExpression<Void>]
    /// The values of each row, in column order.
    let rows: [[SQLExpression<Void>]]
    /// Why the statement cannot run (rows setting different columns), reported by `run`.
    let problem: String?
    /// `ON CONFLICT (…) DO …`, for upserts.
    var upsert: SQLExpression<Void>?

    init(conflict: OnConflict?, table: SQLExpression<Void>, rows setters: [[Setter]]) {
        self.conflict = conflict
        self.table = table
        let columns = setters.first?.map(\.column) ?? []
        self.columns = columns
        self.rows = setters.map { $0.map(\.value) }
        let templates = columns.map(\.template)
        if let index = setters.firstIndex(where: { $0.map(\.column.template) != templates }) {
            problem = "insertMany needs every row to set the same columns in the same order: row 1 sets "
                + "(\(templates.joined(separator: ", "))) but row \(index + 1) sets "
                + "(\(setters[index].map(\.column.template).joined(separator: ", ")))"
        } else {
            problem = nil
        }
    }

    /// The whole statement, with `?` placeholders.
    public var expression: SQLExpression<Void> {
        render(rows[...])
    }

    /// The statement for some of the rows (a chunk of an `insertMany`).
    func render(_ chunk: ArraySlice<[SQLExpression<Void>]>) -> SQLExpression<Void> {
        var template = "INSERT" + (conflict.map { " OR " + $0.rawValue } ?? "") + " INTO " + table.template
        var values = table.values
        if columns.isEmpty {
            template += " DEFAULT VALUES"
        } else {
            template += " (" + columns.map(\.template).joined(separator: ", ") + ") VALUES "
            var first = true
            for row in chunk {
                let list = SQLTemplate.join(", ", row)
                template += (first ? "(" : ", (") + list.template + ")"
                values += list.values
                first = false
            }
        }
        if let upsert {
            template += " " + upsert.template
            values += upsert.values
        }
        return SQLExpression(template: template, values: values)
    }

    /// Adds a `RETURNING` clause (SQLite 3.35+): run it with ``Connection/run(_:)-(Returning)``
    /// to get the inserted rows' values.
    ///
    /// - Parameters:
    ///   - column: The first returned expression.
    ///   - more: More returned expressions.
    /// - Returns: The statement with `RETURNING`.
    public func returning(_ column: any Expressible, _ more: any Expressible...) -> Returning {
        Returning(statement: .insert(self), columns: ([column] + more).map(\.expression))
    }

    /// Adds `RETURNING *` (SQLite 3.35+).
    ///
    /// - Parameter star: The `*` operator.
    /// - Returns: The statement with `RETURNING *`.
    public func returning(_ star: Star) -> Returning {
        Returning(statement: .insert(self), columns: [star(nil, nil)])
    }
}
