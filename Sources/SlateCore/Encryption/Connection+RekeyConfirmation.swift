#if SQLCipher
extension Connection {
    /// Proves that a rekey reached the disk, by reading the file with the new key from a
    /// connection of its own (no shared page cache).
    ///
    /// SQLCipher 3.4's `sqlite3_rekey_v2` returns `SQLITE_OK` even when writing the re-encrypted
    /// pages failed (a full disk, an I/O error): it rolls the change back and keeps the old key,
    /// and this connection then goes on reading with the old key as if nothing happened. The
    /// fault sweeps of issue 14 found this. Without this check a caller would believe its data
    /// was protected by the new key while the file still opened only with the old one.
    ///
    /// - Parameters:
    ///   - filename: The schema's file (`sqlite3_db_filename`); empty for an in-memory or
    ///     temporary database, which has no file to check.
    ///   - schema: The schema that was rekeyed, to copy its cipher settings from.
    ///   - material: The new key's bytes.
    /// - Throws: ``SQLiteError`` of category `.io` when the file does not open with the new key,
    ///   or the error that kept the check from reading the file.
    func confirmRekeyOnDisk(filename: String, schema: String, material: [UInt8]) throws(SQLiteError) {
        guard !filename.isEmpty else { return }
        // Settings a caller may have changed from SQLCipher's defaults must match for the pages to
        // decrypt; each is copied when this SQLCipher reports it.
        var settings: [(String, String)] = []
        for pragma in ["cipher_page_size", "kdf_iter"] {
            let statement = try prepare(sql: "PRAGMA \(SQLiteValue.quoteIdentifier(schema)).\(pragma)")
            if try statement.step(), case let value = statement.columnValue(at: 0), !value.isNull {
                settings.append((pragma, value.sqliteLiteral))
            }
        }
        var check: OpaquePointer?
        defer { sqlite3_close_v2(check) }
        var code = sqlite3_open_v2(filename, &check, SQLITE_OPEN_READONLY, nil)
        guard code == SQLITE_OK, let check else {
            throw SQLiteError(
                code: code,
                details: "cannot confirm the rekey of \(SQLiteValue.quote(schema)): "
                    + "cannot open \(filename) to check it")
        }
        code = material.withUnsafeBytes { bytes in
            sqlite3_key_v2(check, "main", bytes.baseAddress, Int32(bytes.count))
        }
        for (pragma, value) in settings where code == SQLITE_OK {
            code = sqlite3_exec(check, "PRAGMA \(pragma) = \(value)", nil, nil, nil)
        }
        if code == SQLITE_OK {
            code = sqlite3_exec(check, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        }
        guard code != SQLITE_OK else { return }
        // NOTADB: the file's pages are still under the previous key. READONLY: the read-only check
        // found a hot journal to roll back, left by a rekey whose commit and rollback both failed;
        // the next connection rolls it back to the previous key. Either way the rekey is not on disk.
        if code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_READONLY {
            throw SQLiteError(
                code: SQLITE_IOERR,
                details: "the rekey of \(SQLiteValue.quote(schema)) (\(filename)) did not reach the disk: SQLCipher "
                    + "reported success, but the file still opens only with its previous key, which this connection "
                    + "keeps using (writing the re-encrypted pages failed, for example on a full disk)")
        }
        let message = String(cString: sqlite3_errmsg(check))
        throw SQLiteError(
            code: code, message: message,
            details: "cannot confirm the rekey of \(SQLiteValue.quote(schema)) (\(filename)): " + message)
    }
}
#endif
