/// A prepared `INSERT` into a described table that inserts one row per call (SQLite.swiftly).
///
/// The SQL is built and compiled once, when the statement is prepared with
/// ``SlateCore/Connection/prepareInsert(into:)``; each ``insert(_:)`` only binds and steps, so keep one
/// statement for a bulk load (inside a transaction for speed):
///
/// ```swift
/// let insert = try db.prepareInsert(into: sets)
/// try db.transaction {
///     for set in catalog {
///         try insert.insert(["number": .text(set.number), "name": .text(set.name), "year": .int(set.year)])
///     }
/// }
/// ```
///
/// Every call checks its values against the description before touching the database: each
/// column that is not nullable must be given, and every given column must exist. A column that
/// is nullable and not given is stored as `NULL`.
public final class InsertStatement {
    /// The table the statement inserts into.
    public let table: TableDescription
    private let statement: Statement
    /// The connection, kept alive by the insert statement (which is the caller's, never cached),
    /// for its closed state and the inserted rowid.
    private let connection: Connection
    /// The parameter of each column, by exact name and by lowercased name.
    private let parameters: [String: Int32]
    private let lowercasedParameters: [String: Int32]
    /// The column names in parameter order, and a table from an exact (ASCII) name to its
    /// position (SlateCore's `ColumnNameTable`), which finds a name without `parameters`' SipHash;
    /// other names use the dictionaries.
    private let names: [String]
    private let nameTable: ColumnNameTable
    /// Whether each column (in ``TableDescription/orderedColumns`` order) was given in the current
    /// call; kept between calls so that inserting allocates nothing for it. Not checked for
    /// exclusivity at run time: a statement is used by one thread at a time, and the checks cost
    /// more than the writes.
    /// Unchecked: its checks cost 1,363 instructions per row on W5 `insert([name: value])` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var given: [Bool]
    /// The column found for the key at each position of the previous call's dictionary, checked
    /// first (one string comparison, a compare of raw bits for equal short names): dictionaries
    /// built the same way for every row often iterate in the same order. Same exclusivity note.
    /// Unchecked: its check costs 76 instructions per row on W5 `insert([name: value])` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var guesses: [Int32]

    init(table: TableDescription, connection: Connection) throws(SQLiteError) {
        let columns = table.orderedColumns
        let sql =
            "INSERT INTO " + table.quotedName
            + " (" + columns.map { SQLiteValue.quoteIdentifier($0.name) }.joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        statement = try connection.prepare(sql: sql, options: .persistent)
        self.connection = connection
        self.table = table
        var parameters: [String: Int32] = [:]
        var lowercased: [String: Int32] = [:]
        for (offset, column) in columns.enumerated() {
            parameters[column.name] = Int32(offset + 1)
            lowercased[column.name.lowercased()] = Int32(offset + 1)
        }
        self.parameters = parameters
        self.lowercasedParameters = lowercased
        names = columns.map(\.name)
        nameTable = ColumnNameTable(names: names)
        given = Array(repeating: false, count: columns.count)
        guesses = Array(repeating: -1, count: columns.count)
    }

    /// The statement's SQL: `INSERT INTO "table" ("a", "b") VALUES (?, ?)`, columns sorted by name.
    public var sql: String { statement.sql }

    /// Inserts one row.
    ///
    /// ```swift
    /// try insert.insert(["number": "10497", "name": "Galaxy Explorer", "year": 2022, "notes": nil])
    /// ```
    ///
    /// - Parameter values: The value of each column, by column name (exact spelling, or the same
    ///   name in another case). An explicit `.null` is passed to SQLite, which rejects it for a
    ///   `NOT NULL` column.
    /// - Returns: The rowid of the inserted row.
    /// - Throws: `SQLiteError`: `SQLITE_ERROR` for a column the table does not have, or a column
    ///   given twice (in different cases); `SQLITE_CONSTRAINT_NOTNULL` for a column that is not
    ///   nullable and has no value; SQLite's own error (a constraint violation, a closed
    ///   connection, …) otherwise. Nothing is inserted when it throws, and the statement stays
    ///   ready for the next row.
    @discardableResult
    public func insert(_ values: [String: SQLiteValue]) throws(SQLiteError) -> Int64 {
        guard !connection.isClosed else { throw SQLiteError.closedConnection }
        for index in given.indices { given[index] = false }
        // A column left out is stored as NULL: clear the previous row's values first. When every
        // column is given, each parameter is bound below and nothing needs clearing.
        if values.count < given.count { try? statement.clearBindings() }
        defer { try? statement.reset() }
        var offset = 0
        for (name, value) in values {
            let parameter: Int32
            if offset < guesses.count, case let guess = Int(guesses[offset]), guess >= 0, names[guess] == name {
                parameter = Int32(guess + 1)
            } else {
                guard let found = self.parameter(named: name) else { throw unknownColumn(name) }
                parameter = found
                if offset < guesses.count { guesses[offset] = found - 1 }
            }
            offset += 1
            let position = Int(parameter) - 1
            if given[position] {
                throw SQLiteError(
                    code: SQLITE_ERROR,
                    details: "column \"\(table.orderedColumns[position].name)\" of table \"\(table.name)\" "
                        + "is given twice (as names differing only by case)",
                    sql: statement.sql)
            }
            given[position] = true
            try statement.bind(value, at: parameter)
        }
        // Every column given (the common case) needs no further check.
        if values.count < given.count {
            let missing = table.orderedColumns.indices.filter { !given[$0] && !table.orderedColumns[$0].isNullable }
            if !missing.isEmpty {
                throw SQLiteError(
                    code: SQLITE_CONSTRAINT_NOTNULL,
                    details: "no value for the NOT NULL column(s) "
                        + missing.map { "\"\(table.orderedColumns[$0].name)\"" }.joined(separator: ", ")
                        + " of table \"\(table.name)\"",
                    sql: statement.sql)
            }
        }
        _ = try statement.step()
        return connection.lastInsertRowID
    }

    /// Inserts one row from its values in column order: the order of ``TableDescription/orderedColumns``
    /// (columns sorted by name), which is the order of the parameters in ``sql``.
    ///
    /// Binding by position skips looking names up, so this is the fastest way to insert many rows
    /// through a description:
    ///
    /// ```swift
    /// let insert = try db.prepareInsert(into: sets)   // columns: name, number, year
    /// try insert.insert(values: [.text("Galaxy Explorer"), .text("10497"), .int(2022)])
    /// ```
    ///
    /// - Parameter values: One value per column, in ``TableDescription/orderedColumns`` order;
    ///   `.null` for `NULL` (which SQLite rejects for a `NOT NULL` column).
    /// - Returns: The rowid of the inserted row.
    /// - Throws: `SQLiteError`: `SQLITE_RANGE` when the number of values is not the number of
    ///   columns; SQLite's own error (a constraint violation, a closed connection, …) otherwise.
    ///   Nothing is inserted when it throws, and the statement stays ready for the next row.
    @discardableResult
    public func insert(values: [SQLiteValue]) throws(SQLiteError) -> Int64 {
        guard !connection.isClosed else { throw SQLiteError.closedConnection }
        guard values.count == names.count else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                details: "table \"\(table.name)\" has \(names.count) column(s) ("
                    + names.joined(separator: ", ") + ") but \(values.count) value(s) were given",
                sql: statement.sql)
        }
        defer { try? statement.reset() }
        // Every parameter is bound, so the previous row's values need no clearing.
        var parameter: Int32 = 1
        for value in values {
            try statement.bind(value, at: parameter)
            parameter += 1
        }
        _ = try statement.step()
        return connection.lastInsertRowID
    }

    /// The parameter of a column named exactly so, or so in another case.
    private func parameter(named name: String) -> Int32? {
        switch nameTable.lookup(name, in: names) {
        case .found(let index): return Int32(index + 1)
        case .absent: return lowercasedParameters[name.lowercased()]
        case .unknown: return parameters[name] ?? lowercasedParameters[name.lowercased()]
        }
    }

    private func unknownColumn(_ name: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR,
            details: "table \"\(table.name)\" has no column named \"\(name)\"; its columns are "
                + table.orderedColumns.map(\.name).joined(separator: ", "),
            sql: statement.sql)
    }
}

extension SQLiteError {
    /// The error for a call on a closed connection (SlateCore's message).
    fileprivate static let closedConnection = SQLiteError(code: SQLITE_MISUSE, details: "the database connection is closed")
}
