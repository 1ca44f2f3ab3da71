import SlateCore

// Schema access on a connection: the reader, the changer and the foreign-key check.

extension Connection {
    /// A reader of this database's schema (SQLite.swift's `db.schema`).
    public var schema: SchemaReader { SchemaReader(connection: self) }

    /// A changer of this database's schema: add, rename and drop columns, rename, drop and
    /// create tables.
    public var schemaChanger: SchemaChanger { SchemaChanger(connection: self) }

    /// Runs `PRAGMA foreign_key_check`: the rows whose foreign keys point at nothing.
    ///
    /// - Parameter table: Only check this table, if given.
    /// - Returns: One entry per dangling reference; empty when the data is consistent.
    /// - Throws: `SQLiteError` when the connection is closed or the table does not exist.
    public func foreignKeyCheck(table: String? = nil) throws(SQLiteError) -> [ForeignKeyError] {
        let sql = "PRAGMA foreign_key_check" + (table.map { "(" + SQLiteValue.quoteIdentifier($0) + ")" } ?? "")
        return try prepare(sql: sql).rows().map { row in
            ForeignKeyError(
                from: SchemaReader.text(row, "table") ?? "", rowID: SchemaReader.integer(row, "rowid") ?? 0,
                to: SchemaReader.text(row, "parent") ?? "")
        }
    }
}
