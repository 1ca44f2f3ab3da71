import SlateCore

extension ColumnDefinition.Affinity {
    /// Whether a column of this affinity stores a value as the same value.
    ///
    /// SQLite converts a value to a column's affinity when it stores it
    /// (https://sqlite.org/datatype3.html#type_affinity); a type change keeps a value only when
    /// that conversion gives back the same value in a storage class the type is for:
    ///
    /// - `INTEGER` holds integers, and reals and texts that SQLite turns into an integer
    ///   (`3.0`, `'042'`, `' 7 '` and `'1e3'` become 3, 42, 7 and 1000); `'abc'`, `''`, `4.5`
    ///   and a 20-digit integer (which becomes a rounded REAL) are refused.
    /// - `REAL` holds numbers a double represents exactly: `9007199254740993` (2^53 + 1) is
    ///   refused, as is text that is no number.
    /// - `NUMERIC` holds integers and reals, and texts SQLite reads as one of them without
    ///   rounding an integer (a 20-digit integer text is refused).
    /// - `TEXT` holds text, and numbers whose text reads back as the same number: SQLite writes
    ///   a REAL with 15 significant digits, so `0.1 + 0.2` is refused; a BLOB is refused.
    /// - `BLOB` (no affinity) holds everything, unchanged.
    ///
    /// `NULL` is held by every type.
    ///
    /// ```swift
    /// try ColumnDefinition.Affinity.INTEGER.holds(.text("042"), on: db)  // true: it becomes 42
    /// try ColumnDefinition.Affinity.INTEGER.holds(.text("4.5"), on: db)  // false
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - connection: The connection whose SQLite performs the conversion (in a temporary
    ///     table, so it is SQLite's own rule, not an imitation).
    /// - Returns: Whether the value would be stored as the same value.
    /// - Throws: `SQLiteError` when the check itself fails.
    public func holds(_ value: SQLiteValue, on connection: Connection) throws(SQLiteError) -> Bool {
        try StorageCheck(type: self).firstMismatch(in: "SELECT NULL AS \"row\", ?1 AS value", bindings: [value], on: connection) == nil
    }
}

/// Checks values against the affinity of a column they would be stored in, by storing them in a
/// temporary table with a column of that affinity and comparing what comes back (see
/// ``ColumnDefinition/Affinity/holds(_:on:)`` for the rule).
struct StorageCheck {
    /// The first value a type would not hold, with its row and the number of such values.
    struct Mismatch {
        let count: Int64
        let row: SQLiteValue
        let value: SQLiteValue
    }

    let type: ColumnDefinition.Affinity

    /// The storage classes the type always holds as they are (skipped by the check).
    private var heldClasses: [String] {
        switch type {
        case .INTEGER: ["null", "integer"]
        case .REAL: ["null", "real"]
        case .NUMERIC: ["null", "integer", "real"]
        case .TEXT: ["null", "text"]
        case .BLOB: ["null", "integer", "real", "text", "blob"]
        }
    }

    /// The condition under which `converted` (stored with the type's affinity) is `original`
    /// (stored with none) as the same value.
    private var holdsCondition: String {
        switch type {
        case .INTEGER:
            return "typeof(converted) = 'integer'"
        case .REAL:
            // An integer (or integer text) must come back as the same integer, compared as
            // integers (older SQLite compares an integer with a real as two reals, which hides
            // the rounding); from 9.2e18 on both casts saturate, so such a value counts as not held.
            return "typeof(converted) = 'real' AND (original GLOB '*[.eE]*' OR (abs(converted) < 9.2e18 "
                + "AND CAST(converted AS INTEGER) = CAST(original AS INTEGER)))"
        case .NUMERIC:
            // Integer text that becomes a REAL was too large for 64 bits, and was rounded.
            return "typeof(converted) = 'integer' OR (typeof(converted) = 'real' AND original GLOB '*[.eE]*')"
        case .TEXT:
            return "typeof(converted) = 'text' AND (typeof(original) <> 'real' OR CAST(converted AS REAL) = original)"
        case .BLOB:
            return "1"
        }
    }

    /// Stores the rows of `source` both as they are and with the type's affinity, and finds the
    /// values that changed.
    ///
    /// - Parameters:
    ///   - source: A `SELECT` whose columns are named `row` (a label for messages, such as the
    ///     rowid, or NULL) and `value`.
    ///   - bindings: Values for its parameters.
    ///   - connection: The connection.
    /// - Returns: The first value not held, or `nil` when every one is.
    func firstMismatch(in source: String, bindings: [SQLiteValue] = [], on connection: Connection)
        throws(SQLiteError) -> Mismatch?
    {
        guard type != .BLOB else { return nil }
        let probe = "temp.\"slate_storage_check\""
        // Columns without a type have no affinity: "original" keeps each value as it is.
        try connection.execute(
            sql: "CREATE TEMP TABLE \"slate_storage_check\" (\"row\", original, converted " + type.rawValue + ")")
        defer { try? connection.execute(sql: "DROP TABLE IF EXISTS " + probe) }
        let classes = heldClasses.map { "'" + $0 + "'" }.joined(separator: ", ")
        let insert = try connection.prepare(
            sql: "INSERT INTO " + probe + " (\"row\", original, converted) SELECT \"row\", value, value FROM ("
                + source + ") WHERE typeof(value) NOT IN (" + classes + ")")
        for (index, value) in bindings.enumerated() { try insert.bind(value, at: Int32(index + 1)) }
        try insert.executeToCompletion()
        let failing = " FROM " + probe + " WHERE NOT coalesce(" + holdsCondition + ", 0)"
        guard let count = try connection.scalar(Int64.self, "SELECT count(*)" + failing), count > 0,
            let first = try connection.prepare(sql: "SELECT \"row\", original" + failing + " ORDER BY \"row\", rowid LIMIT 1")
                .cursor().next()?.snapshot()
        else { return nil }
        return Mismatch(count: count, row: first[0], value: first[1])
    }
}
