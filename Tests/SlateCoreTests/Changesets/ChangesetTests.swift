import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("ChangesetTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetTests {
    /// A few inserts, updates and deletes on both keyed tables.
    private func makeChanges(_ db: Connection) throws {
        try db.execute(
            sql: """
                INSERT INTO items VALUES (1, 'pen', 1.5, 'P1', x'00ff'), (2, 'ink', NULL, 'I2', NULL), (3, 'cap', 3, NULL, NULL);
                INSERT INTO tags VALUES ('pen', 'blue', 'ok'), ('pen', 'red', NULL);
                UPDATE items SET price = 2.25, name = 'pen ' || char(0) || 'x' WHERE id = 1;
                DELETE FROM items WHERE id = 3;
                UPDATE tags SET note = 'bright' WHERE tag = 'red';
                INSERT INTO keyless VALUES (42);
                """)
    }

    @Test func recordedChangesetAppliedToACopyMakesItEqual() throws {
        let a = try makeChangesetDatabase()
        let b = try copyDatabase(a)
        let session = try Session(a)
        #expect(try session.isEmpty)
        try makeChanges(a)
        #expect(try !session.isEmpty)
        let changeset = try session.changeset()
        #expect(!changeset.isPatchset)
        try b.apply(changeset)
        #expect(try tableContents(b) == tableContents(a))
        // The keyless table is ignored.
        #expect(try b.scalar(Int64.self, "SELECT count(*) FROM keyless") == 0)
    }

    @Test func patchsetAppliedToACopyMakesItEqual() throws {
        let a = try makeChangesetDatabase()
        try a.execute(sql: "INSERT INTO items VALUES (7, 'old', 1, 'O7', NULL), (8, 'gone', 2, NULL, NULL)")
        let b = try copyDatabase(a)
        let session = try Session(a)
        try makeChanges(a)
        try a.execute(sql: "UPDATE items SET name = 'new' WHERE id = 7; DELETE FROM items WHERE id = 8")
        let patchset = try session.patchset()
        #expect(patchset.isPatchset)
        #expect(patchset.data.count < (try session.changeset().data.count))
        try b.apply(patchset)
        #expect(try tableContents(b) == tableContents(a))
    }

    @Test func changesListsOperationsWithoutApplying() throws {
        let a = try makeChangesetDatabase()
        try a.execute(sql: "INSERT INTO items VALUES (5, 'five', 5, NULL, NULL)")
        let session = try Session(a, tables: .named(["items"]))
        try a.execute(
            sql: """
                INSERT INTO items (id, name) VALUES (6, 'six');
                UPDATE items SET price = 6.5 WHERE id = 5;
                INSERT INTO tags VALUES ('x', 'y', NULL);
                DELETE FROM items WHERE id = 6 - 1;
                INSERT INTO items (id, name, data) VALUES (9, 'nine', x'0102');
                """)
        let changes = try session.changeset().changes()
        let key = [true, false, false, false, false]
        #expect(
            Set(changes) == [
                Changeset.Change(
                    table: "items", operation: .insert, primaryKeyColumns: key, oldValues: [],
                    newValues: [.int(6), .text("six"), .null, .null, .null]),
                Changeset.Change(
                    table: "items", operation: .delete, primaryKeyColumns: key,
                    oldValues: [.int(5), .text("five"), .real(5), .null, .null], newValues: []),
                Changeset.Change(
                    table: "items", operation: .insert, primaryKeyColumns: key, oldValues: [],
                    newValues: [.int(9), .text("nine"), .null, .null, .blob(Data([1, 2]))])
            ])
        #expect(changes.map(\.primaryKey).contains([.int(9)]))
        #expect(try session.changeset().tables() == ["items"])
    }

    @Test func updatesCarryOnlyChangedColumnsAndTheKey() throws {
        let a = try makeChangesetDatabase()
        try a.execute(sql: "INSERT INTO tags VALUES ('a', 'b', 'c')")
        let session = try Session(a)
        try a.execute(sql: "UPDATE tags SET note = 'd'")
        let change = try #require(try session.changeset().changes().first)
        #expect(change.operation == .update)
        #expect(change.primaryKeyColumns == [true, true, false])
        #expect(change.oldValues == [.text("a"), .text("b"), .text("c")])
        #expect(change.newValues == [nil, nil, .text("d")])
        let patch = try #require(try session.patchset().changes().first)
        // SQLite reads a patchset's update with the key among the old values.
        #expect(patch.oldValues == [.text("a"), .text("b"), nil])
        #expect(patch.newValues == [nil, nil, .text("d")])
        #expect(patch.primaryKey == [.text("a"), .text("b")])
    }

    @Test func invertedChangesetRestoresTheOriginal() throws {
        let a = try makeChangesetDatabase()
        try a.execute(sql: "INSERT INTO items VALUES (5, 'cap', 3, NULL, NULL), (4, 'lid', 4, 'L4', NULL)")
        let original = try tableContents(a)
        let b = try copyDatabase(a)
        let session = try Session(a)
        try makeChanges(a)
        try a.execute(sql: "UPDATE items SET code = 'L5' WHERE id = 4")
        let changeset = try session.changeset()
        try b.apply(changeset)
        #expect(try tableContents(b) == tableContents(a))
        let inverse = try changeset.inverted()
        #expect(try inverse.changes().count == changeset.changes().count)
        try b.apply(inverse)
        #expect(try tableContents(b) == original)
        session.delete()
        try a.apply(inverse)
        #expect(try tableContents(a) == original)
        #expect(try inverse.inverted() == changeset)
    }

    @Test func theInverseUndoesChangesInTheReverseOrder() throws {
        // Issue 30: two changesets in a row insert a row, then update it; undone in the same
        // order, the delete of the inserted row finds the updated one: a data conflict.
        let a = try makeChangesetDatabase()
        let both = try insertThenRename(a)
        let inverse = try both.inverted()
        #expect(try inverse.changes().map(\.operation) == [.update, .delete])
        try a.apply(inverse)
        #expect(try a.scalar(Int64.self, "SELECT count(*) FROM items") == 0)
    }

    @Test func patchsetsCannotBeInverted() throws {
        let a = try makeChangesetDatabase()
        let session = try Session(a)
        try a.execute(sql: "INSERT INTO items (id) VALUES (1)")
        let error = expectSQLiteError(SQLITE_MISUSE) { _ = try session.patchset().inverted() }
        #expect(error?.explanation.contains("patchset cannot be inverted") == true)
    }

    @Test func concatenationEqualsApplyingInSequence() throws {
        let a = try makeChangesetDatabase()
        let sequential = try copyDatabase(a)
        let combined = try copyDatabase(a)
        var parts: [Changeset] = []
        var patches: [Changeset] = []
        for script in [
            "INSERT INTO items VALUES (1, 'a', 1, NULL, NULL), (2, 'b', 2, NULL, NULL)",
            "UPDATE items SET name = 'A' WHERE id = 1; INSERT INTO tags VALUES ('a', 't', NULL)",
            "DELETE FROM items WHERE id = 2; UPDATE tags SET note = 'n'; INSERT INTO items (id) VALUES (3)",
            "DELETE FROM items WHERE id = 3; UPDATE items SET price = 9 WHERE id = 1"
        ] {
            let session = try Session(a)
            try a.execute(sql: script)
            parts.append(try session.changeset())
            patches.append(try session.patchset())
        }
        for part in parts { try sequential.apply(part) }
        let all = try Changeset.concatenating(parts)
        try combined.apply(all)
        #expect(try tableContents(sequential) == tableContents(a))
        #expect(try tableContents(combined) == tableContents(a))
        // Row 3 came and went: the concatenation does not mention it.
        #expect(try !all.changes().contains { $0.primaryKey == [.int(3)] })
        #expect(try parts[0].concatenated(with: parts[1]).changes().count == 3)

        let patched = try makeChangesetDatabase()
        try patched.apply(Changeset.concatenating(patches))
        #expect(try tableContents(patched) == tableContents(a))
        expectSQLiteError(SQLITE_MISUSE) { _ = try Changeset.concatenating([parts[0], patches[1]]) }
        #expect(try Changeset.concatenating([]).isEmpty)
    }

    @Test func filteringKeepsTheNamedTablesOnly() throws {
        let a = try makeChangesetDatabase()
        let b = try copyDatabase(a)
        let session = try Session(a)
        try makeChanges(a)
        for changeset in [try session.changeset(), try session.patchset()] {
            let items = try changeset.filtered(tables: ["ITEMS"])
            #expect(items.isPatchset == changeset.isPatchset)
            #expect(try items.tables() == ["items"])
            #expect(try items.changes() == changeset.changes().filter { $0.table == "items" })
            #expect(try changeset.filtered(tables: []).isEmpty)
            #expect(try changeset.filtered(tables: ["items", "tags"]) == changeset)
        }
        // Applying with a table filter.
        try b.apply(session.changeset(), tables: ["tags"])
        #expect(try b.scalar(Int64.self, "SELECT count(*) FROM items") == 0)
        #expect(try b.scalar(Int64.self, "SELECT count(*) FROM tags") == 2)
    }

    @Test func namedTablesAttachAndEnableAndIndirect() throws {
        let a = try makeChangesetDatabase()
        let session = try Session(a, tables: .named(["tags"]))
        try a.execute(sql: "INSERT INTO items (id) VALUES (1); INSERT INTO tags VALUES ('a', 'b', NULL)")
        try session.attach("items")
        try session.setEnabled(false)
        #expect(try !session.isEnabled)
        try a.execute(sql: "INSERT INTO items (id) VALUES (2)")
        try session.setEnabled(true)
        try session.setIndirect(true)
        #expect(try session.isIndirect)
        try a.execute(sql: "INSERT INTO items (id) VALUES (3)")
        let changes = try session.changeset().changes()
        #expect(changes.map(\.table) == ["tags", "items"])
        #expect(changes.map(\.isIndirect) == [false, true])
        #expect(changes.last?.primaryKey == [.int(3)])
    }

    @Test func misuseGivesClearErrors() throws {
        let a = try makeChangesetDatabase()
        let session = try Session(a)
        session.delete()
        session.delete()
        let deleted = expectSQLiteError(SQLITE_MISUSE) { _ = try session.changeset() }
        #expect(deleted?.explanation.contains("session was deleted") == true)

        let other = try Session(a)
        let kept = try Session(a)
        try a.execute(sql: "INSERT INTO items (id) VALUES (1)")
        a.close()
        let closed = expectSQLiteError(SQLITE_MISUSE) { _ = try other.isEmpty }
        #expect(closed?.explanation.contains("connection was closed") == true)
        expectSQLiteError(SQLITE_MISUSE) { try kept.setEnabled(true) }
        expectSQLiteError(SQLITE_MISUSE) { _ = try Session(a) }
        expectSQLiteError(SQLITE_MISUSE) { try a.apply(Changeset(Data([0x54]))) }
        expectSQLiteError(SQLITE_MISUSE) { try session.attach("bad\u{0}name") }
    }

    @Test func corruptAndTruncatedBytesThrowAndChangeNothing() throws {
        let a = try makeChangesetDatabase()
        let session = try Session(a)
        try makeChanges(a)
        let good = try session.changeset().data
        let patch = try session.patchset().data
        let target = try makeChangesetDatabase()
        try target.execute(sql: "INSERT INTO items (id, name) VALUES (100, 'untouched')")
        let before = try tableContents(target)
        var random = SystemRandomNumberGenerator()
        var samples: [Data] = []
        for bytes in [good, patch] {
            for length in 0..<bytes.count { samples.append(bytes.prefix(length)) }
            for _ in 0..<200 {
                var flipped = bytes
                let index = Int.random(in: 0..<flipped.count, using: &random)
                flipped[index] = UInt8.random(in: 0...255, using: &random)
                samples.append(flipped)
            }
        }
        samples.append(Data([0x54, 0xff, 0xff, 0xff, 0xff, 0x7f]))
        samples.append(Data(repeating: 0x50, count: 64))
        var corrupt = 0
        for sample in samples {
            let changeset = Changeset(sample)
            // Reading either succeeds or throws an SQLiteError: never crashes.
            let readable = (try? changeset.changes()) != nil
            if !readable { corrupt += 1 }
            _ = try? changeset.filtered(tables: ["items"])
            _ = try? changeset.inverted()
            _ = try? Changeset.concatenating([changeset, Changeset(good)])
            // Applying malformed bytes changes nothing.
            let applied = sqliteError {
                try target.apply(changeset) { _ in .omit }
            }
            if !readable {
                #expect(applied != nil)
                #expect(try tableContents(target) == before)
            } else {
                try target.execute(
                    sql: "DELETE FROM items; DELETE FROM tags; INSERT INTO items (id, name) VALUES (100, 'untouched')")
            }
        }
        #expect(corrupt > good.count / 2)
        let error = expectSQLiteError(SQLITE_CORRUPT) { _ = try Changeset(good.prefix(good.count - 3)).changes() }
        #expect(error?.explanation.contains("corrupt or truncated") == true)
    }

    @Test func bytesThatDoNotReadAreNotConcatenated() throws {
        // Found by the Changesets fuzz target: a patchset UPDATE whose key column is left out
        // passes the format check, SQLite's iterator refuses it, and sqlite3changegroup_add took it.
        let bytes = Data(base64Encoded: "UAIBH3cAFwEAABIAAQAAAAAEAAAEAgAAAAAEA39z") ?? Data()
        let changeset = Changeset(bytes)
        expectSQLiteError(SQLITE_CORRUPT) { try changeset.validate() }
        let error = expectSQLiteError(SQLITE_CORRUPT) { _ = try Changeset.concatenating([changeset, changeset]) }
        #expect(error?.explanation.contains("corrupt or truncated") == true)
        expectSQLiteError(SQLITE_CORRUPT) { _ = try changeset.concatenated(with: Changeset(Data())).concatenated(with: changeset) }
    }

    @Test func anUpdateThatChangesItsKeyIsCorrupt() throws {
        // Issue 30: a corrupted changeset whose update gives its key a new value (a key change is
        // a delete and an insert: an update leaves the key's new values out) reads, and
        // sqlite3changeset_apply then fails with a bare SQLITE_ERROR ("SQL logic error", no
        // message). Minimized from a fuzzed apply: t(id INTEGER PRIMARY KEY, v, w, b), an update
        // of row 16 whose new record holds id = 40.0.
        let bytes = Data(base64Encoded: "VAQBAAAAdAAXAAEAAAAAAAAAEAJAOAAAAAAAAAAAAgJARAAAAAAAAAAA") ?? Data()
        let changeset = Changeset(bytes)
        expectSQLiteError(SQLITE_CORRUPT) { try changeset.validate() }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v, w, b); INSERT INTO t VALUES (16, 24.0, 'x', x'00')")
        let error = expectSQLiteError(SQLITE_CORRUPT) { try db.apply(changeset) }
        #expect(error?.explanation.contains("corrupt or truncated") == true)
        #expect(try db.scalar(Double.self, "SELECT v FROM t WHERE id = 16") == 24.0)
    }

    @Test func aNullOrMissingKeyValueIsCorruptBeforeSQLiteReadsIt() throws {
        // Found by the Changesets fuzz target: an insert whose key columns hold NULL reads
        // (sqlite3changeset_next returns it), but SQLite 3.40's sqlite3changegroup_add then reads
        // past the end of the bytes (a segmentation fault when they end at a page boundary).
        let bytes = Data(base64Encoded: "VAIBAGYAFwABAAAAAAAAAxIAAQAAAAAAAAADAQAAAAAAAAAKEgABAAAAAAAAAAQBAAAAAAAAAAFUBQEAAP/4dAASAAEAAAAAAAAACgMGcGFyZW50BQUF") ?? Data()
        let changeset = Changeset(bytes)
        expectSQLiteError(SQLITE_CORRUPT) { try changeset.validate() }
        expectSQLiteError(SQLITE_CORRUPT) { _ = try Changeset.concatenating([changeset, changeset]) }
        let target = try makeChangesetDatabase()
        expectSQLiteError(SQLITE_CORRUPT) { try target.apply(changeset) }
        // A NaN key is refused too: SQLite never stores a NaN, and inverting turned it into a
        // NULL key (found by the fuzz target).
        let nan = Data(base64Encoded: "VAMC/v+KABcAAwFhAQAAAAAFAAAAAv////////8DAWMBAAAAAAAAAAMDAnYz") ?? Data()
        expectSQLiteError(SQLITE_CORRUPT) { try Changeset(nan).validate() }
        expectSQLiteError(SQLITE_CORRUPT) { _ = try Changeset(nan).inverted() }

        // Recorded changesets never have one: a row whose key is NULL is not recorded.
        let a = try makeChangesetDatabase()
        let session = try Session(a)
        try a.execute(sql: "INSERT INTO tags VALUES (NULL, 'x', 'ignored'), ('pen', 'x', 'kept')")
        #expect(try session.changeset().changes().map(\.primaryKey) == [[.text("pen"), .text("x")]])
    }

    @Test func aTableThatComesBackWithOtherColumnsIsCorrupt() throws {
        // Found by the Changesets fuzz target: a patchset whose table `t` comes back with its key
        // on another column; SQLite 3.40's sqlite3changeset_apply checks the columns only when
        // the table changes, and dereferenced a NULL value (a segmentation fault).
        let bytes = Data(base64Encoded: "UAIBAGYACQABAAAAAAAAXQJQBQEAAAAAdAAJAAEAAQAAAAAAAlAFAAEAAAB0ABcAAQAAAAACAAABAwNPTkUAAAI/8AAAAAAAAA==") ?? Data()
        let target = try Connection()
        try target.execute(sql: "CREATE TABLE f (id INTEGER PRIMARY KEY, t_id); CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c, d)")
        try target.execute(sql: "INSERT INTO t VALUES (2, 'two', NULL, NULL, 2)")
        expectSQLiteError(SQLITE_CORRUPT) { try Changeset(bytes).validate() }
        expectSQLiteError(SQLITE_CORRUPT) { try target.apply(Changeset(bytes)) { _ in .omit } }
        #expect(try target.scalar(String.self, "SELECT a FROM t WHERE id = 2") == "two")

        // The same table twice with the same columns is well formed: a diff writes its deletes,
        // then its other changes.
        let a = try makeChangesetDatabase()
        let both = try insertThenRename(a)
        #expect(try both.changes().map(\.operation) == [.insert, .update])
        let copy = try makeChangesetDatabase()
        try copy.apply(both)
        #expect(try tableContents(copy) == tableContents(a))
    }

    @Test func applyingJoinsAnOpenTransaction() throws {
        let a = try makeChangesetDatabase()
        let b = try copyDatabase(a)
        let session = try Session(a)
        try a.execute(sql: "INSERT INTO items (id) VALUES (1)")
        try b.beginTransaction()
        try b.apply(session.changeset())
        try b.rollbackTransaction()
        #expect(try b.scalar(Int64.self, "SELECT count(*) FROM items") == 0)
    }
}

@Suite("ChangesetAvailabilityTests")
struct ChangesetAvailabilityTests {
    @Test func availabilityMatchesTheCompileOption() throws {
        #expect(SQLite.hasSessionExtension == SQLite.hasCompileOption("ENABLE_SESSION"))
        if !SQLite.isSQLCipher {
            // Debian's SQLite 3.40 has the extension; so do Homebrew's and Apple's.
            #expect(SQLite.hasSessionExtension)
        }
    }

    @Test func everyEntryPointNamesTheMissingExtension() throws {
        guard !SQLite.hasSessionExtension else { return }
        let db = try Connection()
        let calls: [() throws -> Void] = [
            { _ = try Session(db) },
            { _ = try Changeset(Data([0x54])).changes() },
            { _ = try Changeset(Data([0x54])).inverted() },
            { _ = try Changeset.concatenating([Changeset(Data([0x54])), Changeset(Data([0x54]))]) },
            { _ = try Changeset(Data([0x54])).filtered(tables: ["t"]) },
            { try db.apply(Changeset(Data([0x54]))) },
            { try db.apply(Changeset(Data([0x54]))) { _ in .omit } },
            { try Changeset(Data([0x54])).forEachChange { _ in } },
            { _ = try db.diff(from: "main", to: "main") }
        ]
        for call in calls {
            let error = expectSQLiteError(SQLITE_ERROR, call)
            #expect(error?.explanation.contains("SQLITE_ENABLE_SESSION") == true, "\(String(describing: error))")
        }
    }
}

/// Two changesets recorded in a row on `db`, joined into one: the first inserts item 1, the
/// second renames it.
private func insertThenRename(_ db: Connection) throws -> Changeset {
    let first = try Session(db)
    try db.execute(sql: "INSERT INTO items (id, name) VALUES (1, 'one')")
    let inserted = try first.changeset()
    first.delete()
    let second = try Session(db)
    defer { second.delete() }
    try db.execute(sql: "UPDATE items SET name = 'uno' WHERE id = 1")
    return Changeset(inserted.data + (try second.changeset().data))
}
