// The `@Table` macro and its property attributes. This product is the only one that builds
// swift-syntax: `import Slate` and the `slate` tool never do.

@_exported import Slate

/// Makes a struct a record of a table: generates its `TableRecord` conformance.
///
/// ```swift
/// @Table
/// struct Player {
///     @Column(primaryKey: true) var id: Int64
///     var name: String
///     var score: Int64?
/// }
/// ```
///
/// It generates, in an extension (so the struct keeps its memberwise initializer):
/// - `static let tableName`: the argument, or the type's name lowerCamelCased and pluralised
///   (`Player` → `players`, `AuditEntry` → `auditEntries`);
/// - `static let table`, for SQLite.swift's query language;
/// - `struct Columns` and `static let columns`: one typed `SQLExpression` per stored property,
///   named like it (`Player.columns.score > 10`);
/// - `static let columnNames`, in declaration order, and `static var columnDefinitions`, for
///   `CREATE TABLE`;
/// - `init(reading:)`, which reads a row in place, and `write(to:)`, which binds the values:
///   no `Decoder`, no `Encoder`.
///
/// Every stored property is a column unless it is marked `Transient()`. Its type must be one
/// Slate stores: integers, `Bool`, `Double`, `Float`, `String`, `Data`, `Date`, `UUID`, `URL`,
/// SQLite.swift `Value` types, enums with raw values, other `Codable` values (stored as JSON
/// text), and optionals of all of them; or a `Column(_:as:primaryKey:)` representation.
///
/// - Parameter name: The table's name; by default, derived from the type's name.
@attached(
    extension, conformances: TableRecord,
    names: named(tableName), named(table), named(Columns), named(columns), named(columnNames),
    named(columnDefinitions), named(primaryKeyColumn), named(codableUsesRecordColumns), named(init(reading:)),
    named(write(to:))
)
public macro Table(_ name: String? = nil) = #externalMacro(module: "SlateMacrosPlugin", type: "TableMacro")

/// Names a record property's column, or makes it the primary key.
///
/// ```swift
/// @Column(primaryKey: true) var id: Int64
/// @Column("joined_at") var joined: Date
/// ```
///
/// - Parameters:
///   - name: The column's name; by default, the property's.
///   - primaryKey: Whether the column is the table's primary key (one per record).
@attached(peer)
public macro Column(_ name: String? = nil, primaryKey: Bool = false) =
    #externalMacro(module: "SlateMacrosPlugin", type: "ColumnMacro")

/// Stores a record property through a `ColumnRepresentation`.
///
/// ```swift
/// @Column(as: JSONColumn<[String]>.self) var tags: [String]
/// ```
///
/// - Parameters:
///   - name: The column's name; by default, the property's.
///   - representation: How the value is stored.
///   - primaryKey: Whether the column is the table's primary key.
@attached(peer)
public macro Column<Representation: ColumnRepresentation>(
    _ name: String? = nil, as representation: Representation.Type, primaryKey: Bool = false
) = #externalMacro(module: "SlateMacrosPlugin", type: "ColumnMacro")

/// Leaves a stored property out of the table: it is neither read nor written, and keeps its
/// initial value in records read from the database.
///
/// ```swift
/// @Transient var isSelected = false
/// ```
@attached(peer)
public macro Transient() = #externalMacro(module: "SlateMacrosPlugin", type: "TransientMacro")
