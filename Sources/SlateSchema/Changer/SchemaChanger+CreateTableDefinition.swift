import SlateCore

extension SchemaChanger {
    /// The columns and indexes of a new table, collected by the block of
    /// ``SchemaChanger/create(table:ifNotExists:block:)``.
    public final class CreateTableDefinition {
        /// The table's name.
        public let name: String
        var columns: [ColumnDefinition] = []
        var indexes: [IndexDefinition] = []

        init(name: String) {
            self.name = name
        }

        /// Adds a column.
        ///
        /// - Parameter column: The column.
        public func add(column: ColumnDefinition) {
            columns.append(column)
        }

        /// Adds an index, created with the table.
        ///
        /// - Parameter index: The index.
        public func add(index: IndexDefinition) {
            indexes.append(index)
        }
    }
}
