// SQLite's JSON functions: json_extract, the -> and ->> operators (SQLite 3.38+) and json_each.

extension SQLExpression where Datatype: TextExpressionDatatype {
    /// `json_extract(json, path)`: the value at a path of a JSON text.
    ///
    /// - Parameters:
    ///   - path: A JSON path such as `$.name` or `$.tags[0]`.
    ///   - type: The expected type (usually inferred).
    /// - Returns: The value, or `NULL` when the path is absent or the JSON text is `NULL`.
    public func jsonExtract<T: Value>(_ path: String, as type: T.Type = T.self) -> SQLExpression<T?> {
        SQLTemplate.call("json_extract", [self, path])
    }

    /// `(json -> path)`: the JSON text of the value at a path.
    ///
    /// - Parameter path: A JSON path.
    /// - Returns: The JSON text, or `NULL`.
    /// - Throws: `SQLiteError` when the linked SQLite is older than 3.38.
    public func json(_ path: String) throws(SQLiteError) -> SQLExpression<String?> {
        try SQLite.require(.jsonExtract)
        return SQLTemplate.infix("->", self, SQLTemplate.value(path))
    }

    /// `(json ->> path)`: the SQL value at a path.
    ///
    /// - Parameters:
    ///   - path: A JSON path.
    ///   - type: The expected type (usually inferred).
    /// - Returns: The value, or `NULL`.
    /// - Throws: `SQLiteError` when the linked SQLite is older than 3.38.
    public func jsonValue<T: Value>(_ path: String, as type: T.Type = T.self) throws(SQLiteError) -> SQLExpression<T?> {
        try SQLite.require(.jsonExtractValue)
        return SQLTemplate.infix("->>", self, SQLTemplate.value(path))
    }
}

extension Table {
    /// The table-valued function `json_each(json)` (or `json_each(json, path)`): one row per element
    /// of a JSON array or object, with the columns `key`, `value`, `type`, `atom`, `id`, `parent`,
    /// `fullkey` and `path`.
    ///
    /// ```swift
    /// let tags = Table.jsonEach(SQLExpression<String>(value: "[\"a\",\"b\"]"))
    /// let value = SQLExpression<String>("value")
    /// try db.prepare(tags.select(value))   // SELECT "value" FROM json_each('["a","b"]')
    /// ```
    ///
    /// - Parameters:
    ///   - json: The JSON text (a value, a column such as `users[tags]`, …).
    ///   - path: A path to the element to walk, if not the root.
    /// - Returns: A table reading the function's rows; its columns are qualified as `"json_each"`.
    public static func jsonEach(_ json: some Expressible, path: String? = nil) -> Table {
        var table = Table("json_each")
        table.clauses.from.source = SQLTemplate.call("json_each", [json] + (path.map { [$0] } ?? []))
        return table
    }
}
