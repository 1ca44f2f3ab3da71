import Slate

/// What `slate import` was asked to do with the records.
struct ImportSettings {
    var table: String
    var primaryKey: [String] = []
    /// `INSERT OR <conflict>`: `REPLACE` or `IGNORE`; `nil` fails on a conflict.
    var conflict: String?
    /// Upsert: `INSERT … ON CONFLICT (key) DO UPDATE SET` only the input's columns, on
    /// ``primaryKey`` (or the existing table's primary key when that is empty).
    var upsert = false
    var truncate = false
    var detectTypes = true
    var typeOverrides: [String: ColumnType] = [:]
    /// An unquoted empty CSV field is NULL (a quoted `""` is always the empty string).
    var emptyIsNull = true
    /// How many records decide the column types before the table is created.
    var sampleSize = 1_000
    /// The input has no header: into an existing table its fields go to the columns in order.
    var positional = false
}

/// What an import did with its records.
struct ImportCounts: Equatable {
    /// Records read from the input.
    var records = 0
    /// Rows the table gained.
    var inserted = 0
    /// Records whose key existed: skipped (`--ignore`), replacing a row (`--replace`) or
    /// updating one (`--upsert`). Counted as the records that did not add a row.
    var existing = 0
}

/// Loads records into a table through one prepared INSERT in one transaction.
///
/// Types are decided per column from the first records (``ImportSettings/sampleSize``), then
/// checked on every record. A later value that its column's type would change (`02134` in an
/// INTEGER column) widens the column to the narrowest type that keeps it — usually TEXT — by
/// rebuilding the table inside the same transaction, with a warning; values already loaded are
/// kept exactly. A type given with `--type` is never widened: a value it cannot hold is an error.
/// Into an existing table, values are checked against its declared types: one that SQLite's
/// affinity would change is an error, never a silent conversion.
final class Importer {
    let db: Connection
    let databaseName: String
    let settings: ImportSettings
    let warn: (String) -> Void

    private struct Column {
        var name: String
        var type: ColumnType
        /// Declared with --type, or the column of an existing table: never widened.
        var fixed: Bool
        var seen: ValueClasses = []
    }

    // Unchecked: its checks cost 503 instructions per row of `slate import` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var columns: [Column] = []
    private var tableExists = false
    private var insert: Statement?
    private var insertHandle: OpaquePointer?
    /// Column position in the table for each source column.
    private var boundColumns = 0
    private var scratch: [UInt8] = []
    /// The table's rows once it is ready for the records (after `--truncate`).
    private var rowsBefore = 0
    /// The upsert's conflict target.
    private var upsertKey: [String] = []

    /// Fails before anything is written when the linked SQLite has no `INSERT … ON CONFLICT … DO
    /// UPDATE` (3.24; the SQLCipher build links 3.15).
    static func requireUpsert() throws {
        guard SQLite.versionNumber < 3_024_000 else { return }
        throw CLIError(
            "--upsert needs SQLite 3.24 or later (INSERT … ON CONFLICT … DO UPDATE); the linked library is \(SQLite.version)",
            exitCode: 1)
    }

    init(db: Connection, databaseName: String, settings: ImportSettings, warn: @escaping (String) -> Void) {
        self.db = db
        self.databaseName = databaseName
        self.settings = settings
        self.warn = warn
    }

    /// Runs the import in one transaction; on any failure the transaction is rolled back.
    ///
    /// - Returns: How many records were read and how many rows they added.
    /// - Throws: ``CLIError`` naming the input and the record for data and constraint errors, or
    ///   the database for database errors.
    func run(_ source: any RecordSource, progress: ProgressBar) throws -> ImportCounts {
        if db.isReadOnly {
            throw CLIError("\(databaseName): attempt to write a readonly database (no permission to change the file or its folder)")
        }
        do {
            try db.beginTransaction(.immediate)
        } catch {
            throw CLIError.database(databaseName, error)
        }
        do {
            let records = try load(source, progress: progress)
            var counts = ImportCounts(records: records, inserted: records)
            if settings.conflict != nil || settings.upsert {
                // A conflict resolved by skipping, replacing or updating adds no row.
                counts.inserted = try rowCount() - rowsBefore
                counts.existing = records - counts.inserted
            }
            do {
                try db.commitTransaction()
            } catch {
                throw CLIError.database(databaseName, error)
            }
            return counts
        } catch {
            insert = nil
            insertHandle = nil
            if !db.isAutocommit { try? db.rollbackTransaction() }
            throw error
        }
    }

    private func load(_ source: any RecordSource, progress: ProgressBar) throws -> Int {
        var samples: [Record] = []
        let record = Record()
        while samples.count < max(1, settings.sampleSize), try source.next(into: record) {
            samples.append(record.copy())
        }
        try prepareTable(source: source, samples: samples)
        var count = 0
        for sample in samples {
            try insertRecord(sample, source: source)
            count += 1
        }
        samples = []
        progress.update(done: count, bytes: source.bytesRead)
        while try source.next(into: record) {
            try insertRecord(record, source: source)
            count += 1
            if count & 1023 == 0 { progress.update(done: count, bytes: source.bytesRead) }
        }
        progress.finish()
        return count
    }

    // MARK: The table

    private func prepareTable(source: any RecordSource, samples: [Record]) throws {
        let names = source.columnNames
        guard !names.isEmpty else {
            throw CLIError(file: source.name, position: nil, "the input holds no columns (JSON records need at least one key)")
        }
        let existing = try existingColumns()
        tableExists = existing != nil
        for name in settings.typeOverrides.keys where !names.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw CLIError("--type \(name)=…: the input has no column \"\(name)\" (its columns: \(names.joined(separator: ", ")))", exitCode: 64)
        }
        if let existing {
            if !settings.primaryKey.isEmpty && !settings.upsert {
                warn("\(databaseName): table \(settings.table) exists; --pk applies only to a new table and was ignored")
            }
            if settings.positional {
                guard names.count <= existing.count else {
                    throw CLIError(
                        file: source.name, position: nil,
                        "\(names.count) fields per row, but table \(settings.table) has \(existing.count) columns (\(existing.map(\.name).joined(separator: ", ")))")
                }
            }
            for (index, name) in names.enumerated() {
                if settings.positional {
                    columns.append(Column(name: existing[index].name, type: ColumnType(affinityOf: existing[index].declared), fixed: true))
                    continue
                }
                guard let match = existing.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw CLIError(
                        file: source.name, position: nil,
                        "table \(settings.table) has no column \"\(name)\" (its columns: \(existing.map(\.name).joined(separator: ", ")))")
                }
                let override = settings.typeOverrides.first { $0.key.lowercased() == name.lowercased() }?.value
                columns.append(Column(name: match.name, type: override ?? ColumnType(affinityOf: match.declared), fixed: true))
            }
            if settings.truncate {
                do {
                    try db.execute(sql: "DELETE FROM \(SQLiteValue.quoteIdentifier(settings.table))")
                } catch {
                    throw CLIError.database(databaseName, error)
                }
            }
            if settings.conflict != nil || settings.upsert { rowsBefore = try rowCount() }
            if settings.upsert {
                try Self.requireUpsert()
                upsertKey = settings.primaryKey.isEmpty ? try existingPrimaryKey() : settings.primaryKey
                guard !upsertKey.isEmpty else {
                    throw CLIError("--upsert: table \(settings.table) has no primary key; name the key column with --pk", exitCode: 64)
                }
            }
        } else {
            for key in settings.primaryKey where !names.contains(key) {
                throw CLIError("--pk \(key): the input has no column \"\(key)\" (its columns: \(names.joined(separator: ", ")))", exitCode: 64)
            }
            if settings.upsert {
                try Self.requireUpsert()
                guard !settings.primaryKey.isEmpty else {
                    throw CLIError("--upsert into a new table needs --pk to name its key", exitCode: 64)
                }
                upsertKey = settings.primaryKey
            }
            for (index, name) in names.enumerated() {
                if let override = settings.typeOverrides.first(where: { $0.key.lowercased() == name.lowercased() })?.value {
                    columns.append(Column(name: name, type: override, fixed: true))
                    continue
                }
                var seen: ValueClasses = []
                if settings.detectTypes {
                    for sample in samples where index < sample.count {
                        seen.formUnion(classify(sample, index).kind)
                    }
                }
                columns.append(Column(name: name, type: settings.detectTypes ? ColumnType.narrowest(storing: seen) : .text, fixed: !settings.detectTypes, seen: seen))
            }
            try createTable(named: settings.table)
        }
        try prepareInsert()
    }

    private func rowCount() throws -> Int {
        do {
            let statement = try db.prepare(sql: "SELECT count(*) FROM \(SQLiteValue.quoteIdentifier(settings.table))")
            guard try statement.step() else { return 0 }
            let count: Int64 = statement.columnValue(at: 0) ?? 0
            return Int(count)
        } catch {
            throw CLIError.database(databaseName, error)
        }
    }

    /// The existing table's primary-key columns, in key order.
    private func existingPrimaryKey() throws -> [String] {
        do {
            let statement = try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(settings.table)))")
            var key: [(Int64, String)] = []
            while try statement.step() {
                let position: Int64 = statement.columnValue(at: 5) ?? 0
                if position > 0 { key.append((position, statement.columnValue(at: 1) ?? "")) }
            }
            return key.sorted { $0.0 < $1.0 }.map(\.1)
        } catch {
            throw CLIError.database(databaseName, error)
        }
    }

    private func existingColumns() throws -> [(name: String, declared: String)]? {
        do {
            // PRAGMA table_info rather than pragma_table_info(): SQLCipher's SQLite 3.15 lacks the latter.
            let statement = try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(settings.table)))")
            var result: [(name: String, declared: String)] = []
            while try statement.step() {
                let name: String = statement.columnValue(at: 1) ?? ""
                let declared: String = statement.columnValue(at: 2) ?? ""
                result.append((name, declared))
            }
            return result.isEmpty ? nil : result
        } catch {
            throw CLIError.database(databaseName, error)
        }
    }

    private func tableDefinition(named name: String) -> String {
        var parts = columns.map { "\(SQLiteValue.quoteIdentifier($0.name)) \($0.type.rawValue)" }
        if !settings.primaryKey.isEmpty {
            parts.append("PRIMARY KEY (\(settings.primaryKey.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")))")
        }
        return "CREATE TABLE \(SQLiteValue.quoteIdentifier(name)) (\(parts.joined(separator: ", ")))"
    }

    private func createTable(named name: String) throws {
        do {
            try db.execute(sql: tableDefinition(named: name))
        } catch {
            throw CLIError.database(databaseName, error)
        }
    }

    private func prepareInsert() throws {
        let table = SQLiteValue.quoteIdentifier(settings.table)
        let names = columns.map { SQLiteValue.quoteIdentifier($0.name) }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let verb = settings.conflict.map { "INSERT OR \($0)" } ?? "INSERT"
        var upsert = ""
        if settings.upsert {
            // Only the input's columns change; the table's other columns keep their values.
            let updated = columns.filter { column in !upsertKey.contains { $0.lowercased() == column.name.lowercased() } }.map { SQLiteValue.quoteIdentifier($0.name) }
            let target = upsertKey.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")
            upsert =
                updated.isEmpty
                ? " ON CONFLICT (\(target)) DO NOTHING"
                : " ON CONFLICT (\(target)) DO UPDATE SET " + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        }
        insert = nil
        do {
            let statement = try db.prepare(sql: "\(verb) INTO \(table) (\(names)) VALUES (\(placeholders))\(upsert)", options: .persistent)
            insert = statement
            insertHandle = statement.handle
            boundColumns = columns.count
        } catch {
            throw CLIError.database(databaseName, error)
        }
    }

    /// Rebuilds the new table with one column's type widened, inside the import's transaction.
    /// Values already loaded are copied exactly: numbers widened to TEXT are written as the text
    /// they were read from (SQLite's own REAL-to-TEXT cast could drop digits).
    private func widen(_ index: Int, to type: ColumnType, because value: String, at position: String, source: String) throws {
        let old = columns[index].type
        insert = nil
        insertHandle = nil
        columns[index].type = type
        let temporary = "slate_import_rebuild_\(settings.table)"
        let selected = columns.enumerated().map { offset, column -> String in
            let name = SQLiteValue.quoteIdentifier(column.name)
            return offset == index && type == .text ? "slate_exact_text(\(name))" : name
        }
        do {
            try registerExactText()
            try db.execute(sql: tableDefinition(named: temporary))
            try db.execute(
                sql: """
                    INSERT INTO \(SQLiteValue.quoteIdentifier(temporary)) SELECT \(selected.joined(separator: ", ")) FROM \(SQLiteValue.quoteIdentifier(settings.table));
                    DROP TABLE \(SQLiteValue.quoteIdentifier(settings.table));
                    ALTER TABLE \(SQLiteValue.quoteIdentifier(temporary)) RENAME TO \(SQLiteValue.quoteIdentifier(settings.table));
                    """)
        } catch let error as SQLiteError {
            throw CLIError.database(databaseName, error)
        }
        try prepareInsert()
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        warn("\(source), \(position): column \"\(columns[index].name)\" holds \"\(shown)\", which \(old.rawValue) would not keep as written: the column is now \(type.rawValue)")
    }

    private var exactTextRegistered = false

    private func registerExactText() throws {
        guard !exactTextRegistered else { return }
        try db.createFunction("slate_exact_text", argumentCount: 1, options: .deterministic) { arguments -> (any SQLiteBindable)? in
            switch arguments.values.first ?? .null {
            case .real(let value): RealText.exactText(value)
            case .int(let value): String(value)
            case .text(let value): value
            case .blob(let value): value
            case .null: nil
            }
        }
        exactTextRegistered = true
    }

    // MARK: Records

    @inline(__always)
    private func classify(_ record: Record, _ index: Int) -> ClassifiedValue {
        classify(kind: record.kinds[index], record.bytes + record.starts[index], record.lengths[index])
    }

    @inline(__always)
    private func classify(kind: FieldKind, _ pointer: UnsafePointer<UInt8>, _ length: Int) -> ClassifiedValue {
        switch kind {
        case .unquoted, .quoted: FieldClassifier.classify(pointer, length)
        case .null: ClassifiedValue(kind: [])
        case .boolean: ClassifiedValue(kind: .jsonInteger, integer: pointer[0] == UInt8(ascii: "t") ? 1 : 0)
        case .number: FieldClassifier.classifyJSONNumber(pointer, length)
        // An empty JSON string, like a quoted "" in CSV, fits any column: it is kept as ''.
        case .string: length == 0 ? ClassifiedValue(kind: []) : ClassifiedValue(kind: .text)
        case .nested: ClassifiedValue(kind: .text)
        }
    }

    /// What binding a field needs: nothing more, or a wider column first.
    private enum BindOutcome {
        case bound
        case widen(column: Int, to: ColumnType, value: String)
    }

    private func insertRecord(_ record: Record, source: any RecordSource) throws {
        if source.columnCount > columns.count { try addColumns(source.columnNames, record: record, source: source) }
        while true {
            let outcome = try bindAndStep(record, source: source)
            switch outcome {
            case .bound: return
            case .widen(let column, let type, let value):
                try widen(column, to: type, because: value, at: source.describe(record), source: source.name)
            }
        }
    }

    /// Binds every field and runs the insert; the record's bytes stay put until the step is
    /// over, so text is bound in place.
    private func bindAndStep(_ record: Record, source: any RecordSource) throws -> BindOutcome {
        guard let handle = insertHandle else { return .bound }
        let base = record.bytes
        for index in 0..<boundColumns {
            let inRecord = index < record.count
            let kind = inRecord ? record.kinds[index] : .null
            let pointer = base + (inRecord ? record.starts[index] : 0)
            let length = inRecord ? record.lengths[index] : 0
            if case .widen(let column, let type, let value) = try bind(kind, pointer, length, column: index, to: handle, record: record, source: source) {
                return .widen(column: column, to: type, value: value)
            }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            if Interruption.isRequested { throw Interruption.error(in: source.name, at: source.describe(record)) }
            let message = String(cString: sqlite3_errmsg(db.sqliteHandle))
            throw CLIError(file: source.name, position: source.describe(record), "\(message) (in \(databaseName); nothing was imported)")
        }
        return .bound
    }

    @inline(__always)
    private func bind(
        _ kind: FieldKind, _ pointer: UnsafePointer<UInt8>, _ length: Int, column index: Int, to handle: OpaquePointer,
        record: Record, source: any RecordSource
    ) throws -> BindOutcome {
        let parameter = Int32(index + 1)
        let type = columns[index].type
        let code: Int32
        if kind == .null {
            code = sqlite3_bind_null(handle, parameter)
        } else if type == .text {
            // TEXT keeps every value as written (JSON numbers and booleans as their literal); an
            // unquoted empty CSV field is NULL unless --no-empty-null.
            code =
                length == 0 && kind == .unquoted && settings.emptyIsNull
                ? sqlite3_bind_null(handle, parameter) : bindText(handle, parameter, pointer, length)
        } else {
            let value = classify(kind: kind, pointer, length)
            if value.kind.isEmpty {
                // A number cannot be empty: an empty field is NULL, but a quoted "" (or any empty
                // field with --no-empty-null) is the empty string, kept as text as SQLite keeps it.
                let emptyText = length == 0 && (kind == .quoted || kind == .string || (kind == .unquoted && !settings.emptyIsNull))
                code = emptyText ? bindText(handle, parameter, pointer, 0) : sqlite3_bind_null(handle, parameter)
            } else if type != .blob && type.accepted.contains(value.kind) {
                columns[index].seen.formUnion(value.kind)
                code =
                    value.kind == .integer || value.kind == .jsonInteger
                    ? sqlite3_bind_int64(handle, parameter, value.integer) : sqlite3_bind_double(handle, parameter, value.real)
            } else {
                let column = columns[index]
                let text = String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
                if !column.fixed {
                    columns[index].seen.formUnion(value.kind)
                    return .widen(column: index, to: ColumnType.narrowest(storing: columns[index].seen), value: text)
                }
                code = try bindMisfit(value, kind: kind, column: column, handle, parameter, pointer, length, text: text, record: record, source: source)
            }
        }
        guard code == SQLITE_OK else {
            throw CLIError.database(databaseName, SQLiteError(code: code, message: String(cString: sqlite3_errstr(code))))
        }
        return .bound
    }

    /// A value outside a fixed column's type: declared with `--type`, or a column of an existing table.
    private func bindMisfit(
        _ value: ClassifiedValue, kind: FieldKind, column: Column, _ handle: OpaquePointer, _ parameter: Int32,
        _ pointer: UnsafePointer<UInt8>, _ length: Int, text: String, record: Record, source: any RecordSource
    ) throws -> Int32 {
        let position = source.describe(record)
        let declaredByUser = settings.typeOverrides.keys.contains { $0.lowercased() == column.name.lowercased() }
        switch column.type {
        case .blob where declaredByUser:
            guard kind != .number && kind != .boolean, let bytes = FieldClassifier.decodeHex(pointer, length) else {
                throw CLIError(
                    file: source.name, position: position,
                    "column \"\(column.name)\" is BLOB (--type), which reads hex digits, but holds \"\(text)\"")
            }
            scratch = bytes
            return scratch.withUnsafeBytes { raw in sqlite3_bind_blob64(handle, parameter, raw.baseAddress, UInt64(raw.count), sqliteTransient) }
        case .integer where declaredByUser:
            guard let integer = FieldClassifier.parseLooseInteger(pointer, length) else {
                throw CLIError(file: source.name, position: position, "column \"\(column.name)\" is INTEGER (--type) but holds \"\(text)\"")
            }
            return sqlite3_bind_int64(handle, parameter, integer)
        case .real where declaredByUser, .numeric where declaredByUser:
            if column.type == .numeric, let integer = FieldClassifier.parseLooseInteger(pointer, length) {
                return sqlite3_bind_int64(handle, parameter, integer)
            }
            guard let real = FieldClassifier.parseLooseReal(pointer, length) else {
                throw CLIError(file: source.name, position: position, "column \"\(column.name)\" is \(column.type.rawValue) (--type) but holds \"\(text)\"")
            }
            return sqlite3_bind_double(handle, parameter, real)
        default:
            // An existing table's column: numbers keep their own type (affinity changes them
            // only where no value is lost); text that affinity would turn into a number is refused.
            if value.kind.isSubset(of: [.integer, .jsonInteger]) { return sqlite3_bind_int64(handle, parameter, value.integer) }
            if value.kind.isSubset(of: [.integralDecimal, .fractionalDecimal, .jsonReal]) { return sqlite3_bind_double(handle, parameter, value.real) }
            if column.type != .text && column.type != .blob && FieldClassifier.looksNumericToSQLite(pointer, length) {
                throw CLIError(
                    file: source.name, position: position,
                    "column \"\(column.name)\" of table \(settings.table) is \(column.type.rawValue), which would store \"\(text)\" as a different number; import into a TEXT column or a new table")
            }
            return bindText(handle, parameter, pointer, length)
        }
    }

    @inline(__always)
    private func bindText(_ handle: OpaquePointer, _ parameter: Int32, _ pointer: UnsafePointer<UInt8>, _ length: Int) -> Int32 {
        // The record's buffer outlives the step: SQLite may read it in place (SQLITE_STATIC).
        // The 64-bit form turns a field beyond SQLite's length limit into SQLITE_TOOBIG, where an
        // Int32 length would trap past 2 GiB.
        pointer.withMemoryRebound(to: CChar.self, capacity: length) {
            sqlite3_bind_text64(handle, parameter, $0, UInt64(length), nil, UInt8(SQLITE_UTF8))
        }
    }

    /// Adds columns for JSON keys first met after the table was made.
    private func addColumns(_ names: [String], record: Record, source: any RecordSource) throws {
        for index in columns.count..<names.count {
            let name = names[index]
            if tableExists {
                throw CLIError(
                    file: source.name, position: source.describe(record),
                    "key \"\(name)\" is not a column of table \(settings.table)")
            }
            let override = settings.typeOverrides.first { $0.key.lowercased() == name.lowercased() }?.value
            let kind = index < record.count ? classify(record, index).kind : []
            let type = override ?? (settings.detectTypes ? ColumnType.narrowest(storing: kind) : .text)
            columns.append(Column(name: name, type: type, fixed: override != nil || !settings.detectTypes, seen: kind))
            do {
                try db.execute(sql: "ALTER TABLE \(SQLiteValue.quoteIdentifier(settings.table)) ADD COLUMN \(SQLiteValue.quoteIdentifier(name)) \(type.rawValue)")
            } catch {
                throw CLIError.database(databaseName, error)
            }
        }
        try prepareInsert()
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the value before the call returns.
/// The standard Swift spelling of C's `(sqlite3_destructor_type)-1`, which Swift cannot import.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
