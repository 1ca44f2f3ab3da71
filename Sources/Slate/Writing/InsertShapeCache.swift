/// Statements for one-row inserts of plain values, by shape: conflict clause, table and columns
/// (see `Connection.runThroughShapeCache`). A few shapes are kept, most recently used first.
///
/// Shapes are compared element by element by their bytes (`identicalText`), as SQLite compares
/// names, not with Swift's `==` (canonically equivalent names may be different columns). Strings
/// that share storage (a column expression's template, a coding key's literal) or are small
/// compare as two words of raw bits.
///
/// Kept in the connection's storage: one cache per connection, gone with the connection.
final class InsertShapeCache: ConnectionStorageValue {
    /// The connection's cache, made on its first typed insert.
    enum StorageKey: ConnectionStorageKey {
        static let slot = ConnectionStorageSlot()
        static func makeValue() -> InsertShapeCache { InsertShapeCache() }
    }

    /// One shape and its statement (a class, so that scanning the shapes copies one reference
    /// per shape rather than every field).
    final class Entry {
        let conflict: OnConflict?
        let tableName: String
        let database: String?
        /// The columns: quoted templates (setters) or unquoted, distinct names (`encoded`).
        let columns: [String]
        /// Whether `columns` are unquoted names from an `Encodable` value.
        let encoded: Bool
        /// The `@Table` record type whose every column the statement sets, if it is a record's.
        var recordType: ObjectIdentifier?
        let statement: Statement

        init(
            conflict: OnConflict?, tableName: String, database: String?, columns: [String], encoded: Bool,
            statement: Statement
        ) {
            self.conflict = conflict
            self.tableName = tableName
            self.database = database
            self.columns = columns
            self.encoded = encoded
            self.statement = statement
        }
    }

    /// How many shapes are kept.
    static let capacity = 8

    /// The shapes, most recently used first. Not checked for exclusivity at run time: a
    /// connection is used by one thread at a time, and every typed insert reads this.
    /// Unchecked: its checks cost 152 instructions per row on W5 `c0 <- v0` and Codable inserts (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var entries: [Entry] = []

    /// What a lookup found.
    enum Lookup {
        /// The shape's statement, ready to bind.
        case found(Statement)
        /// The shape's statement is still being stepped (an insert run from inside another one,
        /// by a custom function or a hook): the caller needs a fresh statement.
        case busy
        /// The shape is not cached.
        case missing
    }

    /// The statement of a setters insert's shape.
    func lookup(_ insert: Insert, setters: [Setter]) -> Lookup {
        for position in entries.indices {
            let entry = entries[position]
            guard !entry.encoded, entry.columns.count == setters.count, Self.sameTable(entry, insert) else { continue }
            var same = true
            for index in setters.indices where !identicalText(entry.columns[index], setters[index].column.template) {
                same = false
                break
            }
            if same { return use(position) }
        }
        return .missing
    }

    /// The statement of an encoded insert's shape.
    /// The statement for a `@Table` record's row: found by the record's type, no name compared.
    func lookup(_ insert: Insert, record row: Insert.RecordRow) -> Lookup {
        for position in entries.indices {
            let entry = entries[position]
            guard entry.recordType == row.type, Self.sameTable(entry, insert) else { continue }
            return use(position)
        }
        return .missing
    }

    func lookup(_ insert: Insert, encoded row: [EncodedColumn]) -> Lookup {
        for position in entries.indices {
            let entry = entries[position]
            guard entry.encoded, entry.columns.count == row.count, Self.sameTable(entry, insert) else { continue }
            // Compared in place through buffer pointers: no copy (and retain) of either name.
            let same = entry.columns.withUnsafeBufferPointer { columns in
                row.withUnsafeBufferPointer { row in
                    for index in row.indices where !identicalText(columns[index], row[index].name) { return false }
                    return true
                }
            }
            if same { return use(position) }
        }
        return .missing
    }

    /// Keeps a new shape, forgetting the least recently used one when full.
    func add(_ entry: Entry) {
        if entries.count >= Self.capacity { entries.removeLast() }
        entries.insert(entry, at: 0)
    }

    /// The statement at a position, moved to the front and ready to bind, unless it is busy.
    private func use(_ position: Int) -> Lookup {
        let statement = entries[position].statement
        if statement.isBusy { return .busy }
        // It is also the statement cache's: a raw user may have run it to its end, unreset.
        statement.resetIfStepped()
        if position > 0 { entries.insert(entries.remove(at: position), at: 0) }
        return .found(statement)
    }

    private static func sameTable(_ entry: Entry, _ insert: Insert) -> Bool {
        entry.conflict == insert.conflict && identicalText(entry.tableName, insert.tableName)
            && entry.database.map { database in insert.database.map { identicalText(database, $0) } ?? false } ?? (insert.database == nil)
    }

    func connectionWillClearStatementCache() {
        entries.removeAll()
    }

    func connectionWillClose() {
        entries.removeAll()
    }
}
