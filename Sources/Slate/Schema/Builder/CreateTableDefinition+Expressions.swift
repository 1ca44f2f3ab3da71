import SlateSchema

// Columns of a new table named and typed after the query language's column expressions.
extension SchemaChanger.CreateTableDefinition {
    /// Adds a `NOT NULL` column named and typed after an expression.
    ///
    /// - Parameter expression: The column expression, such as `SQLExpression<String>("name")`.
    public func add<T: Value>(expression: SQLExpression<T>) {
        add(
            column: ColumnDefinition(
                name: SchemaSQL.unquotedName(expression), type: ColumnDefinition.Affinity(T.declaredDatatype),
                nullable: false))
    }

    /// Adds a nullable column named and typed after an expression.
    ///
    /// - Parameter expression: The column expression, such as `SQLExpression<String?>("name")`.
    public func add<T: Value>(expression: SQLExpression<T?>) {
        add(
            column: ColumnDefinition(
                name: SchemaSQL.unquotedName(expression), type: ColumnDefinition.Affinity(T.declaredDatatype),
                nullable: true))
    }
}
