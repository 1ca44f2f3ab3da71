// SQLite.swift's escape hatch on the schema changer. The primary spelling is the connection's
// own `execute(sql:)`.

import Slate
import SlateCore

extension SchemaChanger {
    /// Runs any SQL, for changes the changer has no operation for (SQLite.swift's spelling).
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - bindings: Values for its parameters.
    /// - Returns: The statement.
    /// - Throws: `SQLiteError` on failure.
    @discardableResult
    public func run(_ sql: String, _ bindings: (any Binding)?...) throws(SQLiteError) -> Statement {
        try connection.run(sql, bindings)
    }
}
