import SlateCore

/// A column as ``SchemaReader`` reads it and ``SchemaChanger`` adds it: name, type affinity,
/// primary key, nullability, uniqueness, default value and foreign key.
///
/// It is also what the table builder's `t.column(…)` and `Table`'s `addColumn(…)` define, and
/// it writes its own SQL for all three.
///
/// ```swift
/// let newColumn = ColumnDefinition(
///     name: "new_text_column", type: .TEXT, nullable: true, defaultValue: .stringLiteral("foo"))
/// ```
public struct ColumnDefinition: Equatable, Sendable {
    /// A column's type affinity: the storage class SQLite prefers for its values.
    public enum Affinity: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Integers.
        case INTEGER
        /// Numbers (integer or real), converting text that looks like one.
        case NUMERIC
        /// Floating-point numbers.
        case REAL
        /// Text.
        case TEXT
        /// Values stored as given.
        case BLOB

        /// The affinity SQLite gives a declared type (https://sqlite.org/datatype3.html, 3.1).
        ///
        /// - Parameter declaredType: The type in the column definition, such as `VARCHAR(20)`.
        public init(_ declaredType: String) {
            let type = declaredType.uppercased()
            if type.contains("INT") {
                self = .INTEGER
            } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
                self = .TEXT
            } else if type.contains("BLOB") || type.isEmpty {
                self = .BLOB
            } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
                self = .REAL
            } else {
                self = .NUMERIC
            }
        }

        /// The affinity's name.
        public var description: String { rawValue }
    }

    /// What SQLite does when a constraint fails (`ON CONFLICT …`).
    public enum OnConflict: String, Sendable, CaseIterable {
        /// Roll the transaction back.
        case ROLLBACK
        /// Undo the statement (the default).
        case ABORT
        /// Stop the statement, keeping its earlier changes.
        case FAIL
        /// Skip the row.
        case IGNORE
        /// Delete the conflicting rows, then insert.
        case REPLACE
    }

    /// A column's primary key: its own, or its part of the table's `PRIMARY KEY (a, b)`.
    public struct PrimaryKey: Equatable, Sendable {
        /// Whether rowids are never reused (`AUTOINCREMENT`).
        public let autoIncrement: Bool
        /// The conflict resolution, if declared.
        public let onConflict: OnConflict?

        /// Creates a primary key description.
        ///
        /// `autoIncrement` is `true` unless given, as in SQLite.swift: `PrimaryKey()` is
        /// `PRIMARY KEY AUTOINCREMENT`, which only an `INTEGER` column accepts.
        ///
        /// - Parameters:
        ///   - autoIncrement: Whether it is `AUTOINCREMENT` (rowids never reused).
        ///   - onConflict: The conflict resolution.
        public init(autoIncrement: Bool = true, onConflict: OnConflict? = nil) {
            self.autoIncrement = autoIncrement
            self.onConflict = onConflict
        }

        /// `PRIMARY KEY [ON CONFLICT …] [AUTOINCREMENT]`, in the order SQLite's grammar wants.
        var sql: String {
            var sql = "PRIMARY KEY"
            if let onConflict { sql += " ON CONFLICT " + onConflict.rawValue }
            if autoIncrement { sql += " AUTOINCREMENT" }
            return sql
        }
    }

    /// A foreign key (`PRAGMA foreign_key_list`).
    public struct ForeignKey: Equatable, Sendable {
        /// The referencing column.
        public let fromColumn: String
        /// The referenced table.
        public let toTable: String
        /// The referenced column; `nil` means the referenced table's primary key.
        public let toColumn: String?
        /// The `ON UPDATE` action, unless `NO ACTION`.
        public let onUpdate: String?
        /// The `ON DELETE` action, unless `NO ACTION`.
        public let onDelete: String?

        /// Creates a foreign key description for a column being defined (its ``fromColumn`` is
        /// empty until the column is read back).
        ///
        /// - Parameters:
        ///   - toTable: The referenced table.
        ///   - toColumn: The referenced column, or `nil` for its primary key.
        ///   - onUpdate: The `ON UPDATE` action.
        ///   - onDelete: The `ON DELETE` action.
        public init(toTable: String, toColumn: String? = nil, onUpdate: String? = nil, onDelete: String? = nil) {
            self.init(fromColumn: "", toTable: toTable, toColumn: toColumn, onUpdate: onUpdate, onDelete: onDelete)
        }

        /// Creates a foreign key description.
        ///
        /// - Parameters:
        ///   - fromColumn: The referencing column.
        ///   - toTable: The referenced table.
        ///   - toColumn: The referenced column, or `nil` for its primary key.
        ///   - onUpdate: The `ON UPDATE` action.
        ///   - onDelete: The `ON DELETE` action.
        public init(
            fromColumn: String, toTable: String, toColumn: String? = nil, onUpdate: String? = nil,
            onDelete: String? = nil
        ) {
            self.fromColumn = fromColumn
            self.toTable = toTable
            self.toColumn = toColumn
            self.onUpdate = onUpdate
            self.onDelete = onDelete
        }

        /// `REFERENCES "table" ("column") [ON UPDATE …] [ON DELETE …]`.
        var sql: String {
            var sql = "REFERENCES " + SQLiteValue.quoteIdentifier(toTable)
            if let toColumn { sql += " (" + SQLiteValue.quoteIdentifier(toColumn) + ")" }
            if let onUpdate { sql += " ON UPDATE " + onUpdate }
            if let onDelete { sql += " ON DELETE " + onDelete }
            return sql
        }
    }

    /// The column's name.
    public let name: String
    /// Its primary key, if it is a primary-key column: the table's only one, or one of the
    /// columns of `PRIMARY KEY (a, b)` (each of which carries the key, as in SQLite.swift).
    public let primaryKey: PrimaryKey?
    /// Its type affinity.
    public let type: Affinity
    /// Whether it accepts `NULL`.
    public let nullable: Bool
    /// Whether a `UNIQUE` constraint covers it alone.
    public let unique: Bool
    /// Its default value (`.NULL` when none).
    public let defaultValue: LiteralValue
    /// Its foreign key, if any.
    public let references: ForeignKey?
    /// The declared type as written (`VARCHAR(20)`), kept so table rebuilds do not change it.
    /// Not part of `==`: a column read back equals one built with the same public fields.
    package var declaredType: String?
    /// The condition of a `CHECK` constraint on the column, as SQL with its values inlined (the
    /// table builder's `check:`). Not part of `==`, like the declared type.
    package var check: String?
    /// The name of the column's collating sequence, as SQL (the table builder's `collate:`).
    /// Not part of `==`, like the declared type.
    package var collation: String?
    /// Clauses copied as written from the table's `CREATE TABLE` text, for a table rebuild that
    /// regenerates the table from its column definitions: `COLLATE`, `CHECK` (with its
    /// constraint name) and `GENERATED ALWAYS AS (…)`, which no pragma reports. Not part of `==`.
    var writtenClauses: [String] = []
    /// The order in which ``sql`` writes the clauses. Not part of `==`.
    package var clauseOrder = ClauseOrder.schemaChanger

    /// The two orders in which SQLite.swift writes a column definition's clauses: its table
    /// builder and its `SchemaChanger` put the same clauses in different orders, and the SQL
    /// that users' tests pin is each API's own.
    package enum ClauseOrder: Sendable {
        /// `"name" TYPE [PRIMARY KEY …] [NOT NULL] [UNIQUE] [CHECK (…)] [DEFAULT …]
        /// [REFERENCES …] [COLLATE …]`: `t.column(…)` and `addColumn(…)`.
        case tableBuilder
        /// `"name" TYPE [DEFAULT …] [PRIMARY KEY …] [UNIQUE] [NOT NULL] [REFERENCES …]`:
        /// ``SchemaChanger``'s added columns and table rebuilds.
        case schemaChanger
    }

    /// Whether two columns have the same name, primary key, affinity, nullability,
    /// uniqueness, default value and foreign key (the declared type as written is not compared:
    /// `VARCHAR(40)` and `TEXT` both have the affinity ``Affinity/TEXT``).
    public static func == (lhs: ColumnDefinition, rhs: ColumnDefinition) -> Bool {
        lhs.name == rhs.name && lhs.primaryKey == rhs.primaryKey && lhs.type == rhs.type
            && lhs.nullable == rhs.nullable && lhs.unique == rhs.unique && lhs.defaultValue == rhs.defaultValue
            && lhs.references == rhs.references
    }

    /// Creates a column definition.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - primaryKey: Its primary key, if any.
    ///   - type: Its type affinity.
    ///   - nullable: Whether it accepts `NULL`.
    ///   - unique: Whether it is `UNIQUE`.
    ///   - defaultValue: Its default value.
    ///   - references: Its foreign key, if any.
    public init(
        name: String, primaryKey: PrimaryKey? = nil, type: Affinity, nullable: Bool = true, unique: Bool = false,
        defaultValue: LiteralValue = .NULL, references: ForeignKey? = nil
    ) {
        self.name = name
        self.primaryKey = primaryKey
        self.type = type
        self.nullable = nullable
        self.unique = unique
        self.defaultValue = defaultValue
        self.references = references
    }

    /// The column definition SQL, in the column's ``clauseOrder``: `"email" TEXT NOT NULL UNIQUE`.
    package var sql: String {
        var parts = [SQLiteValue.quoteIdentifier(name)]
        switch clauseOrder {
        case .tableBuilder:
            // The builder writes the type it was given, even an empty one, as SQLite.swift does.
            parts.append(declaredType ?? type.rawValue)
            if let primaryKey { parts.append(primaryKey.sql) }
            if !nullable { parts.append("NOT NULL") }
            if unique { parts.append("UNIQUE") }
            if let check { parts.append("CHECK " + SchemaSQL.parenthesized(check)) }
            // The builder's default is already parenthesized SQL (see `init(_:type:notNull:…)`).
            if defaultValue != .NULL { parts.append("DEFAULT " + defaultValue.description) }
            if let references { parts.append(references.sql) }
            if let collation { parts.append("COLLATE " + collation) }
        case .schemaChanger:
            if let declaredType, !declaredType.isEmpty {
                parts.append(declaredType)
            } else if declaredType == nil {
                parts.append(type.rawValue)
            }
            if defaultValue != .NULL { parts.append("DEFAULT " + SchemaSQL.parenthesizedDefault(defaultValue.description)) }
            if let primaryKey { parts.append(primaryKey.sql) }
            if unique { parts.append("UNIQUE") }
            if !nullable { parts.append("NOT NULL") }
            if let references { parts.append(references.sql) }
            if let check { parts.append("CHECK " + SchemaSQL.parenthesized(check)) }
            if let collation { parts.append("COLLATE " + collation) }
            parts += writtenClauses
        }
        return parts.joined(separator: " ")
    }

    /// The same column under another name, with its foreign key (if any) as given.
    func renamed(_ newName: String, references: ForeignKey?) -> ColumnDefinition {
        copy(
            name: newName, primaryKey: primaryKey,
            references: references.map {
                ForeignKey(
                    fromColumn: newName, toTable: $0.toTable, toColumn: $0.toColumn, onUpdate: $0.onUpdate,
                    onDelete: $0.onDelete)
            })
    }

    /// The same column with a new declared type, nullability, default or primary key (`nil`
    /// keeps each as it is, except the primary key, which is given), for a table rebuild.
    func changing(type newType: Affinity?, nullable newNullable: Bool?, defaultValue newDefault: LiteralValue?, primaryKey newKey: PrimaryKey?)
        -> ColumnDefinition
    {
        var column = copy(
            name: name, primaryKey: newKey, references: references, type: newType, nullable: newNullable,
            defaultValue: newDefault)
        if let newType { column.declaredType = newType.rawValue }
        return column
    }

    /// The same column without its primary key, for a key declared as a table constraint.
    var withoutPrimaryKey: ColumnDefinition {
        copy(name: name, primaryKey: nil, references: references)
    }

    /// The column with another name, primary key and foreign key (and type, nullability or
    /// default, when given), and everything else kept, the internal parts too (the public fields
    /// are constants).
    private func copy(
        name: String, primaryKey: PrimaryKey?, references: ForeignKey?, type newType: Affinity? = nil,
        nullable newNullable: Bool? = nil, defaultValue newDefault: LiteralValue? = nil
    ) -> ColumnDefinition {
        var column = ColumnDefinition(
            name: name, primaryKey: primaryKey, type: newType ?? type, nullable: newNullable ?? nullable, unique: unique,
            defaultValue: newDefault ?? defaultValue, references: references)
        column.declaredType = declaredType
        column.check = check
        column.collation = collation
        column.writtenClauses = writtenClauses
        column.clauseOrder = clauseOrder
        return column
    }
}
