/// Which of a record's statements: a number, so that comparing two is one instruction. A
/// record's statements are kept in the connection's statement cache by record type and kind
/// (``SlateCore/StatementCacheKey/typed(_:kind:)``), found without hashing their SQL (the SQL
/// text's hash costs about 700 instructions for a 10-column insert: `Benchmarks/PROFILE.md`).
struct RecordStatementKind: Equatable {
    let number: UInt8

    static let select = RecordStatementKind(number: 0)
    static let selectByKey = RecordStatementKind(number: 1)
    static let update = RecordStatementKind(number: 2)
    static let upsert = RecordStatementKind(number: 3)
    static let delete = RecordStatementKind(number: 4)

    /// `INSERT`, or `INSERT OR …` for a conflict resolution.
    static func insert(_ conflict: OnConflict?) -> RecordStatementKind {
        switch conflict {
        case nil: RecordStatementKind(number: 10)
        case .replace: RecordStatementKind(number: 11)
        case .rollback: RecordStatementKind(number: 12)
        case .abort: RecordStatementKind(number: 13)
        case .fail: RecordStatementKind(number: 14)
        case .ignore: RecordStatementKind(number: 15)
        }
    }
}

extension Connection {
    /// A record's statement of a kind, ready to bind: the kept one, or a new one (kept unless
    /// the kept one is busy, in a nested use).
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - kind: Which statement.
    ///   - sql: The statement's SQL, asked for only when it must be compiled.
    /// - Throws: `SQLiteError` when the SQL does not compile.
    func recordStatement<Record: TableRecord>(
        _ type: Record.Type, _ kind: RecordStatementKind, sql: (RecordStatements) throws(SQLiteError) -> String
    ) throws(SQLiteError) -> Statement {
        let cache = statementCache
        switch cache.lookup(type: ObjectIdentifier(Record.self), kind: kind.number) {
        case .found(let statement):
            return statement
        case .busy:
            // In use by the caller's own loop (a fetch inside a fetch): one of its own.
            return try prepare(sql: try sql(RecordStatements.of(Record.self)))
        case .missing:
            let statement = try prepare(sql: try sql(RecordStatements.of(Record.self)), options: .persistent)
            cache.keep(statement, for: .typed(ObjectIdentifier(Record.self), kind: kind.number))
            return statement
        }
    }
}
