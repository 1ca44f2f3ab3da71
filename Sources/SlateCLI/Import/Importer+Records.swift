import SlateCore
import SlateSchema

// Classifying, binding and inserting one record: the per-record hot path of `slate import`.
extension Importer {
    @inline(__always)
    func classify(_ record: Record, _ index: Int) -> ClassifiedValue {
        classify(kind: record.kinds[index], record.bytes + record.starts[index], record.lengths[index])
    }

    @inline(__always)
    func classify(kind: FieldKind, _ pointer: UnsafePointer<UInt8>, _ length: Int) -> ClassifiedValue {
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
    enum BindOutcome {
        case bound
        case widen(column: Int, to: ColumnType, value: String)
    }

    func insertRecord(_ record: Record, source: any RecordSource) throws {
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
    func bindAndStep(_ record: Record, source: any RecordSource) throws -> BindOutcome {
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
    func bind(
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
    func bindMisfit(
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
    func bindText(_ handle: OpaquePointer, _ parameter: Int32, _ pointer: UnsafePointer<UInt8>, _ length: Int) -> Int32 {
        // The record's buffer outlives the step: SQLite may read it in place (SQLITE_STATIC).
        // The 64-bit form turns a field beyond SQLite's length limit into SQLITE_TOOBIG, where an
        // Int32 length would trap past 2 GiB.
        pointer.withMemoryRebound(to: CChar.self, capacity: length) {
            sqlite3_bind_text64(handle, parameter, $0, UInt64(length), nil, UInt8(SQLITE_UTF8))
        }
    }

    /// Adds columns for JSON keys first met after the table was made.
    func addColumns(_ names: [String], record: Record, source: any RecordSource) throws {
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
