// Walking a typed query's rows in place: no `Row` copy per row, and expression lookups that
// cost one string comparison once the first row has resolved them.

extension Connection {
    /// Runs a typed query through a cursor that reads each row where it lies in SQLite's
    /// statement, for large reads.
    ///
    /// ```swift
    /// let cursor = try db.cursor(users.filter(verified))
    /// while let user = try cursor.next() {
    ///     let id: Int64 = try user.get(id)
    ///     print(user[email])
    /// }
    /// ```
    ///
    /// Unlike ``prepare(_:)``, no row is copied: a row is valid until the cursor steps again
    /// (copy what must outlive the step with ``QueryRowView/snapshot()``). The cursor compiles
    /// its own statement, so two cursors over the same query never share one.
    ///
    /// - Parameter query: The query.
    /// - Returns: A cursor positioned before the first row.
    /// - Throws: ``SQLiteError`` when the SQL does not compile or the values do not bind.
    public func cursor(_ query: some QueryType) throws(SQLiteError) -> QueryCursor {
        try requireSQLiteFeatures(of: query)
        let expression = query.expression
        let sql = expression.template
        let statement = try bound(expression, cached: false)
        // The cursor holds the connection: it is the caller's, never cached.
        let columns = QueryCursorColumns(statement: statement) { statement in
            self.queryLayout(for: query, sql: sql, statement: statement)
        }
        return QueryCursor(cursor: statement.cursor(), columns: columns)
    }
}

/// A forward-only walk over a typed query's rows, read in place; see
/// ``Connection/cursor(_:)-(QueryType)``.
public struct QueryCursor {
    /// The statement cursor underneath, for reading columns by index or name.
    public let cursor: Cursor
    @usableFromInline let columns: QueryCursorColumns

    /// Steps to the next row.
    ///
    /// - Returns: The row, valid until the next step, or `nil` once the rows are exhausted.
    /// - Throws: ``SQLiteError`` on failure.
    @inlinable
    public func next() throws(SQLiteError) -> QueryRowView? {
        guard let view = try cursor.next() else { return nil }
        return QueryRowView(view: view, columns: columns)
    }

    /// Calls `body` with each remaining row.
    ///
    /// - Parameter body: Reads the row; a thrown error stops the walk and is rethrown.
    @inlinable
    public func forEach(_ body: (QueryRowView) throws -> Void) throws {
        let columns = self.columns
        try cursor.forEach { view in try body(QueryRowView(view: view, columns: columns)) }
    }

    /// Reads each remaining row with `transform` and collects the results.
    ///
    /// - Parameter transform: Reads one row.
    /// - Returns: The transformed rows.
    @inlinable
    public func map<T>(_ transform: (QueryRowView) throws -> T) throws -> [T] {
        let columns = self.columns
        return try cursor.map { view in try transform(QueryRowView(view: view, columns: columns)) }
    }
}

/// The current row of a ``QueryCursor``, read in place with typed expressions.
///
/// Its values are those of the row the statement is on: they change when the cursor steps.
public struct QueryRowView {
    /// The row as SlateCore sees it, for reading by index or by name.
    public let view: RowView
    @usableFromInline let columns: QueryCursorColumns

    @inlinable
    init(view: RowView, columns: QueryCursorColumns) {
        self.view = view
        self.columns = columns
    }

    /// Reads a column that is never `NULL`.
    ///
    /// - Parameter column: The column expression, as for ``Row/get(_:)-(SQLExpression<V>)``.
    /// - Returns: The value.
    /// - Throws: ``SQLiteError`` for an ambiguous or missing column, a `NULL`, or a value that
    ///   does not convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V>) throws -> V {
        let index = try columns.index(of: column.template)
        return try Self.convert(try view.get(index, as: V.Datatype.self), column: column.template)
    }

    /// Reads a column that may be `NULL`.
    ///
    /// - Parameter column: The column expression.
    /// - Returns: The value, or `nil` for `NULL`.
    /// - Throws: ``SQLiteError`` for an ambiguous or missing column or a value that does not
    ///   convert to `V`; or the error ``Value/fromDatatypeValue(_:)`` throws.
    @inlinable @inline(__always)
    public func get<V: Value>(_ column: SQLExpression<V?>) throws -> V? {
        let index = try columns.index(of: column.template)
        guard let stored = try view.get(index, as: V.Datatype?.self) else { return nil }
        return try Self.convert(stored, column: column.template)
    }

    /// Reads a column that is never `NULL`, trapping on error as SQLite.swift's row subscripts
    /// do; use ``get(_:)-(SQLExpression<V>)`` to handle errors instead.
    ///
    /// - Parameter column: The column expression.
    public subscript<V: Value>(column: SQLExpression<V>) -> V {
        do {
            return try get(column)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Reads a column that may be `NULL`, trapping on error as SQLite.swift's row subscripts
    /// do; use ``get(_:)-(SQLExpression<V?>)`` to handle errors instead.
    ///
    /// - Parameter column: The column expression.
    public subscript<V: Value>(column: SQLExpression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Copies the row, with the query's layout, so it can outlive the step.
    public func snapshot() -> Row {
        let layout = columns.layout
        return Row(layout: layout, values: (0..<Int32(layout.names.count)).map { view[$0] })
    }

    /// The stored form converted to the value type.
    @inlinable
    static func convert<V: Value>(_ stored: V.Datatype, column: String) throws -> V {
        let value = try V.fromDatatypeValue(stored)
        // `ValueType` is `Self` for every value but a non-final class's subclasses.
        if let value = value as? V { return value }
        throw SQLiteError(
            code: SQLITE_MISMATCH,
            message: "column \(column): \(V.self).fromDatatypeValue returned a \(type(of: value)), not a \(V.self)")
    }
}

/// How a ``QueryCursor``'s rows find columns by expression: the query's layout, built after the
/// first step (when SQLite has brought the statement up to date with the schema), and a guess.
///
/// The guess remembers, for each column, the expression text that last resolved to it, and
/// checks the column after the last one found first: rows read in the same order every time
/// cost one string comparison per read (a raw-bits compare for the same `SQLExpression`), not a
/// hash and a parse of the expression.
@usableFromInline
final class QueryCursorColumns {
    private let statement: Statement
    private let makeLayout: (Statement) -> ColumnLayout
    private var builtLayout: ColumnLayout?
    private var queryColumns: QueryColumns?
    /// The expression text that resolved to each column, if any yet.
    @usableFromInline @exclusivity(unchecked) var templates: [String?] = []
    /// The column checked first: the one after the last column found.
    @usableFromInline @exclusivity(unchecked) var nextGuess = 0

    init(statement: Statement, makeLayout: @escaping (Statement) -> ColumnLayout) {
        self.statement = statement
        self.makeLayout = makeLayout
    }

    /// The column an expression names.
    @inlinable @inline(__always)
    func index(of template: String) throws(SQLiteError) -> Int32 {
        let guess = nextGuess
        if guess < templates.count, let known = templates[guess], known == template {
            nextGuess = guess &+ 1 < templates.count ? guess &+ 1 : 0
            return Int32(truncatingIfNeeded: guess)
        }
        return try resolve(template)
    }

    /// ``index(of:)`` when the guess missed: the query's column keys, as `Row` uses.
    @usableFromInline
    func resolve(_ template: String) throws(SQLiteError) -> Int32 {
        let layout = self.layout
        let index: Int
        if let queryColumns {
            index = try queryColumns.index(of: template)
        } else {
            index = try Row(layout: layout, values: []).columnIndex(for: SQLExpression<Void>(literal: template))
        }
        templates[index] = template
        nextGuess = index + 1 < templates.count ? index + 1 : 0
        return Int32(index)
    }

    /// The query's layout, built once.
    var layout: ColumnLayout {
        if let builtLayout { return builtLayout }
        let layout = makeLayout(statement)
        builtLayout = layout
        queryColumns = layout.attachment.flatMap { $0 as? QueryColumns }
        templates = Array(repeating: nil, count: layout.names.count)
        return layout
    }
}
