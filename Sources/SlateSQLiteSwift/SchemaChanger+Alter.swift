// SQLite.swift's `alter(table:block:)`: under `import SlateSQLiteSwift` it shadows Slate's own,
// so that a column `ALTER TABLE … ADD COLUMN` cannot add is refused with SQLite.swift's
// `SchemaChanger.Error` before anything runs. Slate's own (`import Slate`) lets SQLite refuse it
// and throws `SQLiteError` (Sources/SlateSchema/Changer/SchemaChanger.swift).

import Slate
import SlateCore

extension SchemaChanger {
    /// Applies the changes the block describes to a table, atomically, as SQLite.swift's
    /// `alter(table:block:)` does: a column that `ALTER TABLE … ADD COLUMN` cannot add (a primary
    /// key, a `CURRENT_TIME`, `CURRENT_DATE` or `CURRENT_TIMESTAMP` default, or `NOT NULL`
    /// without a default) throws `SchemaChanger.Error.invalidColumnDefinition(_:)` before any
    /// change runs.
    ///
    /// ```swift
    /// try changer.alter(table: "users") { table in
    ///     table.add(column: ColumnDefinition(name: "nickname", type: .TEXT))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - block: Describes the changes.
    /// - Throws: `SchemaChanger.Error` for a column SQLite.swift refuses to add; otherwise
    ///   `SQLiteError` when the table does not exist, SQLite refuses a change, or the rebuilt
    ///   table breaks a foreign key. The schema and data are then unchanged.
    public func alter(table: String, block: (AlterTableDefinition) -> Void) throws {
        let definition = AlterTableDefinition(name: table)
        block(definition)
        for column in definition.addedColumns {
            if let problem = Self.additionProblem(of: column) { throw Error.invalidColumnDefinition(problem) }
        }
        try alter(table: table, definition: definition)
    }

    /// Why `ALTER TABLE … ADD COLUMN` cannot add a column, in SQLite.swift's words, or `nil`.
    private static func additionProblem(of column: ColumnDefinition) -> String? {
        if column.primaryKey != nil { return "can not add primary key column" }
        switch column.defaultValue {
        case .CURRENT_TIME, .CURRENT_DATE, .CURRENT_TIMESTAMP: return "Invalid default value"
        case .NULL where !column.nullable: return "NOT NULL columns must have a default value other than NULL"
        default: return nil
        }
    }
}
