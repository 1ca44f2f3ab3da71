import SlateCore

extension SchemaChanger {
    /// The changes to one table, collected by the block of ``SchemaChanger/alter(table:block:)``.
    public final class AlterTableDefinition {
        /// One step of the change: an operation, or changes to columns that one table rebuild
        /// makes together.
        enum Step {
            case operation(Operation)
            case columns(ColumnChanges)
        }

        /// The table's name.
        public let name: String
        var steps: [Step] = []

        package init(name: String) {
            self.name = name
        }

        /// The columns the change adds (`add(column:)`), in order.
        package var addedColumns: [ColumnDefinition] {
            steps.compactMap { step in
                guard case .operation(.addColumn(let column)) = step else { return nil }
                return column
            }
        }

        private func append(_ operation: Operation) {
            steps.append(.operation(operation))
        }

        /// Adds a column change to the rebuild of the last step, or to a new one.
        private func changeColumns(_ change: (inout ColumnChanges) -> Void) {
            var changes = ColumnChanges()
            if case .columns(let last) = steps.last {
                changes = last
                steps.removeLast()
            }
            change(&changes)
            steps.append(.columns(changes))
        }

        /// Adds a column.
        ///
        /// - Parameter column: The column; SQLite refuses `PRIMARY KEY`, `UNIQUE` and a
        ///   `NOT NULL` column without a default.
        public func add(column: ColumnDefinition) {
            append(.addColumn(column))
        }

        /// Creates an index on the table.
        ///
        /// - Parameters:
        ///   - index: The index.
        ///   - ifNotExists: Whether to add `IF NOT EXISTS`.
        public func add(index: IndexDefinition, ifNotExists: Bool = false) {
            append(.addIndex(index, ifNotExists: ifNotExists))
        }

        /// Drops a column, and the indexes that use it.
        ///
        /// - Parameter column: The column's name.
        public func drop(column: String) {
            append(.dropColumn(column))
        }

        /// Drops an index.
        ///
        /// - Parameters:
        ///   - index: The index's name.
        ///   - ifExists: Whether to add `IF EXISTS`.
        public func drop(index: String, ifExists: Bool = false) {
            append(.dropIndex(index, ifExists: ifExists))
        }

        /// Renames a column (indexes, triggers and views follow where SQLite can do it).
        ///
        /// - Parameters:
        ///   - column: The column's current name.
        ///   - to: Its new name.
        public func rename(column: String, to: String) {
            append(.renameColumn(column, to))
        }

        /// Changes a column's declared type, by rebuilding the table.
        ///
        /// Every value must be one the new type holds as the same value (see
        /// ``ColumnDefinition/Affinity/holds(_:on:)``): `'042'` becomes 42 under `INTEGER`, but
        /// `'abc'`, `''` or `4.5` make ``SchemaChanger/alter(table:block:)`` throw, and nothing
        /// changes. Consecutive column changes (this, ``change(column:nullable:)``,
        /// ``change(column:defaultValue:)``, ``setPrimaryKey(_:)``, ``reorder(columns:)``) are
        /// made by one rebuild, which keeps rows, rowids, indexes and triggers.
        ///
        /// ```swift
        /// try db.schemaChanger.alter(table: "items") { table in
        ///     table.change(column: "price", type: .REAL)
        ///     table.change(column: "name", nullable: false)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - column: The column's name.
        ///   - type: Its new type, declared as the affinity's name (`INTEGER`, `REAL`, …).
        public func change(column: String, type: ColumnDefinition.Affinity) {
            changeColumns { $0.setType(type, of: column) }
        }

        /// Adds or removes a column's `NOT NULL`, by rebuilding the table; a column that holds
        /// `NULL` cannot be made `NOT NULL` (the alter throws, naming the first such row).
        ///
        /// - Parameters:
        ///   - column: The column's name.
        ///   - nullable: `false` for `NOT NULL`; `true` removes it.
        public func change(column: String, nullable: Bool) {
            changeColumns { $0.setNullable(nullable, of: column) }
        }

        /// Sets or removes a column's default value, by rebuilding the table. The default must be
        /// a value the column's type holds (a default of `'abc'` for an `INTEGER` column throws).
        ///
        /// - Parameters:
        ///   - column: The column's name.
        ///   - defaultValue: The new default; `.NULL` removes it.
        public func change(column: String, defaultValue: LiteralValue) {
            changeColumns { $0.setDefault(defaultValue, of: column) }
        }

        /// Makes columns the table's primary key, by rebuilding the table; an empty list makes it
        /// a table without one (rowids only).
        ///
        /// The columns must hold no `NULL` and no two rows may share a key (the alter throws,
        /// naming them). A new key loses the old one's `AUTOINCREMENT` and `ON CONFLICT`. Rows keep
        /// their rowids, except that an `INTEGER` column made the only key becomes the rowid
        /// itself (SQLite's rowid alias): each row's rowid becomes its key.
        ///
        /// - Parameter columns: The key's columns, in order.
        public func setPrimaryKey(_ columns: [String]) {
            changeColumns { $0.primaryKey = columns }
        }

        /// Puts columns first, in this order, by rebuilding the table; the others follow in their
        /// order.
        ///
        /// - Parameter columns: The columns to put first.
        public func reorder(columns: [String]) {
            changeColumns { $0.order = columns }
        }
    }
}
