import Foundation

/// A model of one column of a ``TableDescription``: its name, type and nullability.
///
/// It describes a column; it is not a column (SQLite.swiftly's naming rule), so it has no
/// methods that change a database.
///
/// ```swift
/// let id = ColumnDescription(name: "id", type: .integer, nullable: false)
/// let note = ColumnDescription(name: "note", type: .text)   // nullable
/// ```
public struct ColumnDescription: Hashable, Sendable, CustomStringConvertible {
    /// The column's type, as declared in `CREATE TABLE` (SQLite's type affinities).
    public enum DataType: String, Hashable, Sendable, CaseIterable {
        /// `INTEGER`: 64-bit signed integers.
        case integer = "INTEGER"
        /// `REAL`: 64-bit floating-point numbers.
        case real = "REAL"
        /// `TEXT`: UTF-8 text.
        case text = "TEXT"
        /// `BLOB`: bytes, stored as given.
        case blob = "BLOB"
        /// `NUMERIC`: numbers kept as integers when they are integral.
        case numeric = "NUMERIC"

        /// The type as SQLite reports a declared type (`PRAGMA table_info`), ignoring case and
        /// surrounding spaces; `nil` for other declared types (`VARCHAR(20)`, none, …).
        ///
        /// - Parameter declaredType: The declared type text.
        init?(declaredType: String) {
            let trimmed = declaredType.trimmingCharacters(in: .whitespaces).uppercased()
            self.init(rawValue: trimmed)
        }
    }

    /// The column name (unquoted).
    public let name: String
    /// The column type.
    public let type: DataType
    /// Whether the column accepts `NULL`; `false` adds `NOT NULL` to the column.
    public let isNullable: Bool

    /// Describes a column.
    ///
    /// - Parameters:
    ///   - name: The column name (unquoted).
    ///   - type: The column type.
    ///   - nullable: Whether the column accepts `NULL` (the default).
    public init(name: String, type: DataType, nullable: Bool = true) {
        self.name = name
        self.type = type
        self.isNullable = nullable
    }

    /// The column's definition in `CREATE TABLE`: `"name" TYPE` and `NOT NULL` when it applies.
    public var description: String {
        SQLiteValue.quoteIdentifier(name) + " " + type.rawValue + (isNullable ? "" : " NOT NULL")
    }
}
