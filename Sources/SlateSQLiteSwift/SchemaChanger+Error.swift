// SQLite.swift's error type for schema changes. Slate's `SchemaChanger` throws `SQLiteError`
// with the same facts (and an SQLite result code), so that every Slate error is one type;
// `SchemaChanger.Error` exists so SQLite.swift code that names it (declares, throws or matches
// it) compiles. A `catch SchemaChanger.Error.invalidColumnDefinition` around a Slate change does
// not match: the change throws `SQLiteError`.

import Foundation
import Slate
import SlateCore

extension SchemaChanger {
    /// SQLite.swift's errors for schema changes: a column that `ALTER TABLE … ADD COLUMN`
    /// cannot add, or a change that breaks foreign keys.
    ///
    /// Slate does not throw it: its `SchemaChanger` throws `SQLiteError` in these places,
    /// keeping Slate's guarantee that every error is an `SQLiteError` with a result code —
    /// SQLite's own refusal of the column (`Cannot add a PRIMARY KEY column`, …, `SQLITE_ERROR`)
    /// and `SQLITE_CONSTRAINT_FOREIGNKEY` naming each broken reference. Code that catches
    /// `SchemaChanger.Error` should catch `SQLiteError` instead.
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
