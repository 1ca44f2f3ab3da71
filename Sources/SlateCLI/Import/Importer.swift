import SlateCore
import SlateSchema

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

    struct Column {
        var name: String
        var type: ColumnType
        /// Declared with --type, or the column of an existing table: never widened.
        var fixed: Bool
        var seen: ValueClasses = []
    }

    // Unchecked: its checks cost 503 instructions per row of `slate import` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) var columns: [Column] = []
    var tableExists = false
    var insert: Statement?
    var insertHandle: OpaquePointer?
    /// Column position in the table for each source column.
    var boundColumns = 0
    var scratch: [UInt8] = []
    /// The table's rows once it is ready for the records (after `--truncate`).
    var rowsBefore = 0
    /// The upsert's conflict target.
    var upsertKey: [String] = []

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
            let count: Int64 = statement.columnValue(at: 0, as: Int64.self) ?? 0
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
                let position: Int64 = statement.columnValue(at: 5, as: Int64.self) ?? 0
                if position > 0 { key.append((position, statement.columnValue(at: 1, as: String.self) ?? "")) }
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
                let name: String = statement.columnValue(at: 1, as: String.self) ?? ""
                let declared: String = statement.columnValue(at: 2, as: String.self) ?? ""
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

    func prepareInsert() throws {
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
    func widen(_ index: Int, to type: ColumnType, because value: String, at position: String, source: String) throws {
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

    var exactTextRegistered = false

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
}
