/// An `INSERT` statement (one row, several rows, `DEFAULT VALUES`, or an upsert); run it with
/// ``SlateCore/Connection/run(_:)-(Insert)``, which returns the last inserted rowid.
///
/// ```swift
/// let rowid = try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
/// ```
public struct Insert: Expressible, Sendable {
    /// `OR REPLACE`, `OR IGNORE`, …, if any.
    let conflict: OnConflict?
    /// The table's name, unquoted (quoted by ``table`` when the statement is rendered).
    let tableName: String
    /// The attached schema the table belongs to, unquoted, if any.
    let database: String?
    /// The rows.
    let body: Body
    /// `ON CONFLICT (…) DO …`, for upserts.
    var upsert: SQLExpression<Void>?
    /// Clauses of the query the insert was built from that an `INSERT` has no place for
    /// (`users.filter(…).insert(…)`): running it throws an error naming them.
    let misplacedClauses: [String]
    /// A value of the upsert's `DO UPDATE SET` setters that has no stored form.
    var upsertFailure: SQLiteError?

    /// What an insert stores: kept as given, so that building a one-row insert does no work that
    /// running it through a cached statement does not need (no rendering, no comparing rows).
    @usableFromInline
    enum Body: Sendable {
        /// The setters of each row (one row for `insert`, any number for `insertMany`).
        case setters([[Setter]])
        /// One row encoded from an `Encodable` value: unquoted column names in the order they
        /// were first encoded; a name encoded again replaces its value (see ``EncodedColumn/distinct(_:)``).
        case encoded([EncodedColumn])
        /// One `@Table` record with every column set, written by its generated code: a cached
        /// statement is found by the record's type, and its values bound by position.
        case record(RecordRow)
    }

    /// The values of one `@Table` record, in its column order (every column present).
    @usableFromInline
    struct RecordRow: Sendable {
        /// The record type, which fixes the columns.
        let type: ObjectIdentifier
        /// The record's column names (its type's `columnNames`).
        let names: [String]
        /// One value per column.
        let values: [SQLiteValue]
    }

    @usableFromInline
    init(conflict: OnConflict?, tableName: String, database: String?, body: Body, misplacedClauses: [String] = []) {
        self.conflict = conflict
        self.tableName = tableName
        self.database = database
        self.body = body
        self.misplacedClauses = misplacedClauses
    }

    /// The table, quoted (and qualified with its schema).
    var table: SQLExpression<Void> {
        let quoted = SQLiteValue.quoteIdentifier(tableName)
        guard let database else { return SQLExpression(literal: quoted) }
        return SQLExpression(literal: SQLiteValue.quoteIdentifier(database) + "." + quoted)
    }

    /// The columns set by every row.
    var columns: [SQLExpression<Void>] {
        switch body {
        case .setters(let rows): rows.first?.map(\.column) ?? []
        case .encoded(let row): EncodedColumn.distinct(row).map { SQLTemplate.identifier($0.name) }
        case .record(let row): row.names.map(SQLTemplate.identifier)
        }
    }

    /// The values of each row, in column order.
    var rows: [[SQLExpression<Void>]] {
        switch body {
        case .setters(let rows): rows.map { $0.map(\.value) }
        case .encoded(let row): [EncodedColumn.distinct(row).map { SQLExpression(template: "?", values: [$0.value]) }]
        case .record(let row): [row.values.map { SQLExpression(template: "?", values: [$0]) }]
        }
    }

    /// A setter's value that has no stored form (a `Date` outside the years 0000–9999),
    /// reported by `run` before anything is written.
    var unstorable: SQLiteError? {
        if let upsertFailure { return upsertFailure }
        guard case .setters(let rows) = body else { return nil }
        for row in rows {
            if let failure = Setter.failure(in: row) { return failure }
        }
        return nil
    }

    /// Why the statement cannot run (rows setting different columns), reported by `run`.
    var problem: String? {
        guard case .setters(let setters) = body, setters.count > 1 else { return nil }
        let templates = setters[0].map(\.column.template)
        guard let index = setters.firstIndex(where: { $0.map(\.column.template) != templates }) else { return nil }
        return "insertMany needs every row to set the same columns in the same order: row 1 sets "
            + "(\(templates.joined(separator: ", "))) but row \(index + 1) sets "
            + "(\(setters[index].map(\.column.template).joined(separator: ", ")))"
    }

    /// The whole statement, with `?` placeholders.
    public var expression: SQLExpression<Void> {
        render(rows[...])
    }

    /// The statement for some of the rows (a chunk of an `insertMany`).
    func render(_ chunk: ArraySlice<[SQLExpression<Void>]>) -> SQLExpression<Void> {
        let table = table
        let columns = columns
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

    /// Adds a `RETURNING` clause (SQLite 3.35+): run it with ``SlateCore/Connection/run(_:)-(Returning)``
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

/// A column of a row encoded from an `Encodable` value: its name (unquoted) and value.
@usableFromInline
struct EncodedColumn: Sendable {
    /// The column's name, as the coding key spells it.
    let name: String
    /// The value to bind.
    var value: SQLiteValue

    /// The columns with each name once, at its first position, with its last value: a value
    /// encoding a key twice sets the column to the second value.
    ///
    /// The encoder records keys as they come, without looking for repeats, because a row that
    /// matches a cached insert shape (whose names are distinct) cannot repeat a name: only a
    /// row that reaches the full path pays for this.
    static func distinct(_ row: [EncodedColumn]) -> [EncodedColumn] {
        var result: [EncodedColumn] = []
        result.reserveCapacity(row.count)
        var positions: [String: Int] = [:]
        for column in row {
            if let position = positions[column.name] {
                result[position].value = column.value
            } else {
                positions[column.name] = result.count
                result.append(column)
            }
        }
        return result
    }
}
