import Foundation

/// A set of changes to a database's tables, as SQLite's session extension encodes them: the
/// bytes that a ``Session`` records, that are stored or sent elsewhere, and that
/// ``Connection/apply(_:tables:columns:onConflict:)`` applies.
///
/// ```swift
/// let changes = try session.changeset()
/// for change in try changes.changes() {
///     print(change.operation, change.table, change.newValues)
/// }
/// try replica.apply(changes)
/// try replica.apply(changes.inverted())              // and back
/// ```
///
/// The same type holds changesets and patchsets (``isPatchset``): both are read, concatenated,
/// filtered and applied alike; only a changeset can be inverted. A value never reads its bytes
/// until asked, so bytes from elsewhere are checked when read or applied: corrupt or truncated
/// bytes throw a ``SQLiteError`` (`SQLITE_CORRUPT`) and change nothing.
///
/// Reading and transforming need SQLite's session extension (``SQLite/hasSessionExtension``);
/// without it they throw a ``SQLiteError`` that names `SQLITE_ENABLE_SESSION`.
public struct Changeset: Hashable, Sendable {
    /// The encoded changes, as SQLite's session extension writes them.
    public let data: Data

    /// Wraps encoded changes: a changeset or patchset made by a ``Session`` here or elsewhere.
    ///
    /// - Parameter data: The bytes, checked only when read or applied.
    public init(_ data: Data) {
        self.data = data
    }

    /// Whether there are no changes at all.
    public var isEmpty: Bool { data.isEmpty }

    /// Whether the bytes are a patchset (made by ``Session/patchset()``), whose deletes carry only
    /// primary keys and whose updates carry only new values. `false` for an empty changeset.
    public var isPatchset: Bool { data.first == UInt8(ascii: "P") }

    /// Reads the changes, in order, without applying them (`sqlite3changeset_start`, `_next`,
    /// `_op`, `_pk`, `_old`, `_new`).
    ///
    /// - Returns: One entry per changed row.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for corrupt or truncated bytes, or when the
    ///   session extension is missing.
    public func changes() throws(SQLiteError) -> [Change] {
        var changes: [Change] = []
        try iterate { (change) throws(SQLiteError) in
            changes.append(change)
            return true
        }
        return changes
    }

    /// Reads the changes one at a time, in order, without applying them or holding them all: the
    /// way to read a changeset too large for an array of ``Change`` values.
    ///
    /// ```swift
    /// var inserts = 0
    /// try changes.forEachChange { change in
    ///     if change.operation == .insert { inserts += 1 }
    /// }
    /// ```
    ///
    /// The bytes are checked whole before the first change is read, so corrupt or truncated bytes
    /// throw before `body` is called.
    ///
    /// - Parameter body: Called for each change; an error it throws stops the reading.
    /// - Throws: What `body` throws; ``SQLiteError`` (`SQLITE_CORRUPT`) for corrupt or truncated
    ///   bytes, or when the session extension is missing.
    public func forEachChange(_ body: (Change) throws -> Void) throws {
        var failure: (any Error)?
        try iterate { (change) throws(SQLiteError) in
            do {
                try body(change)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }

    /// Reads the changes in order until `body` returns `false`.
    private func iterate(_ body: (Change) throws(SQLiteError) -> Bool) throws(SQLiteError) {
        let api = try SessionExtension.require()
        try withIterator(api) { (iterator) throws(SQLiteError) in
            while true {
                let code = api.changesetNext(iterator)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw Self.corrupt(code, "cannot read the changeset") }
                guard try body(Change(iterator: iterator, api: api)) else { break }
            }
        }
    }

    /// Runs a body with an iterator over the bytes, finalized afterwards.
    private func withIterator(
        _ api: SessionExtension, _ body: (OpaquePointer) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        guard !data.isEmpty else { return }
        try checkSize()
        try ChangesetFormat.validate(data, "cannot read the changeset")
        let result: Result<Void, SQLiteError> = data.withUnsafeBytes { buffer in
            var iterator: OpaquePointer?
            let code = api.changesetStart(&iterator, Int32(buffer.count), SessionExtension.input(buffer))
            guard code == SQLITE_OK, let iterator else {
                return .failure(Self.corrupt(code, "cannot read the changeset"))
            }
            defer { _ = api.changesetFinalize(iterator) }
            do throws(SQLiteError) {
                try body(iterator)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Checks that the bytes are a well-formed changeset or patchset, by reading every change.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for corrupt or truncated bytes.
    public func validate() throws(SQLiteError) {
        try iterate { _ in true }
    }

    /// The changeset that undoes this one: inserts become deletes, deletes inserts, and updates
    /// swap their old and new values (`sqlite3changeset_invert`), in the reverse order. Applying a
    /// changeset and then its inverse leaves a database as it was.
    ///
    /// The order matters where two changes meet on one row or one unique value: a diff deletes a
    /// row whose key changed only in case (under `NOCASE`) or storage class (`0` and `0.0`)
    /// before it inserts the new one, and its inverse deletes the new row before it inserts the
    /// old one. (`sqlite3changeset_invert` alone keeps the order, and that inverse would abort on
    /// a conflict.)
    ///
    /// - Returns: The inverse.
    /// - Throws: ``SQLiteError`` for a patchset (which lacks the old values), corrupt bytes, or a
    ///   missing session extension.
    public func inverted() throws(SQLiteError) -> Changeset {
        let api = try SessionExtension.require()
        guard !isPatchset else {
            throw SQLiteError.misuse("a patchset cannot be inverted: it does not keep the old values; record a changeset")
        }
        guard !data.isEmpty else { return self }
        try checkSize()
        try ChangesetFormat.validate(data, "cannot invert the changeset")
        var count: Int32 = 0
        var bytes: UnsafeMutableRawPointer?
        let code = data.withUnsafeBytes { api.changesetInvert(Int32($0.count), $0.baseAddress, &count, &bytes) }
        let inverse = SessionExtension.take(bytes, count: count)
        guard code == SQLITE_OK else { throw Self.corrupt(code, "cannot invert the changeset") }
        return Changeset(try ChangesetFormat.reversed(inverse))
    }

    /// Concatenates changesets into one (`sqlite3changegroup`): applying the result has the same
    /// effect as applying them in order. Changes to the same row are merged (an insert then an
    /// update is one insert; an insert then a delete is nothing).
    ///
    /// - Parameter changesets: The changesets, in the order they were made; all changesets or all
    ///   patchsets.
    /// - Returns: The combination: a patchset when the inputs are patchsets.
    /// - Throws: ``SQLiteError`` when changesets and patchsets are mixed, a table's columns
    ///   differ between two of them, bytes are corrupt, or the session extension is missing.
    public static func concatenating(_ changesets: [Changeset]) throws(SQLiteError) -> Changeset {
        let api = try SessionExtension.require()
        let present = changesets.filter { !$0.isEmpty }
        guard present.count > 1 else { return present.first ?? Changeset(Data()) }
        guard Set(present.map(\.isPatchset)).count == 1 else {
            throw SQLiteError.misuse("changesets and patchsets cannot be concatenated together")
        }
        var group: OpaquePointer?
        let created = api.changegroupNew(&group)
        guard created == SQLITE_OK, let group else { throw Self.corrupt(created, "cannot concatenate the changesets") }
        defer { api.changegroupDelete(group) }
        for (index, changeset) in present.enumerated() {
            try changeset.checkSize()
            // Read whole first: sqlite3changegroup_add takes some bytes that its own iterator
            // refuses (a patchset update without its key), and would pass them on.
            do {
                try changeset.validate()
            } catch {
                throw Self.corrupt(error.code.rawValue, "cannot concatenate the changesets: changeset \(index) of \(present.count)")
            }
            let code = changeset.data.withUnsafeBytes { api.changegroupAdd(group, Int32($0.count), SessionExtension.input($0)) }
            guard code == SQLITE_OK else {
                throw Self.corrupt(code, "cannot concatenate the changesets: changeset \(index) of \(present.count)")
            }
        }
        var count: Int32 = 0
        var bytes: UnsafeMutableRawPointer?
        let code = api.changegroupOutput(group, &count, &bytes)
        let combined = SessionExtension.take(bytes, count: count)
        guard code == SQLITE_OK else { throw Self.corrupt(code, "cannot concatenate the changesets") }
        return Changeset(combined)
    }

    /// This changeset followed by another, as ``concatenating(_:)`` combines them.
    ///
    /// - Parameter other: The changes made after these.
    /// - Returns: The combination.
    /// - Throws: ``SQLiteError`` as ``concatenating(_:)`` does.
    public func concatenated(with other: Changeset) throws(SQLiteError) -> Changeset {
        try Self.concatenating([self, other])
    }

    /// The changes to some tables only, in the same order and encoding.
    ///
    /// - Parameter tables: The names of the tables to keep; other tables' changes are dropped.
    ///   Names compare as SQLite compares identifiers, ignoring ASCII case.
    /// - Returns: A changeset, or a patchset when this is one, with only those tables' changes.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for corrupt or truncated bytes, or when the
    ///   session extension is missing.
    public func filtered(tables: Set<String>) throws(SQLiteError) -> Changeset {
        try validate()
        let kept = Set(tables.map { $0.lowercased() })
        return try Changeset(ChangesetFormat.filter(data) { kept.contains($0.lowercased()) })
    }

    /// The names of the tables that have changes, in order of first appearance.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for corrupt or truncated bytes, or when the
    ///   session extension is missing.
    public func tables() throws(SQLiteError) -> [String] {
        var names: [String] = []
        try iterate { (change) throws(SQLiteError) in
            if names.last != change.table, !names.contains(change.table) { names.append(change.table) }
            return true
        }
        return names
    }

    func checkSize() throws(SQLiteError) {
        guard data.count <= Int(Int32.max) else { throw SQLiteError(code: SQLITE_TOOBIG, details: "the changeset is over 2 GiB") }
    }

    /// An error from the session extension about the bytes.
    static func corrupt(_ code: Int32, _ context: String) -> SQLiteError {
        let code = code == SQLITE_OK ? SQLITE_CORRUPT : code
        let reason =
            code & 0xff == SQLITE_CORRUPT
            ? "the bytes are not a well-formed changeset or patchset (corrupt or truncated)"
            : String(cString: sqlite3_errstr(code))
        return SQLiteError(code: code, details: "\(context): \(reason)")
    }
}
