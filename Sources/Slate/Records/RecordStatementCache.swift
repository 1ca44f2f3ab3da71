/// The prepared statements of the records used on one connection, kept in the connection's
/// storage: a record's insert, update or fetch finds its statement by its type and kind, without
/// hashing its SQL (the connection's statement cache would hash the whole text on every call,
/// about 700 instructions for a 10-column insert: `Benchmarks/PROFILE.md`).
final class RecordStatementCache: ConnectionStorageValue {
    enum StorageKey: ConnectionStorageKey {
        static let slot = ConnectionStorageSlot()
        static func makeValue() -> RecordStatementCache { RecordStatementCache() }
    }

    /// Which of a record's statements: a number, so that comparing two is one instruction.
    struct Kind: Equatable {
        let number: UInt8

        static let select = Kind(number: 0)
        static let selectByKey = Kind(number: 1)
        static let update = Kind(number: 2)
        static let upsert = Kind(number: 3)
        static let delete = Kind(number: 4)

        /// `INSERT`, or `INSERT OR …` for a conflict resolution.
        static func insert(_ conflict: OnConflict?) -> Kind {
            switch conflict {
            case nil: Kind(number: 10)
            case .replace: Kind(number: 11)
            case .rollback: Kind(number: 12)
            case .abort: Kind(number: 13)
            case .fail: Kind(number: 14)
            case .ignore: Kind(number: 15)
            }
        }
    }

    /// A kept statement.
    private struct Entry {
        let type: ObjectIdentifier
        let kind: Kind
        let statement: Statement
    }

    /// How many statements are kept at most; the least recently used goes first.
    static let capacity = 64

    /// Most recently used first.
    private var entries: [Entry] = []
    /// The statement handed out last, checked before the list (a loop of one record's
    /// inserts finds it at once).
    /// Unchecked: one use at a time on the connection's thread; the checks cost about 60
    /// instructions per insert on W5's record insert (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var last: Entry?

    /// A record's statement of a kind, ready to bind: the kept one, or a new one (kept unless
    /// the kept one is busy, in a nested use).
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - kind: Which statement.
    ///   - db: The connection.
    ///   - sql: The statement's SQL, asked for only when it must be compiled.
    /// - Throws: `SQLiteError` when the SQL does not compile.
    func statement<Record: TableRecord>(
        _ type: Record.Type, _ kind: Kind, in db: Connection, sql: (RecordStatements) throws(SQLiteError) -> String
    ) throws(SQLiteError) -> Statement {
        let key = ObjectIdentifier(Record.self)
        // The same statement as last time (a loop of inserts): no search.
        if let last, last.type == key, last.kind == kind, !last.statement.isBusy {
            last.statement.resetIfStepped()
            return last.statement
        }
        if let position = entries.firstIndex(where: { $0.type == key && $0.kind == kind }) {
            let statement = entries[position].statement
            if !statement.isBusy {
                statement.resetIfStepped()
                if position > 0 { entries.insert(entries.remove(at: position), at: 0) }
                last = entries[0]
                return statement
            }
            // In use by the caller's own loop (a fetch inside a fetch): one of its own.
            return try db.prepare(sql: try sql(RecordStatements.of(Record.self)))
        }
        let statement = try db.prepare(sql: try sql(RecordStatements.of(Record.self)), options: .persistent)
        entries.insert(Entry(type: key, kind: kind, statement: statement), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        last = entries[0]
        return statement
    }

    func connectionWillClearStatementCache() {
        entries.removeAll()
        last = nil
    }

    func connectionWillClose() {
        entries.removeAll()
        last = nil
    }
}

extension Connection {
    /// A record's statement of a kind (see ``RecordStatementCache``).
    func recordStatement<Record: TableRecord>(
        _ type: Record.Type, _ kind: RecordStatementCache.Kind,
        sql: (RecordStatements) throws(SQLiteError) -> String
    ) throws(SQLiteError) -> Statement {
        try self[storage: RecordStatementCache.StorageKey.self].statement(Record.self, kind, in: self, sql: sql)
    }
}
