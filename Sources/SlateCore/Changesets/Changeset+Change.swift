extension Changeset {
    /// What a change did to its row.
    public enum Operation: String, Hashable, Sendable, CustomStringConvertible {
        /// The row was inserted: ``Change/newValues`` has every column.
        case insert
        /// The row was updated: the changed columns have both values, the primary key its old
        /// value (a patchset has no old values).
        case update
        /// The row was deleted: ``Change/oldValues`` has every column (a patchset's, only the
        /// primary key).
        case delete

        init?(code: Int32) {
            switch code {
            case SQLITE_INSERT: self = .insert
            case SQLITE_UPDATE: self = .update
            case SQLITE_DELETE: self = .delete
            default: return nil
            }
        }

        /// `"insert"`, `"update"` or `"delete"`.
        public var description: String { rawValue }
    }

    /// One changed row of a ``Changeset``: its table, what was done, and the values involved.
    ///
    /// Values are per column, in the table's column order; `nil` marks a value that the changeset
    /// does not carry (an update's unchanged column, a patchset's old values), which differs from
    /// ``SQLiteValue/null``, a `NULL` in the row.
    public struct Change: Hashable, Sendable {
        /// The table's name.
        public let table: String
        /// What was done to the row.
        public let operation: Operation
        /// Whether the change was recorded as indirect (see ``Session/setIndirect(_:)``).
        public let isIndirect: Bool
        /// For each column, whether it is part of the table's primary key.
        public let primaryKeyColumns: [Bool]
        /// The row's values before the change: empty for an insert.
        public let oldValues: [SQLiteValue?]
        /// The row's values after the change: empty for a delete.
        public let newValues: [SQLiteValue?]

        /// Creates a change, for comparisons in tests.
        ///
        /// - Parameters:
        ///   - table: The table's name.
        ///   - operation: What was done to the row.
        ///   - isIndirect: Whether the change is indirect.
        ///   - primaryKeyColumns: For each column, whether it is part of the primary key.
        ///   - oldValues: The values before the change (empty for an insert).
        ///   - newValues: The values after the change (empty for a delete).
        public init(
            table: String, operation: Operation, isIndirect: Bool = false, primaryKeyColumns: [Bool],
            oldValues: [SQLiteValue?], newValues: [SQLiteValue?]
        ) {
            self.table = table
            self.operation = operation
            self.isIndirect = isIndirect
            self.primaryKeyColumns = primaryKeyColumns
            self.oldValues = oldValues
            self.newValues = newValues
        }

        /// The primary key's values, which identify the row: the old ones when the change has
        /// them, the new ones otherwise (an insert, or a patchset's update).
        public var primaryKey: [SQLiteValue?] {
            primaryKeyColumns.indices.filter { primaryKeyColumns[$0] }.map { column in
                (column < oldValues.count ? oldValues[column] : nil)
                    ?? (column < newValues.count ? newValues[column] : nil)
            }
        }

        /// Reads the change under an iterator (`sqlite3changeset_op`, `_pk`, `_old`, `_new`).
        ///
        /// - Parameters:
        ///   - iterator: A changeset iterator on a change, or a conflict handler's iterator.
        ///   - api: The session extension.
        /// - Throws: ``SQLiteError`` when SQLite cannot read the change.
        init(iterator: OpaquePointer, api: SessionExtension) throws(SQLiteError) {
            var name: UnsafePointer<CChar>?
            var columnCount: Int32 = 0
            var code: Int32 = 0
            var indirect: Int32 = 0
            let status = api.changesetOp(iterator, &name, &columnCount, &code, &indirect)
            guard status == SQLITE_OK, let name, let operation = Operation(code: code), columnCount >= 0 else {
                throw Changeset.corrupt(status, "cannot read a change")
            }
            var flags: UnsafeMutablePointer<UInt8>?
            var flagCount: Int32 = 0
            _ = api.changesetPrimaryKey(iterator, &flags, &flagCount)
            let primaryKey: [Bool] =
                if let flags, flagCount == columnCount {
                    (0..<Int(columnCount)).map { flags[$0] != 0 }
                } else {
                    Array(repeating: false, count: Int(columnCount))
                }
            self.table = String(cString: name)
            self.operation = operation
            self.isIndirect = indirect != 0
            self.primaryKeyColumns = primaryKey
            self.oldValues =
                operation == .insert ? [] : try Self.values(iterator, columnCount, api.changesetOld, "old")
            self.newValues =
                operation == .delete ? [] : try Self.values(iterator, columnCount, api.changesetNew, "new")
        }

        /// A row's values from `sqlite3changeset_old`, `_new` or `_conflict`.
        static func values(
            _ iterator: OpaquePointer, _ count: Int32, _ read: SessionExtension.Value, _ what: String
        ) throws(SQLiteError) -> [SQLiteValue?] {
            var values: [SQLiteValue?] = []
            values.reserveCapacity(Int(count))
            for column in 0..<count {
                var value: OpaquePointer?
                let code = read(iterator, column, &value)
                guard code == SQLITE_OK else { throw Changeset.corrupt(code, "cannot read a change's \(what) values") }
                values.append(value.map { SQLiteValue(functionArgument: $0) })
            }
            return values
        }
    }
}
