import Foundation

extension DiffPlan {
    /// The updates that give a zero the target's sign. The session extension compares a REAL
    /// column's old and new values with `==`, so an update from `0.0` to `-0.0` (or back) looks
    /// like no change to it and is left out of the changeset it writes. (A key whose zero changed
    /// sign is another row, deleted and inserted like any other.)
    ///
    /// - Returns: The updates, in the changeset encoding; empty when no zero changed sign.
    func signsOfZeros(on db: Connection) throws(SQLiteError) -> Data {
        var writer = ChangesetFormat.Writer()
        for table in compared where !table.others.isEmpty {
            let columns = table.columns.map { SQLiteValue.quoteIdentifier($0.name) }
            // The same key, value and storage class; the bits are compared below.
            let sameKey = table.keys.map { column in
                let name = SQLiteValue.quoteIdentifier(column.name)
                return "d.\(name) = s.\(name) AND s.\(name) IS d.\(name) COLLATE BINARY AND typeof(s.\(name)) = typeof(d.\(name))"
            }.joined(separator: " AND ")
            let zeros = table.others.map { column in
                let name = SQLiteValue.quoteIdentifier(column.name)
                return "(typeof(s.\(name)) = 'real' AND typeof(d.\(name)) = 'real' AND s.\(name) = 0 AND d.\(name) = 0)"
            }.joined(separator: " OR ")
            let cursor = try db.prepare(
                sql: "SELECT " + columns.map { "s.\($0), d.\($0)" }.joined(separator: ", ")
                    + " FROM \(Self.qualified(source, table.name)) AS s JOIN \(Self.qualified(target, table.name)) AS d"
                    + " ON \(sameKey) WHERE \(zeros)"
            ).cursor()
            var started = false
            while let row = try cursor.next() {
                let values = row.snapshot().values
                var old: [SQLiteValue?] = []
                var new: [SQLiteValue?] = []
                var changed = false
                var sameKeyBits = true
                for (index, column) in table.columns.enumerated() {
                    let (before, after) = (values[2 * index], values[2 * index + 1])
                    let identical = Self.identical(before, after)
                    if column.keyPosition > 0 {
                        sameKeyBits = sameKeyBits && identical
                        old.append(before)
                        new.append(nil)
                    } else {
                        // Only a zero's sign: any other difference is the session's update of
                        // this row, which runs first, so its values are left out here.
                        let signOnly = !identical && Self.isZero(before) && Self.isZero(after)
                        changed = changed || signOnly
                        // `Optional.none`, not `nil`: SQLiteValue is ExpressibleByNilLiteral, so a
                        // bare `nil` here would be a NULL value, not a value left out.
                        old.append(signOnly ? before : Optional.none)
                        new.append(signOnly ? after : Optional.none)
                    }
                }
                guard sameKeyBits, changed else { continue }
                if !started {
                    writer.table(table.name, keyPositions: table.columns.map(\.keyPosition))
                    started = true
                }
                writer.update(old: old, new: new)
            }
        }
        return writer.data
    }

    /// Whether a value is a REAL zero, of either sign.
    private static func isZero(_ value: SQLiteValue) -> Bool {
        if case .real(let real) = value { return real == 0 }
        return false
    }

    /// Whether two values are the same, a REAL bit for bit.
    private static func identical(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool {
        if case .real(let x) = a, case .real(let y) = b { return x.bitPattern == y.bitPattern }
        return a == b
    }
}

/// A scalar function, registered for the time of a diff under a name of its own, that gives a
/// REAL's bits as an INTEGER (and any other value as it is): SQL compares `0.0` and `-0.0` as
/// equal, and has no other way to tell them apart.
struct RealBitsFunction {
    let name: String
    private let connection: Connection

    init(_ connection: Connection, name: String) throws(SQLiteError) {
        let db = try connection.checkedHandle()
        let code = sqlite3_create_function_v2(db, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, realBits, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw Connection.functionError(code: code, db: db, verb: "create", name: name, argumentCount: 1)
        }
        self.name = name
        self.connection = connection
    }

    /// Unregisters the function.
    func remove() {
        try? connection.removeFunction(name, argumentCount: 1)
    }
}

private func realBits(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 1, let value = arguments?[0] else { return sqlite3_result_null(context) }
    if sqlite3_value_type(value) == SQLITE_FLOAT {
        sqlite3_result_int64(context, Int64(bitPattern: sqlite3_value_double(value).bitPattern))
    } else {
        sqlite3_result_value(context, value)
    }
}
