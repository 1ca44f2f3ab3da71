import ArgumentParser
import SlateCore
import SlateSchema

/// Runs `body` in one immediate transaction (the write lock taken at once, waiting up to the
/// busy timeout): all of it is kept, or, when it throws, none. Ctrl-C interrupts the running
/// statement, rolls back and exits with 130.
///
/// - Throws: ``CLIError`` naming `path` for a database error; what `body` throws otherwise.
func inWriteTransaction<T>(_ db: Connection, path: String, _ body: () throws -> T) throws -> T {
    Interruption.install()
    Interruption.connection = db.sqliteHandle
    defer { Interruption.connection = nil }
    do {
        try db.beginTransaction(.immediate)
        let result = try body()
        try db.commitTransaction()
        return result
    } catch {
        if !db.isAutocommit { try? db.rollbackTransaction() }
        if Interruption.isRequested {
            var interrupted = CLIError(file: path, position: nil, "interrupted; nothing was changed")
            interrupted.exitCode = Interruption.exitCode
            throw interrupted
        }
        if let error = error as? SQLiteError { throw CLIError.database(path, error) }
        throw error
    }
}

/// A table's name as the schema spells it and its columns, read once, to resolve names the way
/// SQLite does (ignoring ASCII case) and to report a missing one clearly.
struct TableColumns {
    /// The database file, for messages.
    let path: String
    /// The table's name as the schema spells it.
    let table: String
    /// Its columns, in order.
    let names: [String]
    /// Their declared types, as written.
    let declaredTypes: [String]
    /// Whether it has rowids (it is not `WITHOUT ROWID`).
    let hasRowid: Bool

    /// Reads a table.
    ///
    /// - Throws: ``CLIError`` `no such table: …` naming the file when the database has no such
    ///   table (a view or a virtual table does not count).
    init(_ db: Connection, path: String, table: String) throws {
        self.path = path
        let found = try db.prepare(
            sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE "
                + "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'")
        try found.bind(SQLiteValue.text(table), at: 1)
        guard let row = try found.cursor().next()?.snapshot(), case .text(let name) = row[0] else {
            throw CLIError(file: path, position: nil, "no such table: \(table)")
        }
        self.table = name
        var definition = ""
        if case .text(let sql) = row[1] { definition = sql.uppercased() }
        let words = definition.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        hasRowid = !words.contains(") WITHOUT ROWID") && !words.contains(")WITHOUT ROWID")
        // table_info (not table_xinfo, which SQLite 3.15 of the SQLCipher build lacks).
        let info = try db.prepare(sql: "PRAGMA table_info(" + SQLiteValue.quoteIdentifier(name) + ")").rows()
        names = info.compactMap { if case .text(let column) = $0[1] { column } else { nil } }
        declaredTypes = info.map { if case .text(let type) = $0[2] { type } else { "" } }
    }

    /// The type a column is declared with, as written (empty when it has none).
    func declaredType(of column: String) -> String {
        names.firstIndex { $0.lowercased() == column.lowercased() }.map { declaredTypes[$0] } ?? ""
    }

    /// Whether the table has a column of this name.
    func contains(_ column: String) -> Bool {
        names.contains { $0.lowercased() == column.lowercased() }
    }

    /// The column a name means, as the table spells it.
    ///
    /// - Throws: ``CLIError`` `no such column: … in table …`.
    func resolve(_ column: String) throws -> String {
        guard let name = names.first(where: { $0.lowercased() == column.lowercased() }) else {
            throw CLIError(file: path, position: nil, "no such column: \(column) in table \(table)")
        }
        return name
    }
}

/// Splits an option's `name=value`.
///
/// - Throws: `ValidationError` (exit 64) naming the option and the form it expects.
func splitAssignment(_ entry: String, option: String, form: String) throws -> (name: String, value: String) {
    guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
        throw ValidationError("\(option) \(entry): expected \(form)")
    }
    return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
}

/// A column type given on the command line: `INTEGER`, `REAL`, `NUMERIC`, `TEXT` or `BLOB`, in
/// any case, or sqlite-utils' `int`, `float`, `str` and `bytes`.
func columnAffinity(_ text: String) -> ColumnDefinition.Affinity? {
    switch text.lowercased() {
    case "int": .INTEGER
    case "float": .REAL
    case "str": .TEXT
    case "bytes": .BLOB
    default: ColumnType(argument: text).flatMap { ColumnDefinition.Affinity(rawValue: $0.rawValue) }
    }
}

/// A default value typed on the command line: a number when SQLite gives back the same text
/// (as `--param` and import decide), `CURRENT_TIME`, `CURRENT_DATE` or `CURRENT_TIMESTAMP` as
/// those keywords, and any other text as a string.
func defaultLiteral(_ text: String) -> LiteralValue {
    switch text {
    case "CURRENT_TIME": return .CURRENT_TIME
    case "CURRENT_DATE": return .CURRENT_DATE
    case "CURRENT_TIMESTAMP": return .CURRENT_TIMESTAMP
    default:
        switch QueryParameters.value(text) {
        case .int, .real: return .numericLiteral(text)
        default: return .stringLiteral(text)
        }
    }
}

/// The names of a table's explicit indexes, to tell which ones a change dropped.
func indexNames(_ db: Connection, table: String) throws -> [String] {
    let list = try db.prepare(
        sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 COLLATE NOCASE AND sql IS NOT NULL ORDER BY name")
    try list.bind(SQLiteValue.text(table), at: 1)
    return try list.rows().compactMap { if case .text(let name) = $0[0] { name } else { nil } }
}
