import Foundation

/// The SQL of a record type's own statements, made once per type and kept for the process.
///
/// Every statement lists the record's columns in ``TableRecord/columnNames`` order, so that
/// its rows are read by position and its parameters `?1`…`?n` are the record's values in that
/// order (see ``RecordWriter``).
final class RecordStatements: Sendable {
    /// `SELECT "a", "b", … FROM "table"`.
    let select: String
    /// The selected columns, for a query with clauses (`Player.filter { … }`).
    let selection: [SQLExpression<Void>]
    /// `INSERT INTO "table" ("a", "b", …) VALUES (?1, ?2, …)`, without its verb
    /// (`INSERT`, `INSERT OR REPLACE`, …).
    let insertBody: String
    /// The primary key's position in the column list, if the record has one.
    let primaryKeyPosition: Int?
    /// `UPDATE "table" SET "b" = ?2, … WHERE "id" = ?1`, when there is a primary key.
    let update: String?
    /// The insert followed by `ON CONFLICT ("id") DO UPDATE SET "b" = excluded."b", …`.
    let upsert: String?
    /// `DELETE FROM "table" WHERE "id" = ?1`.
    let delete: String?
    /// `SELECT … WHERE "id" = ?1`.
    let selectByKey: String?
    /// The table's name, for messages.
    let tableName: String
    /// The record type's name, for messages.
    let typeName: String

    private init<Record: TableRecord>(_ type: Record.Type) {
        let table = SQLiteValue.quoteIdentifier(Record.tableName)
        let names = Record.columnNames
        let quoted = names.map(SQLiteValue.quoteIdentifier)
        let list = quoted.joined(separator: ", ")
        select = "SELECT \(list) FROM \(table)"
        selection = quoted.map { SQLExpression<Void>(template: $0, values: []) }
        let parameters = names.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        insertBody = "INTO \(table) (\(list)) VALUES (\(parameters))"
        tableName = Record.tableName
        typeName = "\(Record.self)"
        let keyPosition = Record.primaryKeyColumn.flatMap { names.firstIndex(of: $0) }
        primaryKeyPosition = keyPosition
        guard let keyPosition else {
            update = nil
            upsert = nil
            delete = nil
            selectByKey = nil
            return
        }
        let key = "\(quoted[keyPosition]) = ?\(keyPosition + 1)"
        let others = quoted.indices.filter { $0 != keyPosition }
        // A table of the key alone has nothing to set: its update rewrites the key with itself.
        let assignments =
            others.isEmpty ? [key] : others.map { "\(quoted[$0]) = ?\($0 + 1)" }
        update = "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(key)"
        let onConflict =
            others.isEmpty
            ? "DO NOTHING" : "DO UPDATE SET " + others.map { "\(quoted[$0]) = excluded.\(quoted[$0])" }.joined(separator: ", ")
        upsert = "INSERT \(insertBody) ON CONFLICT (\(quoted[keyPosition])) \(onConflict)"
        delete = "DELETE FROM \(table) WHERE \(quoted[keyPosition]) = ?1"
        selectByKey = "\(select) WHERE \(quoted[keyPosition]) = ?1"
    }

    /// The statements of a record type (made on first use).
    static func of<Record: TableRecord>(_ type: Record.Type) -> RecordStatements {
        cache.statements(of: Record.self)
    }

    /// The statements made so far, by record type.
    private static let cache = Cache()

    /// A lock around the made statements (records are read on any thread).
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var byType: [ObjectIdentifier: RecordStatements] = [:]

        func statements<Record: TableRecord>(of type: Record.Type) -> RecordStatements {
            let key = ObjectIdentifier(Record.self)
            lock.lock()
            defer { lock.unlock() }
            if let made = byType[key] { return made }
            let made = RecordStatements(Record.self)
            byType[key] = made
            return made
        }
    }

    /// The error for a write that needs a primary key the record does not declare.
    func noPrimaryKey(for operation: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_MISUSE,
            details: "\(typeName) has no primary key, so it cannot \(operation); "
                + "mark its key property with @Column(primaryKey: true)")
    }
}
