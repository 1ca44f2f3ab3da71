import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// What `Connection.apply` does with a table whose columns are not the changeset's, and a
/// session on a database that is not attached (issue 30).
@Suite("ChangesetSchemaTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetSchemaTests {
    /// The changeset that inserts `(1, 'v', 'w')` into `n (id, v, w)`, and that table's columns.
    private func insertion() throws -> (Changeset, [String: [String]]) {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE n (id INTEGER PRIMARY KEY, v, w)")
        let session = try Session(db)
        try db.execute(sql: "INSERT INTO n VALUES (1, 'v', 'w')")
        return (try session.changeset(), ["n": ["id", "v", "w"]])
    }

    /// A database with one table `n` created by `sql`.
    private func target(_ sql: String) throws -> Connection {
        let db = try Connection()
        try db.execute(sql: sql)
        return db
    }

    @Test func aTableWithColumnsInAnotherOrderIsRefusedWhenTheNamesAreGiven() throws {
        // Issue 30: a changeset carries values by position; applied to n (id, w, v) they landed
        // swapped, with no error.
        let (changeset, columns) = try insertion()
        let swapped = try target("CREATE TABLE n (id INTEGER PRIMARY KEY, w, v)")
        let error = expectSQLiteError(SQLITE_SCHEMA) { try swapped.apply(changeset, columns: columns) }
        #expect(
            error?.explanation
                == "cannot apply the changeset, and nothing changed: the table n has the columns (id, w, v), "
                + "the changeset's are (id, v, w): its values would land in other columns")
        expectSQLiteError(SQLITE_SCHEMA) { try swapped.apply(changeset, columns: columns) { _ in .omit } }
        #expect(try swapped.scalar(Int.self, "SELECT count(*) FROM n") == 0)
        // The same names, spelled in another case, are the same columns.
        let same = try target("CREATE TABLE N (ID INTEGER PRIMARY KEY, V, W)")
        try same.apply(changeset, columns: ["N": ["Id", "v", "w"]])
        #expect(try same.scalar(String.self, "SELECT w FROM n") == "w")
    }

    @Test func columnNamesThatDoNotCoverTheChangesetAreAMisuse() throws {
        let (changeset, _) = try insertion()
        let db = try target("CREATE TABLE n (id INTEGER PRIMARY KEY, v, w)")
        let missing = expectSQLiteError(SQLITE_MISUSE) { try db.apply(changeset, columns: ["other": ["id"]]) }
        #expect(missing?.explanation.contains("do not include the table n") == true)
        let short = expectSQLiteError(SQLITE_MISUSE) { try db.apply(changeset, columns: ["n": ["id", "v"]]) }
        #expect(short?.explanation.contains("2 column names given for the table n") == true)
        // Tables left out by `tables:` need no names.
        try db.apply(changeset, tables: ["elsewhere"], columns: [:])
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM n") == 0)
    }

    @Test func aTableWithAnExtraColumnOrAnotherKeyOrMissingIsRefused() throws {
        // Issue 30: the docs said such tables were skipped; SQLite applied the changes to a table
        // with an extra column, and skipped the others without a word.
        let (changeset, _) = try insertion()
        let cases = [
            (
                "CREATE TABLE n (id INTEGER PRIMARY KEY, v, w, extra)",
                "the table n has 4 columns with the primary key at 1, the changeset's 3 with it at 1"
            ),
            ("CREATE TABLE n (id INTEGER PRIMARY KEY, v)", "the table n has 2 columns with the primary key at 1, the changeset's 3 with it at 1"),
            ("CREATE TABLE n (id, v PRIMARY KEY, w)", "the table n has 3 columns with the primary key at 2, the changeset's 3 with it at 1"),
            ("CREATE TABLE other (id INTEGER PRIMARY KEY)", "no such table: n")
        ]
        for (schema, reason) in cases {
            let db = try target(schema)
            let error = expectSQLiteError(SQLITE_SCHEMA) { try db.apply(changeset) }
            #expect(error?.explanation == "cannot apply the changeset, and nothing changed: \(reason)", "\(schema)")
            if schema.contains("TABLE n") { #expect(try db.scalar(Int.self, "SELECT count(*) FROM n") == 0) }
        }
        // A composite key in another key order is another key.
        let source = try target("CREATE TABLE k (a, b, v, PRIMARY KEY (a, b))")
        let session = try Session(source)
        try source.execute(sql: "INSERT INTO k VALUES (1, 2, 3)")
        let composite = try session.changeset()
        let reordered = try target("CREATE TABLE k (a, b, v, PRIMARY KEY (b, a))")
        let error = expectSQLiteError(SQLITE_SCHEMA) { try reordered.apply(composite) }
        #expect(error?.explanation.contains("the primary key at 2, 1, the changeset's 3 with it at 1, 2") == true)
    }

    @Test func aSessionOnADatabaseThatIsNotAttachedIsAnError() throws {
        // Issue 30: SQLite accepts the name and records nothing.
        let db = try Connection()
        let error = expectSQLiteError(SQLITE_ERROR) { _ = try Session(db, databaseName: "nope") }
        #expect(error?.explanation == "cannot start a session on nope: no such database (attach it first)")
        try db.attach(.inMemory, as: "aux")
        try db.execute(sql: "CREATE TABLE aux.t (id INTEGER PRIMARY KEY)")
        let session = try Session(db, databaseName: "AUX")
        try db.execute(sql: "INSERT INTO aux.t VALUES (1)")
        #expect(try session.changeset().changes().count == 1)
        // temp exists before its first table.
        _ = try Session(db, databaseName: "temp")
    }
}
