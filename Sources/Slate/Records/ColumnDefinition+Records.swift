// The column definitions `@Table` generates: the declared type from the property's Swift type
// (SQLite.swift's `Datatype`s: `Int64`, `Int` and `Bool` INTEGER, `Double` REAL, `String`, `Date`,
// `UUID` and `URL` TEXT, `Data` BLOB), `NOT NULL` unless the property is optional. The overloads
// are chosen at compile time in the order the record's reads and writes use (see `RecordReader`).

extension ColumnDefinition {
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
    ) -> ColumnDefinition where Representation.Stored: Value {
        recordColumn(name, declaredType: Representation.Stored.declaredDatatype, nullable: optional, primaryKey: primaryKey)
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
