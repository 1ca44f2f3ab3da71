import SlateCore

// Whether the linked SQLite can create FTS5 tables: asked by `Slate`'s FTS5 builder and by the
// `slate` tool before it creates one.
extension Connection {
    /// Whether this connection can create FTS5 tables.
    ///
    /// Checks the compile options first, then asks SQLite itself (FTS5 may also be loaded as
    /// an extension).
    public var supportsFTS5: Bool {
        if SQLite.hasCompileOption("ENABLE_FTS5") { return true }
        do throws(SQLiteError) {
            // fts5(?1) returns the API pointer only when the module is present.
            let statement = try prepare(sql: "SELECT fts5(NULL)")
            _ = try statement.step()
            return true
        } catch {
            return false
        }
    }

    /// Throws unless this connection can create FTS5 tables.
    ///
    /// - Throws: `SQLiteError` naming the missing module.
    public func requireFTS5() throws(SQLiteError) {
        guard supportsFTS5 else {
            throw SQLiteError(
                code: SQLITE_ERROR, details: "FTS5 is not available: the linked SQLite \(SQLite.version) was built without it")
        }
    }
}
