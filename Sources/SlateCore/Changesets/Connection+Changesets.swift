import Foundation

extension Connection {
    /// Applies a changeset or patchset, all or nothing, aborting on the first conflict.
    ///
    /// ```swift
    /// try replica.apply(changes)    // throws, and changes nothing, if any row conflicts
    /// ```
    ///
    /// - Parameters:
    ///   - changeset: The changes. Every table they change must be in the main database with
    ///     the same number of columns and the same primary key, or nothing is applied.
    ///   - tables: The tables whose changes to apply, or `nil` for all of them.
    ///   - columns: Each changed table's column names, in the changeset's order (a changeset
    ///     carries values by position only), such as ``Changeset/Diff/columns``; when given, a
    ///     table whose columns have other names or another order is refused too.
    /// - Throws: ``SQLiteError`` (`SQLITE_ABORT`, naming the conflict) when a change conflicts;
    ///   `SQLITE_SCHEMA` when a changed table is missing or its columns differ; `SQLITE_CORRUPT`
    ///   for malformed bytes; when the connection is closed or the session extension missing.
    ///   The database is then as it was.
    public func apply(_ changeset: Changeset, tables: Set<String>? = nil, columns: [String: [String]]? = nil) throws(SQLiteError) {
        do {
            try apply(changeset, tables: tables, columns: columns) { _ in .abort }
        } catch let error as SQLiteError {
            throw error
        } catch {
            // The handler above never throws.
            throw SQLiteError.error("applying the changeset failed: \(error)")
        }
    }

    /// Applies a changeset or patchset in one savepoint, asking a handler what to do with each
    /// conflicting change (`sqlite3changeset_apply`).
    ///
    /// ```swift
    /// try replica.apply(changes) { conflict in
    ///     switch conflict.kind {
    ///     case .data, .conflict: .replace      // the incoming change wins
    ///     case .notFound: .omit                 // already deleted here
    ///     case .constraint, .foreignKey: .abort
    ///     }
    /// }
    /// ```
    ///
    /// The changes are applied inside a savepoint: on ``ConflictResolution/abort``, on an error
    /// thrown by the handler, or on any failure, every change is rolled back and the database is
    /// left as it was. Inside an open transaction, the changes join it; outside one, they are
    /// applied in a transaction begun `IMMEDIATE`, which waits for another connection's write
    /// lock as long as the busy timeout allows. (SQLite's apply reads before it writes, and
    /// SQLite does not wait for a lock that a read transaction asks to upgrade to a write one.)
    ///
    /// Before anything is written, every table the changes touch (of `tables`) must be in the
    /// main database with the same number of columns and the same primary key, and with the same
    /// column names in the same order when `columns` gives them; otherwise the apply throws
    /// `SQLITE_SCHEMA` and changes nothing. (SQLite alone would skip a missing table, or one with
    /// fewer columns or another key, without a word, and fill the leading columns of a table with
    /// more; a changeset carries no column names, so only `columns` can tell that a table's
    /// columns are in another order, where the values would land swapped.)
    ///
    /// - Parameters:
    ///   - changeset: The changes.
    ///   - tables: The tables whose changes to apply, or `nil` for all of them.
    ///   - columns: Each changed table's column names, in the changeset's order, such as
    ///     ``Changeset/Diff/columns``, or `nil` to check the column counts and keys only.
    ///   - onConflict: Called for each conflicting change, on this thread, while the apply runs;
    ///     it must not use this connection.
    /// - Throws: What the handler throws; otherwise ``SQLiteError``: `SQLITE_ABORT` when the
    ///   handler answered ``ConflictResolution/abort``, `SQLITE_MISUSE` when it answered
    ///   ``ConflictResolution/replace`` to a conflict that cannot be replaced or when `columns`
    ///   lacks a changed table, `SQLITE_SCHEMA` when a changed table is missing or its columns
    ///   differ, `SQLITE_CORRUPT` for malformed bytes, or when the connection is closed or the
    ///   session extension missing.
    public func apply(
        _ changeset: Changeset, tables: Set<String>? = nil, columns: [String: [String]]? = nil,
        onConflict: (ChangesetConflict) throws -> ConflictResolution
    ) throws {
        let api = try SessionExtension.require()
        let db = try checkedHandle()
        guard !changeset.isEmpty else { return }
        try changeset.checkSize()
        try ChangesetFormat.validate(changeset.data, "cannot apply the changeset, and nothing changed")
        if isAutocommit {
            try transaction(.immediate) {
                try apply(validated: changeset, api: api, db: db, tables: tables, columns: columns, onConflict: onConflict)
            }
        } else {
            try apply(validated: changeset, api: api, db: db, tables: tables, columns: columns, onConflict: onConflict)
        }
    }

    /// Checks the changed tables' columns, then `sqlite3changeset_apply`, on a changeset whose
    /// bytes were checked: inside the transaction, so that the check and the apply see one schema.
    private func apply(
        validated changeset: Changeset, api: SessionExtension, db: OpaquePointer, tables: Set<String>?,
        columns: [String: [String]]?, onConflict: (ChangesetConflict) throws -> ConflictResolution
    ) throws {
        let applied = tables.map { Set($0.map { $0.lowercased() }) }
        try checkColumns(of: changeset, tables: applied, columns: columns)
        try withoutActuallyEscaping(onConflict) { handler in
            let context = ApplyContext(api: api, tables: applied, handler: handler)
            let code = changeset.data.withUnsafeBytes { buffer in
                api.changesetApply(
                    db, Int32(buffer.count), SessionExtension.input(buffer),
                    tables == nil ? nil : applyFilter, applyConflict,
                    Unmanaged.passUnretained(context).toOpaque())
            }
            withExtendedLifetime(context) {}
            if let error = context.error { throw error }
            guard code == SQLITE_OK else {
                // SQLite reports an abort on a foreign key conflict as SQLITE_CONSTRAINT.
                if let conflict = context.abortedOn {
                    throw SQLiteError(
                        code: SQLITE_ABORT,
                        details: "the changeset was not applied, and nothing changed: \(Self.describe(conflict))")
                }
                if code & 0xff == SQLITE_CORRUPT {
                    throw Changeset.corrupt(code, "cannot apply the changeset, and nothing changed")
                }
                throw SQLiteError(code: code, db: db).explained("cannot apply the changeset, and nothing changed")
            }
        }
    }

    /// A conflict in words, for errors.
    static func describe(_ conflict: ChangesetConflict) -> String {
        guard let change = conflict.change else {
            return "a foreignKey conflict: \(conflict.foreignKeyViolations) foreign key constraint(s) violated"
        }
        let key = change.primaryKey.map { $0.map(\.description) ?? "?" }.joined(separator: ", ")
        return "a \(conflict.kind) conflict on the \(change.operation) of \(change.table) row (\(key))"
    }
}

/// What the C callbacks of `sqlite3changeset_apply` reach through their context pointer: the
/// handler, the table filter, and what went wrong.
private final class ApplyContext {
    let api: SessionExtension
    let tables: Set<String>?
    let handler: (ChangesetConflict) throws -> ConflictResolution
    /// An error to throw once the apply has rolled back: the handler's, or a misuse.
    var error: (any Error)?
    /// The conflict that the handler answered with abort.
    var abortedOn: ChangesetConflict?

    init(api: SessionExtension, tables: Set<String>?, handler: @escaping (ChangesetConflict) throws -> ConflictResolution) {
        self.api = api
        self.tables = tables
        self.handler = handler
    }

    func conflict(kind code: Int32, iterator: OpaquePointer?) -> Int32 {
        guard error == nil, let kind = ChangesetConflict.Kind(code: code), let iterator else {
            return SessionExtension.resolutionAbort
        }
        let conflict: ChangesetConflict
        do throws(SQLiteError) {
            if kind == .foreignKey {
                var count: Int32 = 0
                _ = api.changesetForeignKeyConflicts(iterator, &count)
                conflict = ChangesetConflict(kind: kind, change: nil, foreignKeyViolations: Int(count))
            } else {
                let change = try Changeset.Change(iterator: iterator, api: api)
                var row: [SQLiteValue]?
                if kind == .data || kind == .conflict {
                    let count = Int32(change.primaryKeyColumns.count)
                    row = try Changeset.Change.values(iterator, count, api.changesetConflict, "conflicting")
                        .map { $0 ?? .null }
                }
                conflict = ChangesetConflict(kind: kind, change: change, conflictingRow: row)
            }
        } catch {
            self.error = error
            return SessionExtension.resolutionAbort
        }
        do {
            switch try handler(conflict) {
            case .omit:
                return SessionExtension.resolutionOmit
            case .replace:
                guard kind.allowsReplace else {
                    error = SQLiteError.misuse(
                        "the conflict handler answered replace to \(Connection.describe(conflict)); "
                            + "only data and conflict conflicts can be replaced: answer omit or abort")
                    return SessionExtension.resolutionAbort
                }
                return SessionExtension.resolutionReplace
            case .abort:
                abortedOn = conflict
                return SessionExtension.resolutionAbort
            }
        } catch {
            self.error = error
            return SessionExtension.resolutionAbort
        }
    }
}

/// `sqlite3changeset_apply`'s table filter: 1 to apply a table's changes.
private func applyFilter(_ context: UnsafeMutableRawPointer?, _ table: UnsafePointer<CChar>?) -> Int32 {
    guard let context, let table else { return 0 }
    let applying = Unmanaged<ApplyContext>.fromOpaque(context).takeUnretainedValue()
    guard let tables = applying.tables else { return 1 }
    return tables.contains(String(cString: table).lowercased()) ? 1 : 0
}

/// `sqlite3changeset_apply`'s conflict handler.
private func applyConflict(_ context: UnsafeMutableRawPointer?, _ kind: Int32, _ iterator: OpaquePointer?) -> Int32 {
    guard let context else { return SessionExtension.resolutionAbort }
    return Unmanaged<ApplyContext>.fromOpaque(context).takeUnretainedValue().conflict(kind: kind, iterator: iterator)
}
