/// A Swift struct stored as the rows of one table, read and written by generated code.
///
/// Declare records with the `@Table` macro of the `SlateMacros` product, which writes every
/// requirement below from the struct's stored properties:
///
/// ```swift
/// import SlateMacros
///
/// @Table
/// struct Player {
///     @Column(primaryKey: true) var id: Int64
///     var name: String
///     var score: Int64?
/// }
///
/// try Player.createTable(db)
/// try Player(id: 1, name: "Arthur", score: 42).insert(db)
/// let best = try Player.filter { $0.score > 10 }.order { $0.score.desc }.fetchAll(db)
/// ```
///
/// The generated ``init(reading:)`` reads a row in place, column by column, and
/// ``write(to:)`` binds the values straight into a statement: no `Decoder`, no `Encoder`,
/// no intermediate array. Every typed path of Slate takes this code when a type has it:
/// `row.decode()`, `Cursor.decodeAll`, and the Codable `insert`, `update`,
/// `upsert` and `insertMany` of a table (see ``codableUsesRecordColumns``).
///
/// Conform by hand only when a macro cannot be used; the requirements are documented for that
/// case, and ``RecordReader`` and ``RecordWriter`` are the whole protocol between the record
/// and Slate.
public protocol TableRecord {
    /// The type of ``columns``: one typed expression per stored column, named like the property.
    associatedtype Columns: Sendable

    /// The table's name (`@Table("name")`, or the type's name, lowerCamelCased and pluralised).
    static var tableName: String { get }

    /// The table, for SQLite.swift's query language (`Player.table.filter(…)`).
    static var table: Table { get }

    /// One typed expression per stored column: `Player.columns.score > 10`.
    static var columns: Columns { get }

    /// The table's columns, in the order ``init(reading:)`` reads them and ``write(to:)``
    /// writes them: the stored properties' declaration order.
    static var columnNames: [String] { get }

    /// The definitions of ``columnNames``, in the same order, for ``createTable(_:ifNotExists:)``.
    static var columnDefinitions: [ColumnDefinition] { get }

    /// The name of the primary-key column, if the record declares one
    /// (`@Column(primaryKey: true)`).
    static var primaryKeyColumn: String? { get }

    /// Whether Slate's Codable calls (`row.decode()`, `table.insert(value)`, …) may take the
    /// generated code for this type when it is also Codable.
    ///
    /// `@Table` answers `false` when the type customises its coding (its own `CodingKeys`,
    /// `init(from:)` or `encode(to:)`), whose columns the macro cannot know; the Codable path
    /// then runs as before. The default is `true`.
    static var codableUsesRecordColumns: Bool { get }

    /// Reads a record from the current row, one column per stored property in
    /// ``columnNames`` order.
    ///
    /// - Parameter reader: The row's reader; each `read` names its column by its position.
    /// - Throws: `SQLiteError` naming the column and the type, for a missing column, a `NULL`
    ///   in a non-optional property, or a value of the wrong type.
    init(reading reader: borrowing RecordReader) throws(SQLiteError)

    /// Writes the record's values, one per stored property in ``columnNames`` order.
    ///
    /// - Parameter writer: The writer; each `write` call fills the next column.
    /// - Throws: `SQLiteError` when a value has no stored form (a `Date` outside the years
    ///   0000–9999, a `UInt64` above `Int64.max`, a value whose JSON cannot be made).
    func write(to writer: inout RecordWriter) throws(SQLiteError)
}

extension TableRecord {
    /// `true`: Slate's Codable calls take the generated code (see the requirement).
    public static var codableUsesRecordColumns: Bool { true }
}
