// SQLite.swift's error type for schema changes, thrown by this module's `alter(table:block:)`
// (SchemaChanger+Alter.swift) for a column ALTER TABLE cannot add. Slate's own `SchemaChanger`
// (`import Slate`) lets SQLite refuse such a column and throws its `SQLiteError`.

import Foundation
import Slate
import SlateCore

extension SchemaChanger {
    /// SQLite.swift's errors for schema changes: a column that `ALTER TABLE … ADD COLUMN`
    /// cannot add, or a change that breaks foreign keys.
    ///
    /// `alter(table:block:)` throws `invalidColumnDefinition(_:)` in a file that imports
    /// `SlateSQLiteSwift`, as SQLite.swift does, before any change runs. `foreignKeyError(_:)`
    /// is declared but not thrown: a change that breaks foreign keys throws `SQLiteError`
    /// (`SQLITE_CONSTRAINT_FOREIGNKEY`) naming each broken reference, and is rolled back.
    public enum Error: LocalizedError, Sendable, Equatable {
        /// A column definition SQLite refuses to add: a primary key, an invalid default, or
        /// `NOT NULL` without a default; the text says which.
        case invalidColumnDefinition(String)
        /// The changed schema breaks these foreign keys.
        case foreignKeyError([ForeignKeyError])

        /// SQLite.swift's wording of the error.
        public var errorDescription: String? {
            switch self {
            case .foreignKeyError(let errors): "Foreign key errors: \(errors)"
            case .invalidColumnDefinition(let message): "Invalid column definition: \(message)"
            }
        }
    }
}
