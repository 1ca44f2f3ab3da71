/// The tables and columns one SQL statement reads and writes, learned from SQLite's authorizer
/// while the statement is compiled.
///
/// Compiling is where the authorizer runs, and Slate caches compiled statements, so a statement
/// that runs from a cache never reaches an authorizer. The footprint is therefore learned by
/// compiling the statement's text once more, with an authorizer installed only for that compile,
/// and cached by the caller per SQL text.
struct StatementFootprint: Sendable {
    var reads = DatabaseRegion()
    var writes = DatabaseRegion()
    /// Whether the statement selects (the authorizer reported `SQLITE_SELECT`).
    var isSelect = false

    /// The footprint of a statement that could not be analysed: it may touch anything.
    static var unknown: StatementFootprint {
        StatementFootprint(reads: .fullDatabase, writes: .fullDatabase)
    }

    /// Compiles `sql` on `db` with an authorizer that records what it reads and writes.
    ///
    /// The caller owns `db` for the duration (inside a database access). The user's authorizer
    /// (``Connection/authorizer(_:)``, kept by `hooks`) is asked during the compile, as in any
    /// other, and put back in SQLite's slot afterwards (issue 30: clearing the slot removed it).
    /// Trigger bodies and views are compiled into the statement, so their tables and columns are
    /// reported too. Schema changes, pragmas and anything else the authorizer cannot name make
    /// the footprint the whole database.
    static func analyze(sql: String, on db: OpaquePointer, hooks: ConnectionHooks?) -> StatementFootprint {
        guard var footprint = analyzeReporting(sql: sql, on: db, hooks: hooks) else { return .unknown }
        // Where the authorizer does not name a table read for no column (`count(*)`), any
        // SELECT may read tables it never reports: it reads the whole database.
        if footprint.isSelect && !reportsTablesReadWithoutColumns { footprint.reads = .fullDatabase }
        footprint.widenReplacingUpdates(sql: sql, on: db)
        return footprint
    }

    /// An UPDATE whose conflict resolution is REPLACE deletes the rows it conflicts with, which
    /// neither the authorizer (it names the updated columns) nor the update hook reports (issue
    /// 21): such an UPDATE writes its whole table. The resolution is REPLACE when the statement
    /// says so (`UPDATE OR REPLACE`) or when one of the table's constraints does
    /// (`UNIQUE ON CONFLICT REPLACE`); both are found by their text, erring on the side of a
    /// refetch (a `replace()` call counts too).
    mutating func widenReplacingUpdates(sql: String, on db: OpaquePointer) {
        let updated = writes.tables.compactMap { key, columns -> String? in
            if case .only = columns { return key }
            return nil
        }
        guard !updated.isEmpty else { return }
        let statementReplaces = sql.range(of: "replace", options: .caseInsensitive) != nil
        for key in updated where statementReplaces || Self.schemaMentionsReplace(key, on: db) {
            writes.insert(table: key, column: nil)
        }
    }

    /// Whether the definition of the table `key` (`database.table`) contains the word REPLACE.
    private static func schemaMentionsReplace(_ key: String, on db: OpaquePointer) -> Bool {
        guard let dot = key.firstIndex(of: ".") else { return true }
        let database = String(key[..<dot])
        let table = String(key[key.index(after: dot)...])
        let master = database == "temp" ? "sqlite_temp_master" : "\(SQLiteValue.quoteIdentifier(database)).sqlite_master"
        var statement: OpaquePointer?
        let sql = "SELECT sql FROM \(master) WHERE type = 'table' AND lower(name) = ?"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return true  // cannot tell: assume it may
        }
        defer { sqlite3_finalize(statement) }
        _ = table.bindText(to: statement, at: 1)
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return false }
        return String(cString: text).range(of: "replace", options: .caseInsensitive) != nil
    }

    /// Whether the linked SQLite's authorizer reports `SQLITE_READ` with an empty column for a
    /// table a statement reads without naming a column (`SELECT count(*) FROM t`). SQLite 3.40
    /// does; SQLite 3.15 (Debian's SQLCipher 3.4) reports nothing, so its footprints of SELECT
    /// statements must be the whole database. Probed once, on a private in-memory connection.
    static let reportsTablesReadWithoutColumns: Bool = {
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            return false
        }
        defer { sqlite3_close_v2(db) }
        guard sqlite3_exec(db, "CREATE TABLE probe (x)", nil, nil, nil) == SQLITE_OK else { return false }
        let footprint = analyzeReporting(sql: "SELECT count(*) FROM probe", on: db, hooks: nil)
        return footprint?.reads.contains(table: DatabaseRegion.key(database: "main", table: "probe")) ?? false
    }()

    /// The authorizer's footprint of `sql` as reported, or `nil` when it does not compile (or
    /// the user's authorizer, asked through `hooks`, refuses it).
    private static func analyzeReporting(sql: String, on db: OpaquePointer, hooks: ConnectionHooks?) -> StatementFootprint? {
        let recorder = AuthorizerRecorder(hooks: hooks)
        let context = Unmanaged.passUnretained(recorder).toOpaque()
        sqlite3_set_authorizer(
            db,
            { context, action, first, second, database, trigger in
                guard let context else { return SQLITE_OK }
                let recorder = Unmanaged<AuthorizerRecorder>.fromOpaque(context).takeUnretainedValue()
                recorder.record(action: action, first: first, second: second, database: database)
                return recorder.hooks?.authorize(action: action, first, second, database, trigger) ?? SQLITE_OK
            }, context)
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        sqlite3_finalize(statement)
        if let hooks {
            hooks.installAuthorizer()
        } else {
            sqlite3_set_authorizer(db, nil, nil)
        }
        return withExtendedLifetime(recorder) { code == SQLITE_OK ? recorder.footprint : nil }
    }
}

/// The authorizer's context while one statement compiles.
private final class AuthorizerRecorder {
    var footprint = StatementFootprint()
    /// The connection's hooks, whose user authorizer is asked too (`nil` on a private connection).
    let hooks: ConnectionHooks?

    init(hooks: ConnectionHooks?) {
        self.hooks = hooks
    }

    func record(action: Int32, first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?, database: UnsafePointer<CChar>?) {
        let databaseName = database.map { String(cString: $0) } ?? "main"
        switch action {
        case SQLITE_READ:
            guard let first else { return }
            let key = DatabaseRegion.key(database: databaseName, table: String(cString: first))
            let column = second.map { String(cString: $0) } ?? ""
            // An empty column (count(*)) reads the whole table; a rowid read is named "rowid"
            // even when an INTEGER PRIMARY KEY column aliases it, so it too stands for the table.
            switch column.lowercased() {
            case "", "rowid", "oid", "_rowid_": footprint.reads.insert(table: key, column: nil)
            default: footprint.reads.insert(table: key, column: column)
            }
        case SQLITE_INSERT, SQLITE_DELETE:
            guard let first else { return }
            footprint.writes.insert(table: DatabaseRegion.key(database: databaseName, table: String(cString: first)), column: nil)
        case SQLITE_UPDATE:
            guard let first else { return }
            let key = DatabaseRegion.key(database: databaseName, table: String(cString: first))
            footprint.writes.insert(table: key, column: second.map { String(cString: $0) })
        case SQLITE_SELECT:
            footprint.isSelect = true
        case SQLITE_FUNCTION, SQLITE_RECURSIVE, SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
            return
        default:
            // DDL, PRAGMA, ATTACH, ANALYZE, …: no table and column to name.
            footprint.reads.formUnion(.fullDatabase)
            footprint.writes.formUnion(.fullDatabase)
        }
    }
}
