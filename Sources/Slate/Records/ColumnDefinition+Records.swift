// The column definitions `@Table` generates: the declared type from the property's Swift type
// (SQLite.swift's `Datatype`s: the integers of every width and `Bool` INTEGER, `Double` and `Float`
// REAL, `String`, `Date`, `UUID` and `URL` TEXT, `Data` BLOB), `NOT NULL` unless the property is
// optional. The overloads
// are chosen at compile time in the order the record's reads and writes use (see `RecordReader`).

extension ColumnDefinition {
    /// The definition of a record column of a type SlateCore stores that is not a ``Value``
    /// (`UInt`, `UInt64`, `SQLiteValue`, your own `SQLiteRepresentable` types), which records
    /// read and write in place: integers are `INTEGER`, enums their raw value's type, and any other
    /// type has no declared type, so the column keeps what it binds.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - type: The property's type.
    ///   - primaryKey: Whether it is the table's primary key.
    /// - Returns: `"name" [TYPE] [PRIMARY KEY] NOT NULL`.
    public static func recordColumn<T: SQLiteRepresentable>(_ name: String, _ type: T.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    {
        recordColumn(name, declaredType: storedDeclaredType(T.self), nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column of a type SlateCore stores that is not a ``Value``.
    public static func recordColumn<T: SQLiteRepresentable>(_ name: String, _ type: T?.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    {
        recordColumn(name, declaredType: storedDeclaredType(T.self), nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column of a type with a declared SQLite type (``Value``).
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - type: The property's type.
    ///   - primaryKey: Whether it is the table's primary key.
    /// - Returns: `"name" TYPE [PRIMARY KEY] NOT NULL`.
    public static func recordColumn<T: Value>(_ name: String, _ type: T.Type, primaryKey: Bool = false) -> ColumnDefinition {
        recordColumn(name, declaredType: T.declaredDatatype, nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column of a type with a declared SQLite type.
    public static func recordColumn<T: Value>(_ name: String, _ type: T?.Type, primaryKey: Bool = false) -> ColumnDefinition {
        recordColumn(name, declaredType: T.declaredDatatype, nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column of a standard type, which is both a ``Value`` and a
    /// type SlateCore stores: its ``Value/declaredDatatype``.
    public static func recordColumn<T: Value & SQLiteRepresentable>(_ name: String, _ type: T.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    {
        recordColumn(name, declaredType: T.declaredDatatype, nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column of a standard type.
    public static func recordColumn<T: Value & SQLiteRepresentable>(_ name: String, _ type: T?.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    {
        recordColumn(name, declaredType: T.declaredDatatype, nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column holding an enum's raw value.
    @_disfavoredOverload
    public static func recordColumn<T: RawRepresentable>(_ name: String, _ type: T.Type, primaryKey: Bool = false) -> ColumnDefinition
    where T.RawValue: Value {
        recordColumn(name, declaredType: T.RawValue.declaredDatatype, nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column holding an enum's raw value.
    @_disfavoredOverload
    public static func recordColumn<T: RawRepresentable>(_ name: String, _ type: T?.Type, primaryKey: Bool = false) -> ColumnDefinition
    where T.RawValue: Value {
        recordColumn(name, declaredType: T.RawValue.declaredDatatype, nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column holding a Codable enum's raw value.
    @_disfavoredOverload
    public static func recordColumn<T: RawRepresentable & Decodable>(_ name: String, _ type: T.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    where T.RawValue: Value {
        recordColumn(name, declaredType: T.RawValue.declaredDatatype, nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column holding a Codable enum's raw value.
    @_disfavoredOverload
    public static func recordColumn<T: RawRepresentable & Decodable>(_ name: String, _ type: T?.Type, primaryKey: Bool = false)
        -> ColumnDefinition
    where T.RawValue: Value {
        recordColumn(name, declaredType: T.RawValue.declaredDatatype, nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column holding any other Codable value, as JSON `TEXT`.
    @_disfavoredOverload
    public static func recordColumn<T: Decodable>(_ name: String, _ type: T.Type, primaryKey: Bool = false) -> ColumnDefinition {
        recordColumn(name, declaredType: "TEXT", nullable: false, primaryKey: primaryKey)
    }

    /// The definition of an optional record column holding any other Codable value, as JSON `TEXT`.
    @_disfavoredOverload
    public static func recordColumn<T: Decodable>(_ name: String, _ type: T?.Type, primaryKey: Bool = false) -> ColumnDefinition {
        recordColumn(name, declaredType: "TEXT", nullable: true, primaryKey: primaryKey)
    }

    /// The definition of a record column stored through a ``ColumnRepresentation``: the stored
    /// type's declared type.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - representation: How the property is stored.
    ///   - optional: Whether the property is optional (then the column accepts `NULL`).
    ///   - primaryKey: Whether it is the table's primary key.
    public static func recordColumn<Representation: ColumnRepresentation>(
        _ name: String, representation: Representation.Type, optional: Bool, primaryKey: Bool = false
    ) -> ColumnDefinition {
        recordColumn(name, declaredType: storedDeclaredType(Representation.Stored.self), nullable: optional, primaryKey: primaryKey)
    }

    /// The declared type of a column holding a type SlateCore stores but that is not a ``Value``:
    /// `INTEGER` for an integer, the raw value's type for an enum whose raw value is a ``Value``,
    /// none otherwise (a column without a declared type keeps each value as it is bound).
    static func storedDeclaredType<T: SQLiteRepresentable>(_ type: T.Type) -> String {
        if let value = T.self as? any Value.Type { return value.declaredDatatype }
        if T.self is any FixedWidthInteger.Type { return "INTEGER" }
        if let raw = T.self as? any RawRepresentable.Type { return rawValueDeclaredType(raw) }
        return ""
    }

    /// The declared type of an enum's raw value, or none when the raw value is not a ``Value``.
    private static func rawValueDeclaredType<T: RawRepresentable>(_ type: T.Type) -> String {
        (T.RawValue.self as? any Value.Type)?.declaredDatatype ?? ""
    }

    /// A record column: `"name" TYPE [PRIMARY KEY] [NOT NULL]`, in the table builder's clause order.
    private static func recordColumn(_ name: String, declaredType: String, nullable: Bool, primaryKey: Bool) -> ColumnDefinition {
        var column = ColumnDefinition(
            name: name, primaryKey: primaryKey ? PrimaryKey(autoIncrement: false) : nil, type: Affinity(declaredType),
            nullable: nullable)
        column.declaredType = declaredType
        column.clauseOrder = .tableBuilder
        return column
    }
}
