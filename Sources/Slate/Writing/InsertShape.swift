/// The shape of a one-row insert of plain values: conflict clause, table and columns, which fix
/// its SQL text. Its statement is kept in the connection's statement cache under this shape (see
/// `Connection.runThroughShapeCache`), so a repeated shape needs neither rendering nor hashing
/// SQL: the last shape used is compared with the next insert in place, without building a key.
///
/// Shapes are compared element by element by their bytes (`identicalText`), as SQLite compares
/// names, not with Swift's `==` (canonically equivalent names may be different columns). Strings
/// that share storage (a column expression's template, a coding key's literal) or are small
/// compare as two words of raw bits.
final class InsertShape: StatementShape {
    let conflict: OnConflict?
    let tableName: String
    let database: String?
    /// The columns: quoted templates (setters) or unquoted, distinct names (`encoded`).
    let columns: [String]
    /// Whether `columns` are unquoted names from an `Encodable` value.
    let encoded: Bool
    /// The `@Table` record type whose every column the statement sets, if it is a record's:
    /// such a shape is found by the type, no name compared.
    let recordType: ObjectIdentifier?

    init(_ insert: Insert, columns: [String], encoded: Bool, recordType: ObjectIdentifier? = nil) {
        self.conflict = insert.conflict
        self.tableName = insert.tableName
        self.database = insert.database
        self.columns = columns
        self.encoded = encoded
        self.recordType = recordType
    }

    /// Whether a setters insert has this shape.
    func matches(_ insert: Insert, setters: [Setter]) -> Bool {
        guard !encoded, recordType == nil, columns.count == setters.count, sameTable(insert) else { return false }
        for index in setters.indices where !identicalText(columns[index], setters[index].column.template) {
            return false
        }
        return true
    }

    /// Whether an encoded insert has this shape.
    func matches(_ insert: Insert, encoded row: [EncodedColumn]) -> Bool {
        guard encoded, recordType == nil, columns.count == row.count, sameTable(insert) else { return false }
        // Compared in place through buffer pointers: no copy (and retain) of either name.
        return columns.withUnsafeBufferPointer { columns in
            row.withUnsafeBufferPointer { row in
                for index in row.indices where !identicalText(columns[index], row[index].name) { return false }
                return true
            }
        }
    }

    /// Whether a `@Table` record's insert has this shape.
    func matches(_ insert: Insert, record row: Insert.RecordRow) -> Bool {
        recordType == row.type && sameTable(insert)
    }

    private func sameTable(_ insert: Insert) -> Bool {
        sameTable(insert.conflict, insert.tableName, insert.database)
    }

    private func sameTable(_ otherConflict: OnConflict?, _ otherTable: String, _ otherDatabase: String?) -> Bool {
        conflict == otherConflict && identicalText(tableName, otherTable)
            && database.map { database in otherDatabase.map { identicalText(database, $0) } ?? false } ?? (otherDatabase == nil)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(conflict)
        hasher.combine(SQLText(tableName))
        hasher.combine(database.map(SQLText.init))
        hasher.combine(recordType)
        // A record's shape is found by its type: its columns are the type's.
        guard recordType == nil else { return }
        hasher.combine(encoded)
        for column in columns { hasher.combine(SQLText(column)) }
    }

    func isSame(as other: any StatementShape) -> Bool {
        guard let other = other as? InsertShape, recordType == other.recordType,
            sameTable(other.conflict, other.tableName, other.database)
        else { return false }
        if recordType != nil { return true }
        guard encoded == other.encoded, columns.count == other.columns.count else { return false }
        return zip(columns, other.columns).allSatisfy { identicalText($0, $1) }
    }
}
