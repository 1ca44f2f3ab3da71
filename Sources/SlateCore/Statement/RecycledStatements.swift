/// The rules and schema stamps of compiled statements whose ``Statement`` was released inside a
/// transaction of a queue's or pool's access: the connection's ``StatementCache`` keeps them by
/// SQL text (``StatementCacheKey/released(_:)``), so that the next
/// `Connection.prepare(sql:options:)` of the same text there steps one again instead of compiling
/// it. Connections of your own compile every
/// statement: nothing stops them from being shared between threads by mistake, and this cache
/// must not be raced.
///
/// Every access of a queue or pool is a transaction, and apps run the same raw SQL over and over
/// in them (`db.run("INSERT …", values)` in a loop, an observation's fetch after every commit):
/// compiling a short statement costs more than running it (19,000 instructions for W9's UPDATE,
/// `Benchmarks/PROFILE.md`). Python's sqlite3 module keeps such a cache for the same reason.
///
/// What keeps it invisible:
/// - a handle is kept only once its statement is released, reset and with its bindings cleared,
///   so it holds no lock or snapshot, and no two live statements ever share one;
/// - each handle carries the schema versions (`main` and `temp`) it was compiled under, and is
///   handed out only while they are unchanged: SQLite recompiles a statement after a schema
///   change only at its next step, so its columns would be the old ones until then;
/// - while any other database is attached, nothing is reused, and nothing compiled then is
///   kept: the stamp would have to cover each attached schema, and a file attached in place of
///   another under the same name (issue 30). ATTACH and DETACH cannot run inside a
///   transaction, so what was kept before an ATTACH names only `main` and `temp`;
/// - outside a transaction nothing is reused: reading the schema versions there would cost as
///   much as compiling; nor before a transaction's first read, which they would take early
///   (knowing that needs `sqlite3_txn_state`, SQLite 3.34, and knowing that nothing is
///   attached needs `sqlite3_db_name`, 3.39: older builds reuse nothing).
struct RecycledStatements {
    /// The schema versions of `main` and `temp` (`PRAGMA schema_version`).
    struct SchemaStamp: Equatable {
        var main: Int64
        var temp: Int64
    }

    /// `PRAGMA main.schema_version` and `PRAGMA temp.schema_version`, compiled once.
    private var versionStatements: (main: OpaquePointer, temp: OpaquePointer)?

    /// Whether `statement` is one of the schema version reads, which traces and observers skip.
    func isVersionStatement(_ statement: OpaquePointer) -> Bool {
        guard let versionStatements else { return false }
        return statement == versionStatements.main || statement == versionStatements.temp
    }

    /// Compiles the two schema version reads, once; `false` when they cannot be compiled.
    ///
    /// Separate from ``stamp(on:)`` because that one steps them: SQLite then calls the
    /// connection's trace callback, which reads ``isVersionStatement(_:)``, so a `mutating`
    /// access held across the steps would overlap that read (the runtime's exclusivity check
    /// stops the process there).
    mutating func prepareVersionReads(on db: OpaquePointer) -> Bool {
        guard versionStatements == nil else { return true }
        var main: OpaquePointer?
        var temp: OpaquePointer?
        guard sqlite3_prepare_v2(db, "PRAGMA main.schema_version", -1, &main, nil) == SQLITE_OK, let main,
            sqlite3_prepare_v2(db, "PRAGMA temp.schema_version", -1, &temp, nil) == SQLITE_OK, let temp
        else {
            sqlite3_finalize(main)
            sqlite3_finalize(temp)
            return false
        }
        versionStatements = (main, temp)
        return true
    }

    /// The current schema versions, inside a transaction of `db` (where reading them costs a few
    /// dozen nanoseconds), once ``prepareVersionReads(on:)`` compiled their reads; `nil` if they
    /// cannot be read, or while another database is attached (or the library cannot tell:
    /// `sqlite3_db_name` is SQLite 3.39). Either way they are read, which takes the transaction's
    /// snapshot.
    func stamp(on db: OpaquePointer) -> SchemaStamp? {
        guard let (main, temp) = versionStatements,
            let mainVersion = Self.version(main), let tempVersion = Self.version(temp),
            slate_has_attached_database(db) == 0
        else { return nil }
        return SchemaStamp(main: mainVersion, temp: tempVersion)
    }

    private static func version(_ statement: OpaquePointer) -> Int64? {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int64(statement, 0)
    }

    /// Finalizes the version statements.
    mutating func finalizeAll() {
        if let (main, temp) = versionStatements {
            sqlite3_finalize(main)
            sqlite3_finalize(temp)
            versionStatements = nil
        }
    }
}
