// UPDATE and DELETE built from a query keep every clause the query gave, or refuse to run.

/// The parts of an `UPDATE`, a `DELETE` or an `INSERT … SELECT` built from a query: the statement
/// up to its `WHERE` clause, and the `ORDER BY … LIMIT … OFFSET` that follows; a `RETURNING`
/// clause goes between the two, where SQLite's grammar puts it.
///
/// A query clause that such a statement cannot take (a join, grouping, a compound, `DISTINCT`)
/// is never left out silently: it is recorded, and ``SlateCore/Connection/run(_:)-(Update)`` (like the
/// other runs) refuses the statement with an error naming it, before anything changes.
struct WriteStatement: Sendable {
    /// `UPDATE`, `DELETE` or `INSERT`, for error messages.
    let verb: String
    /// `[WITH …] UPDATE … SET … [WHERE …]`, `[WITH …] DELETE FROM … [WHERE …]` or `INSERT INTO … SELECT …`.
    let head: SQLExpression<Void>
    /// `ORDER BY … LIMIT … OFFSET …`, without a leading space; `nil` when the query has neither.
    let limiting: SQLExpression<Void>?
    /// The clauses in `limiting` (`ORDER BY`, `LIMIT`, `OFFSET`), which SQLite accepts on
    /// `UPDATE` and `DELETE` only when built with `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`.
    let limitingClauses: [String]
    /// Clauses of the query that the statement has no place for.
    let misplacedClauses: [String]
    /// Whether a common table expression has a `MATERIALIZED` hint (SQLite 3.35+).
    let hasMaterializationHint: Bool

    /// The statement, with `RETURNING …` before `ORDER BY`/`LIMIT` when given.
    func render(returning: SQLExpression<Void>?) -> SQLExpression<Void> {
        var template = head.template
        var values = head.values
        if let returning {
            template += " RETURNING " + returning.template
            values += returning.values
        }
        if let limiting {
            template += " " + limiting.template
            values += limiting.values
        }
        return SQLExpression(template: template, values: values)
    }
}

extension QueryType {
    /// An `UPDATE` or `DELETE` of the query's rows: `WITH`, `WHERE`, `ORDER BY`, `LIMIT` and
    /// `OFFSET` are written; joins, grouping, compounds and `DISTINCT` are recorded as misplaced.
    ///
    /// - Parameters:
    ///   - verb: `UPDATE` or `DELETE`.
    ///   - body: The statement's start after any `WITH`: `UPDATE "users" SET …` or `DELETE FROM "users"`.
    func writeStatement(_ verb: String, _ body: SQLExpression<Void>) -> WriteStatement {
        var template = ""
        var values: [SQLiteValue] = []
        if !clauses.with.isEmpty {
            let with = withClause
            template = with.template + " "
            values = with.values
        }
        template += body.template
        values += body.values
        if let filters = clauses.filters {
            template += " WHERE " + filters.template
            values += filters.values
        }
        let limiting = limitingClause
        return WriteStatement(
            verb: verb, head: SQLExpression(template: template, values: values), limiting: limiting.expression,
            limitingClauses: limiting.names, misplacedClauses: clausesOutsideWrites(allowingFilters: true),
            hasMaterializationHint: clauses.with.contains { $0.hint != nil })
    }

    /// `ORDER BY … LIMIT … OFFSET …` (without a leading space) and the names of its clauses.
    var limitingClause: (expression: SQLExpression<Void>?, names: [String]) {
        var parts: [SQLExpression<Void>] = []
        var names: [String] = []
        if !clauses.order.isEmpty {
            let order = SQLTemplate.join(", ", clauses.order)
            parts.append(SQLExpression(template: "ORDER BY " + order.template, values: order.values))
            names.append("ORDER BY")
        }
        if let limit = clauses.limit {
            var template = "LIMIT " + String(limit.length)
            names.append("LIMIT")
            if let offset = limit.offset {
                template += " OFFSET " + String(offset)
                names.append("OFFSET")
            }
            parts.append(SQLExpression(literal: template))
        }
        guard !parts.isEmpty else { return (nil, []) }
        return (SQLTemplate.join(" ", parts), names)
    }

    /// The query's clauses that no `UPDATE`, `DELETE` or `INSERT` can take, by name (see
    /// ``QueryClauses/namesOutsideWrites(allowingFilters:)``).
    func clausesOutsideWrites(allowingFilters: Bool) -> [String] {
        clauses.namesOutsideWrites(allowingFilters: allowingFilters)
    }
}

extension QueryClauses {
    /// The clauses that no `UPDATE`, `DELETE` or `INSERT` can take, by name; with
    /// `allowingFilters` false (an `INSERT`), also `WITH`, `WHERE`, `ORDER BY`, `LIMIT` and `OFFSET`.
    ///
    /// The result columns are not among them: they do not change which rows a statement
    /// writes, and a query kept for display (`users.select(name).filter(…)`) may be written
    /// through. `DISTINCT` is, because with a `LIMIT` it changes which rows the query means.
    ///
    /// A method of the clauses (not of the query) so that an insert, which asks on every call,
    /// reads them in place: the plain table's answer is an empty array, with no allocation.
    @usableFromInline
    func namesOutsideWrites(allowingFilters: Bool) -> [String] {
        if !select.distinct && join.isEmpty && group == nil && union.isEmpty
            && (allowingFilters || (with.isEmpty && filters == nil && order.isEmpty && limit == nil))
        {
            return []
        }
        var names: [String] = []
        if !allowingFilters && !with.isEmpty { names.append("WITH") }
        if select.distinct { names.append("DISTINCT") }
        if !join.isEmpty { names.append("JOIN") }
        if !allowingFilters && filters != nil { names.append("WHERE") }
        if let group {
            names.append("GROUP BY")
            if group.having != nil { names.append("HAVING") }
        }
        if !union.isEmpty { names.append("UNION") }
        if !allowingFilters {
            if !order.isEmpty { names.append("ORDER BY") }
            if let limit {
                names.append("LIMIT")
                if limit.offset != nil { names.append("OFFSET") }
            }
        }
        return names
    }
}

extension Connection {
    /// Throws unless a write built from a query can run on this connection as the query meant:
    /// every clause has its place in the statement, and the linked SQLite accepts it.
    ///
    /// - Parameter write: The statement's parts.
    /// - Throws: `SQLiteError` `SQLITE_MISUSE` naming a clause the statement cannot take;
    ///   `SQLITE_ERROR` naming `ORDER BY`/`LIMIT` when the library lacks
    ///   `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, or a `MATERIALIZED` hint before SQLite 3.35.
    func check(_ write: WriteStatement) throws(SQLiteError) {
        if !write.misplacedClauses.isEmpty {
            throw Self.misplaced(write.misplacedClauses, in: write.verb, sql: write.render(returning: nil).template)
        }
        if write.hasMaterializationHint {
            try SQLite.require(.materializationHint)
        }
        if !write.limitingClauses.isEmpty && !supportsUpdateDeleteLimit {
            throw SQLiteError(
                code: SQLITE_ERROR,
                details: write.limitingClauses.joined(separator: ", ") + " on " + write.verb
                    + " needs SQLite built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT; the linked library "
                    + SQLite.version + " was built without it, so the statement did not run",
                sql: write.render(returning: nil).template)
        }
    }

    /// The error for query clauses a write cannot take.
    static func misplaced(_ clauses: [String], in verb: String, sql: String?) -> SQLiteError {
        let list = clauses.joined(separator: ", ")
        let hint =
            verb == "INSERT"
            ? "insert into the table itself (Table(\"name\").insert(…))"
            : "choose the rows with a filter, such as a subquery: filter(query.select(column).contains(column))"
        return SQLiteError(
            code: SQLITE_MISUSE,
            details: "\(verb) cannot use the query's \(list): the statement would change other rows than the "
                + "query returns, so it did not run; \(hint)",
            sql: sql)
    }

    /// Whether the linked SQLite accepts `ORDER BY` and `LIMIT` on `UPDATE` and `DELETE`
    /// (`SQLITE_ENABLE_UPDATE_DELETE_LIMIT`), asked once per connection.
    var supportsUpdateDeleteLimit: Bool {
        get { updateDeleteLimitSupport.supported }
        set { updateDeleteLimitSupport.supported = newValue }  // tests stand in for a library without it
    }

    private var updateDeleteLimitSupport: UpdateDeleteLimitSupport {
        self[storage: UpdateDeleteLimitSupport.StorageKey.self]
    }
}

/// The answer of `sqlite3_compileoption_used("ENABLE_UPDATE_DELETE_LIMIT")`, kept with the
/// connection. It holds no reference back to the connection.
final class UpdateDeleteLimitSupport {
    /// The connection's answer, asked on its first `UPDATE` or `DELETE`.
    enum StorageKey: ConnectionStorageKey {
        static let slot = ConnectionStorageSlot()
        static func makeValue() -> UpdateDeleteLimitSupport {
            UpdateDeleteLimitSupport(supported: SQLite.hasCompileOption("ENABLE_UPDATE_DELETE_LIMIT"))
        }
    }

    var supported: Bool

    init(supported: Bool) {
        self.supported = supported
    }
}
