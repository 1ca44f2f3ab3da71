import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// `Connection.diff(from:to:tables:)`: the changeset that turns one database into another.
@Suite("ChangesetDiffTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetDiffTests {
    /// A connection with two empty in-memory databases attached as `a` and `b`, each with `schema`.
    private func pair(_ schema: String) throws -> Connection {
        let db = try Connection()
        for name in ["a", "b"] {
            try db.attach(.inMemory, as: name)
            let qualified = schema.replacingOccurrences(of: "CREATE TABLE ", with: "CREATE TABLE \(name).")
                .replacingOccurrences(of: "CREATE VIRTUAL TABLE ", with: "CREATE VIRTUAL TABLE \(name).")
            try db.execute(sql: qualified)
        }
        return db
    }

    /// Every row of a table, in primary key order, with each value's storage class.
    private func rows(_ db: Connection, _ table: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: "SELECT * FROM \(table) ORDER BY 1, 2").rows().map(\.values)
    }

    /// Inserts rows into a table, values as they are.
    private func copy(_ rows: [[SQLiteValue]], into table: String, of db: Connection) throws {
        for row in rows {
            try db.run("INSERT INTO \(table) VALUES (\(row.map { _ in "?" }.joined(separator: ", ")))", row.map { $0 as (any SQLiteBindable)? })
        }
    }

    @Test func theDiffAppliedToTheSourceMakesItEqualToTheTarget() throws {
        let db = try pair(changesetSchema)
        try db.execute(
            sql: """
                INSERT INTO a.items VALUES (1, 'pen', 1.5, 'P1', x'00ff'), (2, 'ink', NULL, 'I2', NULL), (3, 'cap', 3, NULL, NULL);
                INSERT INTO b.items VALUES (1, 'pen', 2.25, 'P1', x'00ff'), (3, 'cap', 3, NULL, NULL), (4, 'nib', 0.1, 'N4', x'');
                INSERT INTO a.tags VALUES ('pen', 'blue', 'ok'), ('pen', 'red', NULL);
                INSERT INTO b.tags VALUES ('pen', 'red', 'bright'), ('ink', 'black', NULL);
                """)
        let diff = try db.diff(from: "a", to: "b")
        #expect(diff.tables == ["items", "tags"])
        #expect(diff.columns["items"] == ["id", "name", "price", "code", "data"])
        #expect(diff.omissions == [.tableWithoutPrimaryKey("keyless")])
        #expect(!diff.changeset.isPatchset)
        let summary = Set(try diff.changeset.changes().map { "\($0.operation) \($0.table) \($0.primaryKey.compactMap { $0 })" })
        #expect(summary == ["update items [1]", "delete items [2]", "insert items [4]", "delete tags ['pen', 'blue']", "update tags ['pen', 'red']", "insert tags ['ink', 'black']"])

        // Applied to a copy of a, it gives b; its inverse, applied to a copy of b, gives a.
        let copyOfA = try Connection()
        try copyOfA.execute(sql: changesetSchema)
        for table in ["items", "tags"] { try copy(rows(db, "a.\(table)"), into: table, of: copyOfA) }
        try copyOfA.apply(diff.changeset)
        for table in ["items", "tags"] { #expect(try rows(copyOfA, table) == rows(db, "b.\(table)")) }
        try copyOfA.apply(diff.changeset.inverted())
        for table in ["items", "tags"] { #expect(try rows(copyOfA, table) == rows(db, "a.\(table)")) }
        // Nothing was written to either database, and the scratch tables are gone.
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM temp.sqlite_master") == 0)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM a.items") == 3)
    }

    @Test func valuesCompareExactlyStorageClassBytesAndCase() throws {
        // An untyped column keeps 1 and 1.0 apart; NOCASE calls 'a' and 'A' equal; IS NOT, which
        // SQLite's own sqlite3session_diff uses, misses all three of these changes.
        let db = try pair("CREATE TABLE t (id TEXT COLLATE NOCASE PRIMARY KEY, v, name TEXT COLLATE NOCASE)")
        try db.execute(
            sql: """
                INSERT INTO a.t VALUES ('k1', 1, 'x'), ('k2', 'text', 'same'), ('k3', 0.1 + 0.2, 'y'), ('k4', x'6869', 'z'), ('Key', 1, 'p');
                INSERT INTO b.t VALUES ('k1', 1.0, 'x'), ('k2', 'text', 'SAME'), ('k3', 0.3, 'y'), ('k4', 'hi', 'z'), ('key', 1, 'p');
                """)
        let diff = try db.diff(from: "a", to: "b")
        let changes = try diff.changeset.changes()
        let updated = Set(changes.filter { $0.operation == .update }.compactMap { $0.primaryKey.first ?? nil })
        #expect(updated == [.text("k1"), .text("k2"), .text("k3"), .text("k4")])
        // A key that differs only in case is another row: deleted and inserted.
        #expect(changes.contains { $0.operation == .delete && $0.primaryKey == [.text("Key")] })
        #expect(changes.contains { $0.operation == .insert && $0.primaryKey == [.text("key")] })
        let k1 = try #require(changes.first { $0.primaryKey == [.text("k1")] })
        #expect(k1.oldValues[1] == .int(1) && k1.newValues[1] == .real(1))

        let target = try Connection()
        try target.execute(sql: "CREATE TABLE t (id TEXT COLLATE NOCASE PRIMARY KEY, v, name TEXT COLLATE NOCASE)")
        try copy(rows(db, "a.t"), into: "t", of: target)
        try target.apply(diff.changeset)
        #expect(try rows(target, "t") == rows(db, "b.t"))
    }

    @Test func aZeroAndANegativeZeroDiffer() throws {
        // Issue 30: 0.0 and -0.0 compare equal in SQL, so the diff left the sign of a zero behind
        // (an untyped column keeps it; a REAL column stores an integral value as an integer).
        let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, v, w); CREATE TABLE k (z PRIMARY KEY, v) WITHOUT ROWID"
        // Row 2 changes both a zero's sign and its text: the sign's update carries only the sign,
        // after the session's update of the text (it carried the text's old value too, which
        // then conflicted).
        try zerosRoundTrip(schema)
    }

    private func zerosRoundTrip(_ schema: String) throws {
        let db = try pair(schema)
        let contents: [(String, [[SQLiteValue]])] = [
            ("a.t", [[.int(1), .real(0), .text("x")], [.int(2), .real(-0.0), .text("y")], [.int(3), .real(0), .text("same")]]),
            ("b.t", [[.int(1), .real(-0.0), .text("x")], [.int(2), .real(0), .text("Y")], [.int(3), .real(0), .text("same")]]),
            ("a.k", [[.real(0), .real(-0.0)]]),
            ("b.k", [[.real(-0.0), .real(-0.0)]])
        ]
        for (table, values) in contents { try copy(values, into: table, of: db) }
        let diff = try db.diff(from: "a", to: "b")
        let target = try Connection()
        try target.execute(sql: schema)
        for table in ["t", "k"] { try copy(rows(db, "a.\(table)"), into: table, of: target) }
        try expectRoundTrip(diff.changeset, on: target, of: db, tables: ["t", "k"])
        // Nothing else differs: row 3 is not in the changeset.
        #expect(try !diff.changeset.changes().contains { $0.primaryKey == [.int(3)] })
    }

    @Test func theInverseOfADiffApplies() throws {
        // Issue 30: sqlite3changeset_invert keeps the order of the changes, so the inverse of a
        // diff inserted the old row before deleting the new one, and a key that changed only in
        // case or storage class aborted on a conflict.
        let schema = "CREATE TABLE t (id TEXT COLLATE NOCASE PRIMARY KEY, v); CREATE TABLE n (k PRIMARY KEY, v) WITHOUT ROWID"
        let db = try pair(schema)
        try db.execute(
            sql: """
                INSERT INTO a.t VALUES ('Key', 1), ('same', 2); INSERT INTO b.t VALUES ('key', 1), ('same', 3);
                INSERT INTO a.n VALUES (0, 'zero'), (1.0, 'one'); INSERT INTO b.n VALUES (0.0, 'zero'), (1, 'one');
                """)
        let diff = try db.diff(from: "a", to: "b")
        let target = try Connection()
        try target.execute(sql: schema)
        for table in ["t", "n"] { try copy(rows(db, "b.\(table)"), into: table, of: target) }
        try target.apply(diff.changeset.inverted())
        for table in ["t", "n"] {
            #expect(try exactRows(target, "SELECT * FROM \(table) ORDER BY 2") == exactRows(db, "SELECT * FROM a.\(table) ORDER BY 2"))
        }
        // The inverse of the inverse is the diff again.
        #expect(try diff.changeset.inverted().inverted() == diff.changeset)
    }

    @Test func identicalDatabasesGiveAnEmptyChangeset() throws {
        let db = try pair(changesetSchema)
        try db.execute(sql: "INSERT INTO a.items (id, name) VALUES (1, 'x'); INSERT INTO b.items (id, name) VALUES (1, 'x')")
        let diff = try db.diff(from: "a", to: "b", tables: ["items"])
        #expect(diff.changeset.isEmpty)
        #expect(diff.tables == ["items"] && diff.omissions.isEmpty)
    }

    @Test func omissionsAreReportedNeverTreatedAsEqual() throws {
        let db = try pair(
            """
            CREATE TABLE keyed (a TEXT, b TEXT, c, PRIMARY KEY (a, b));
            CREATE TABLE plain (x);
            CREATE VIRTUAL TABLE docs USING fts5(body);
            """)
        try db.execute(
            sql: """
                INSERT INTO a.keyed VALUES ('k', NULL, 1), ('k', 'k', 1);
                INSERT INTO b.keyed VALUES ('k', NULL, 2), (NULL, NULL, 3), ('k', 'k', 2);
                INSERT INTO a.plain VALUES (1); INSERT INTO b.plain VALUES (2);
                INSERT INTO b.docs VALUES ('hello');
                """)
        let diff = try db.diff(from: "a", to: "b", tables: ["keyed", "plain", "docs"])
        #expect(
            diff.omissions == [
                .rowsWithNullPrimaryKey(table: "keyed", count: 3), .tableWithoutPrimaryKey("plain"), .virtualTable("docs")
            ])
        #expect(diff.tables == ["keyed"])
        #expect(try diff.changeset.changes().map(\.operation) == [.update])
        #expect(diff.omissions.map(\.description)[1].contains("no primary key"))
        // Every table: the FTS5 shadow tables (which have primary keys) carry the documents.
        let all = try db.diff(from: "a", to: "b")
        #expect(all.tables.contains("docs_content") && all.omissions.contains(.virtualTable("docs")))
    }

    @Test func differentTablesOrColumnsAreClearErrors() throws {
        let db = try pair("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        try db.execute(sql: "CREATE TABLE a.only_a (id INTEGER PRIMARY KEY); CREATE TABLE b.only_b (id INTEGER PRIMARY KEY)")
        let tables = expectSQLiteError(SQLITE_SCHEMA) { _ = try db.diff(from: "a", to: "b") }
        #expect(tables?.explanation.contains("only in a: only_a; only in b: only_b") == true)
        let missing = expectSQLiteError(SQLITE_ERROR) { _ = try db.diff(from: "a", to: "b", tables: ["t", "only_a"]) }
        #expect(missing?.explanation == "no such table in b: only_a")
        #expect(try db.diff(from: "a", to: "b", tables: ["T"]).tables == ["t"])

        try db.execute(sql: "ALTER TABLE b.t ADD COLUMN extra")
        let columns = expectSQLiteError(SQLITE_SCHEMA) { _ = try db.diff(from: "a", to: "b", tables: ["t"]) }
        #expect(columns?.explanation.contains(#"the table t has other columns in a ("id" INTEGER (primary key 1), "v" TEXT) than in b"#) == true)
        try db.execute(sql: "CREATE TABLE a.typed (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE b.typed (id INTEGER PRIMARY KEY, v INTEGER)")
        expectSQLiteError(SQLITE_SCHEMA) { _ = try db.diff(from: "a", to: "b", tables: ["typed"]) }

        expectSQLiteError(SQLITE_ERROR) { _ = try db.diff(from: "a", to: "nowhere") }
        expectSQLiteError(SQLITE_MISUSE) { _ = try db.diff(from: "temp", to: "b") }
        try db.execute(sql: "CREATE TABLE a.u (id INTEGER PRIMARY KEY); CREATE TABLE b.u (id INTEGER PRIMARY KEY); CREATE TEMP TABLE u (x)")
        let taken = expectSQLiteError(SQLITE_ERROR) { _ = try db.diff(from: "a", to: "b", tables: ["u"]) }
        #expect(taken?.explanation.contains("temp schema") == true)
        // A failed diff leaves no savepoint open.
        #expect(db.isAutocommit)
    }

    @Test func readOnlyFilesAreDiffedWithoutBeingWritten() throws {
        let folder = try TemporaryDirectory()
        for (name, rows) in [("a.db", "(1, 'one'), (2, 'two')"), ("b.db", "(2, 'deux'), (3, 'trois')")] {
            let file = try Connection(folder.path(name))
            try file.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES \(rows)")
            file.close()
        }
        let before = try Data(contentsOf: folder.fileURL("a.db"))
        let db = try Connection()
        try db.attach(.uri(folder.path("a.db"), parameters: [.mode(.readOnly)]), as: "a")
        try db.attach(.uri(folder.path("b.db"), parameters: [.mode(.readOnly)]), as: "b")
        let diff = try db.diff(from: "a", to: "b")
        #expect(try diff.changeset.changes().count == 3)
        #expect(try Data(contentsOf: folder.fileURL("a.db")) == before)

        // A read-only main database works too: the scratch tables live in temp.
        let readonly = try Connection(folder.path("a.db"), options: .readonly)
        try readonly.attach(.uri(folder.path("b.db"), parameters: [.mode(.readOnly)]), as: "b")
        #expect(try readonly.diff(from: "main", to: "b").changeset == diff.changeset)
    }

    @Test func streamingReadsTheSameChangesAndStopsOnTheBodysError() throws {
        let db = try pair(changesetSchema)
        try db.execute(sql: "INSERT INTO b.items (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        let changeset = try db.diff(from: "a", to: "b").changeset
        var streamed: [Changeset.Change] = []
        try changeset.forEachChange { streamed.append($0) }
        #expect(try streamed == changeset.changes())
        var seen = 0
        #expect(throws: HandlerFailure.self) {
            try changeset.forEachChange { _ in
                seen += 1
                throw HandlerFailure()
            }
        }
        #expect(seen == 1)
        #expect(throws: SQLiteError.self) { try Changeset(changeset.data.prefix(10)).forEachChange { _ in } }
        #expect(try changeset.tables() == ["items"])
    }
}
